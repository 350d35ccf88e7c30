// Calls to a client's WordPress site. The site's address is what the client typed, so it is
// untrusted: every call goes through the webhooks' SSRF-safe sender (lib/infra/delivery/
// safe-send.ts: HTTPS on port 443 to a public address, the resolved addresses pinned, no
// redirects followed, bounded time and body), never the platforms' client. Answers are the
// WordPress REST API's JSON; an error is `{ code, message, data: { status } }` (REST API
// Handbook, Global Parameters and errors, https://developer.wordpress.org/rest-api/).
import { safeSend } from "@/lib/infra/delivery/safe-send";
import { parseWebhookUrl, reservedHostProblem } from "@/lib/infra/delivery/webhook-url";
import { PlatformApiError } from "@/lib/infra/connectors/platform-errors";

export const WORDPRESS = "WordPress";
const TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1_048_576;

export class WordPressApiError extends PlatformApiError {
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null) {
    super(WORDPRESS, status, message);
    this.name = "WordPressApiError";
    this.code = code;
  }
}

/** The site could not be reached at all (refused address, timeout, not JSON): the steps instead. */
export class WordPressUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WordPressUnreachable";
  }
}

export type WordPressSite = {
  /** the site's home, `https://host[/path]` without a trailing slash */
  url: string;
  /** the WEBHOOK_ALLOW_LOOPBACK development and test switch */
  allowLoopback: boolean;
};

/**
 * The site address as typed ("example.com", "https://example.com/blog/") made a URL, or the
 * reason it cannot be one. Only https, unless the loopback switch is on (tests).
 */
export function parseSiteAddress(
  raw: string,
  allowLoopback: boolean,
): { ok: true; url: string } | { ok: false; reason: "address" | "not_https"; message: string } {
  const text = raw.trim();
  if (text === "") return { ok: false, reason: "address", message: "Enter your site's address." };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  const parsed = parseWebhookUrl(withScheme);
  if (!parsed.ok) return { ok: false, reason: "address", message: "That is not a web address." };
  const url = parsed.url;
  // WordPress offers application passwords only over HTTPS (wp_is_application_passwords_available):
  // a plain-http site is told so and follows the steps
  if (url.protocol === "http:" && !allowLoopback)
    return { ok: false, reason: "not_https", message: "WordPress offers application passwords only over HTTPS." };
  if (url.protocol !== "https:" && !allowLoopback)
    return { ok: false, reason: "address", message: "The address must start with https://." };
  if (!allowLoopback && reservedHostProblem(url))
    return { ok: false, reason: "address", message: "That is not a public web address." };
  url.search = "";
  url.hash = "";
  return { ok: true, url: url.toString().replace(/\/+$/, "") };
}

export type WordPressCall = {
  method?: "GET" | "POST" | "DELETE";
  /** a REST route (`/wp/v2/users`), joined to the site's `/wp-json` */
  route?: string;
  /** or an absolute URL on the site (the REST index's links) */
  url?: string;
  query?: Record<string, string | number | boolean>;
  json?: unknown;
  /** `user_login:password` of an application password: HTTP Basic */
  auth?: { user: string; password: string };
};

/** One call; the parsed JSON of a 2xx answer, a WordPressApiError otherwise. */
export async function wordpressCall(site: WordPressSite, call: WordPressCall): Promise<unknown> {
  const target = new URL(call.url ?? `${site.url}/wp-json${call.route ?? "/"}`);
  if (new URL(site.url).origin !== target.origin)
    throw new WordPressUnreachable("a link off the site was not followed");
  for (const [k, v] of Object.entries(call.query ?? {})) target.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: "application/json" };
  if (call.json !== undefined) headers["content-type"] = "application/json";
  if (call.auth)
    headers.authorization = `Basic ${Buffer.from(`${call.auth.user}:${call.auth.password}`).toString("base64")}`;
  const res = await safeSend({
    url: target.toString(),
    method: call.method ?? "GET",
    body: call.json === undefined ? null : JSON.stringify(call.json),
    headers,
    allowLoopback: site.allowLoopback,
    timeoutMs: TIMEOUT_MS,
    maxBodyBytes: MAX_BODY_BYTES,
    keepBody: true,
  });
  if (!res.ok || res.status === null) throw new WordPressUnreachable(res.error ?? "no answer");
  if (res.status >= 300 && res.status < 400)
    throw new WordPressUnreachable(`the site answered ${res.status} (a redirect, which is not followed)`);
  let json: unknown = null;
  try {
    json = res.body === "" ? null : JSON.parse(res.body);
  } catch {
    if (res.status >= 200 && res.status < 300) throw new WordPressUnreachable("the site did not answer with JSON");
  }
  if (res.status >= 200 && res.status < 300) return json;
  const body = (json ?? {}) as { code?: unknown; message?: unknown };
  throw new WordPressApiError(
    res.status,
    typeof body.message === "string" && body.message !== "" ? body.message : `HTTP ${res.status}`,
    typeof body.code === "string" ? body.code : null,
  );
}
