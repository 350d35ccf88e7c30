// The client pages (invite, embed...) as plain HTML: the same React components rendered on
// the server with react-dom/server in a route handler, with no framework runtime and no
// hydration payload. What runs in the browser is a few small scripts from public/client/,
// each doing one thing, loaded with the response's CSP nonce (proxy.ts); every journey
// also works without them. docs/decisions/0006-client-pages-as-html.md says why.
import type { ReactNode } from "react";
import { headers } from "next/headers";
import type { Locale } from "@/lib/infra/i18n/dictionary";

/**
 * The client pages' stylesheet: the app's Tailwind entry compiled into public/client/ by
 * scripts/client-css.mjs (`npm run build`, `npm run dev`, the Dockerfile), a file of our own at
 * a fixed address, served like the scripts beside it.
 */
export const CLIENT_STYLESHEET = "/client/client.css";

/** The scripts of public/client/, by what they do. */
export const CLIENT_SCRIPTS = {
  /** the embed's sign-in in a popup, and the popup's result handed back to the embed */
  signInPopup: "/client/sign-in-popup.js",
  /** in the embed's iframe: height and completion messages to the hosting page */
  embedFrame: "/client/embed-frame.js",
  /** forms posted with fetch, refusals shown beside the fields */
  enhanceForm: "/client/enhance-form.js",
  /** the thank-you's timed redirect to the agency's page */
  redirectAfter: "/client/redirect-after.js",
  /** "Print" on the client's access page and a receipt (PrintPageButton loads it itself) */
  printPage: "/client/print-page.js",
} as const;

export type ClientScript = keyof typeof CLIENT_SCRIPTS;

export interface ClientPageDocument {
  locale: Locale;
  title: string;
  body: ReactNode;
  scripts?: ClientScript[];
  status?: number;
  /** keep the link out of other sites' referrers */
  noReferrer?: boolean;
}

// react-dom/server is loaded by Node at run time, outside the bundle: the framework keeps it
// out of route handlers, whose React is the server-components build.
type Fizz = typeof import("react-dom/server");
let fizz: Promise<Fizz> | undefined;
function reactDomServer(): Promise<Fizz> {
  fizz ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ "react-dom/server");
  return fizz;
}

/** The page's whole HTML, once every async component has rendered. */
/** The request's CSP nonce; none outside a request the framework serves (a test's own server). */
export async function requestNonce(): Promise<string | undefined> {
  try {
    return (await headers()).get("x-nonce") ?? undefined;
  } catch {
    return undefined;
  }
}

export async function renderClientPage(doc: ClientPageDocument): Promise<Response> {
  const nonce = await requestNonce();
  const scripts = [...new Set(doc.scripts ?? [])];
  const tree = (
    <html lang={doc.locale}>
      {/* a whole document rendered outside the framework's pages: next/head does not apply */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{doc.title}</title>
        <meta name="robots" content="noindex, nofollow" />
        {doc.noReferrer ? <meta name="referrer" content="no-referrer" /> : null}
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={CLIENT_STYLESHEET} />
        {scripts.map((s) => (
          <script key={s} src={CLIENT_SCRIPTS[s]} nonce={nonce} defer />
        ))}
      </head>
      <body className="min-h-screen">{doc.body}</body>
    </html>
  );
  const { renderToReadableStream } = await reactDomServer();
  const stream = await renderToReadableStream(tree, { nonce });
  await stream.allReady;
  const html = await new Response(stream).text();
  return new Response(html, {
    status: doc.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
