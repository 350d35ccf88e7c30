// Keeps the embedded page working with platform sign-ins, which refuse to be shown in
// an iframe: "Grant access" opens the sign-in in a popup, and when the popup's flow
// ends on the access page it sends the embedded page to the same result and closes.
// Also tells the page hosting the iframe when the request is complete, and the height of
// the page whenever it changes, so the host can size the iframe to its content.
// These render markers only; public/client/sign-in-popup.js and public/client/embed-frame.js
// act on them. Without scripts the sign-in opens in a new tab and the flow ends there.
import type { ReactNode } from "react";

export function PopupGrantLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // The sign-in window reports back to this page through window.opener, so it must keep it;
    // it only ever opens our own grant route, never a third-party page.
    // eslint-disable-next-line react/jsx-no-target-blank
    <a href={href} target="_blank" rel="opener" className={className} data-sign-in-popup="">
      {children}
    </a>
  );
}

/** In the sign-in popup: hand the result (`search`) to the embedded page that opened it. */
export function ReturnToOpener({ token, search }: { token: string; search: string }) {
  return <span hidden data-return-to-opener={`/embed/${encodeURIComponent(token)}`} data-search={search} />;
}

/** In the iframe: a message to the hosting page that the client has finished. */
export function NotifyParentOfCompletion({ redirectUrl }: { redirectUrl: string | null }) {
  return <span hidden data-notify-completion="" data-redirect-url={redirectUrl ?? undefined} />;
}

/**
 * In the iframe: `{ type: "access-request.resize", height }` to the hosting page on load
 * and whenever the content's height changes (the README has the host's snippet).
 */
export function ReportHeightToParent() {
  return <span hidden data-report-height="" />;
}
