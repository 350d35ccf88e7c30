// The one layout of every email the service sends, rendered with React Email
// (@react-email/render): a centred column in the client's language, paragraphs, an
// optional button in the agency's colour and a small-print footer. Text goes in as JSX
// children and attributes, so it is escaped by construction; nothing is concatenated into
// HTML by hand. No hooks: the components render wherever the render runs.
import type { ReactNode } from "react";
import { render } from "@react-email/render";

const DEFAULT_ACCENT = "#4f46e5";
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The accent colour when it is a `#rrggbb` value, else the default (so no style injection). */
export function accentColor(value: string | null | undefined): string {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value : DEFAULT_ACCENT;
}

export function EmailLayout(props: { lang: string; preview?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <html lang={props.lang} dir="ltr">
      {/* An email, not a Next.js page: next/head does not apply. */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        <meta content="text/html; charset=UTF-8" httpEquiv="Content-Type" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: "#ffffff" }}>
        {props.preview ? (
          <div
            style={{ display: "none", overflow: "hidden", lineHeight: "1px", opacity: 0, maxHeight: 0, maxWidth: 0 }}
          >
            {props.preview}
          </div>
        ) : null}
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    maxWidth: "560px",
                    fontFamily: FONT,
                    color: "#111111",
                    fontSize: "15px",
                    lineHeight: "1.5",
                    // a long link (the fallback under the button) wraps instead of widening a phone's screen
                    overflowWrap: "anywhere",
                    wordBreak: "break-word",
                  }}
                >
                  <tbody>
                    <tr>
                      <td>
                        {props.children}
                        {props.footer ? (
                          <p style={{ fontSize: "12px", color: "#777777", margin: "24px 0 0" }}>{props.footer}</p>
                        ) : null}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Paragraph(props: { children: ReactNode; small?: boolean }) {
  return (
    <p style={props.small ? { fontSize: "13px", color: "#555555", margin: "0 0 16px" } : { margin: "0 0 16px" }}>
      {props.children}
    </p>
  );
}

/** The agency's logo at the top of an email: at most 48 px high, its name as the text. */
export function Logo(props: { url: string; alt: string }) {
  return (
    <p style={{ margin: "0 0 20px" }}>
      {/* An email, not a Next.js page: next/image does not apply. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={props.url}
        alt={props.alt}
        height={48}
        style={{ display: "block", height: "48px", width: "auto", maxWidth: "240px", border: 0 }}
      />
    </p>
  );
}

export function Button(props: { href: string; color?: string; children: ReactNode }) {
  const background = accentColor(props.color);
  return (
    <p style={{ margin: "0 0 16px" }}>
      <a
        href={props.href}
        style={{
          display: "inline-block",
          background,
          color: "#ffffff",
          padding: "12px 20px",
          borderRadius: "8px",
          textDecoration: "none",
        }}
      >
        {props.children}
      </a>
    </p>
  );
}

export function Link(props: { href: string; children: ReactNode }) {
  return (
    <a href={props.href} style={{ color: "#4338ca" }}>
      {props.children}
    </a>
  );
}

export function List(props: { items: string[] }) {
  return (
    <ul style={{ margin: "0 0 16px", paddingLeft: "20px" }}>
      {props.items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** The HTML part of an email (the plain-text part is written beside each template). */
export function renderEmailHtml(element: ReactNode): Promise<string> {
  return render(element);
}
