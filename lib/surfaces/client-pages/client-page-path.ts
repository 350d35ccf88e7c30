// Which client page a request is for, so the root layout can give `<html lang>` the page's
// language (a layout sees no params of its pages). The proxy copies the path and query of
// client pages into one request header, after dropping any the browser sent.
export const CLIENT_PAGE_HEADER = "x-client-page";

export type ClientPagePath =
  | { surface: "invite" | "embed" | "removal" | "receipt"; token: string }
  | { surface: "static"; token: string; lang: string | null }
  | { surface: "sandbox"; state: string | null; platform: string | null };

// `/i/{token}/access` is the client's access page: the same link, the same language
const PATTERN = /^\/(?:(i)\/([^/]+)(?:\/access)?|(embed|l|r|receipts)\/([^/]+))\/?$/;

// the sandbox's stand-in for a platform's sign-in screen: its state names the request
const SANDBOX_CONSENT = "/sandbox/consent";

export function isClientPagePath(pathname: string): boolean {
  return PATTERN.test(pathname) || pathname === SANDBOX_CONSENT;
}

/** The client page of a header value ("/i/TOKEN?x=y"), or null for any other page. */
export function parseClientPagePath(value: string | null): ClientPagePath | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, "http://page.invalid");
  } catch {
    return null;
  }
  if (url.pathname === SANDBOX_CONSENT)
    return { surface: "sandbox", state: url.searchParams.get("state"), platform: url.searchParams.get("platform") };
  const m = PATTERN.exec(url.pathname);
  if (!m) return null;
  const kind = m[1] ?? m[3];
  let token: string;
  try {
    token = decodeURIComponent((m[2] ?? m[4])!);
  } catch {
    return null;
  }
  if (kind === "l") return { surface: "static", token, lang: url.searchParams.get("lang") };
  if (kind === "r") return { surface: "removal", token };
  if (kind === "receipts") return { surface: "receipt", token };
  return { surface: kind === "i" ? "invite" : "embed", token };
}
