// The rules a webhook endpoint URL must meet, used when a webhook is created
// or changed and again, per attempt, by the sender:
// an absolute URL of at most 2048 characters, no credentials, `https:` on port
// 443, and a host whose every address is public. A name that resolves to one
// public and one private address is refused: the connection could use either.
//
// `allowLoopback` is the WEBHOOK_ALLOW_LOOPBACK=1 development and test switch,
// passed in by the caller. It allows plain `http:` and any port, but only when
// every address is loopback; anything else still follows the https/443/public
// rule, so the switch never opens the private network.
//
// Passing the check at creation proves nothing at delivery time (DNS can
// change), which is why the sender checks the addresses it connects to itself.

import { lookup } from "node:dns/promises";
import { isForbiddenAddress, isLoopbackAddress, parseHostLiteral } from "@/lib/infra/delivery/address-classifier";

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Returns every address of a host name; rejects or returns [] when it does not resolve. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export type WebhookUrlResult = { ok: true; url: URL } | { ok: false; message: string };

export type ValidateWebhookUrlOptions = {
  allowLoopback: boolean;
  resolve?: HostResolver;
};

/** The system resolver (what a socket would use), all records, in the order given. */
export const resolveHostAddresses: HostResolver = async (hostname) => {
  const records = await lookup(hostname, { all: true, verbatim: true });
  return records.map((r) => r.address);
};

// Echoed URLs are the caller's own input; keep a hostile one from bloating messages.
function echo(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

/** Syntax only: absolute http(s) URL, length, no credentials. Scheme and port are judged with the addresses. */
export function parseWebhookUrl(raw: string): WebhookUrlResult {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, message: `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `url must be an absolute URL, got "${echo(raw)}"` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, message: "url must use https" };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, message: "url must not contain a user name or password" };
  }
  if (url.hostname === "") return { ok: false, message: "url must have a host" };
  return { ok: true, url };
}

// Names reserved by RFC 2606 and RFC 6761: they never name a real receiver, so they are
// refused from the name alone, before any lookup. `localhost` stays usable under the
// loopback switch (development and tests).
const RESERVED_SUFFIXES = ["example", "test", "invalid"] as const;

/** The reason a host name is reserved and can never receive a delivery, or null. */
export function reservedHostProblem(url: URL): string | null {
  const host = bareHostname(url).toLowerCase().replace(/\.$/, "");
  const last = host.split(".").pop() ?? "";
  if ((RESERVED_SUFFIXES as readonly string[]).includes(last))
    return `url host ${echo(host)} is under the reserved name .${last}, which never receives deliveries`;
  // plain `localhost` is judged by the loopback rule (usable under the switch); its subdomains never are
  if (last === "localhost" && host !== "localhost")
    return `url host ${echo(host)} is under the reserved name .localhost, which never receives deliveries`;
  return null;
}

/** The host without IPv6 brackets, as a resolver or socket wants it. */
export function bareHostname(url: URL): string {
  const host = url.hostname;
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** The URL parser spells the default port as "", so an explicit :443 is accepted as 443. */
function isHttpsOn443(url: URL): boolean {
  return url.protocol === "https:" && (url.port === "" || url.port === "443");
}

function schemeOrPortMessage(url: URL): string {
  if (url.protocol !== "https:") return "url must use https";
  return `port ${url.port} is not allowed; webhook URLs must use port 443`;
}

type DestinationProblem = { kind: "unresolved" | "address" | "scheme"; message: string };

function findProblem(url: URL, addresses: readonly string[], allowLoopback: boolean): DestinationProblem | null {
  if (addresses.length === 0) return { kind: "unresolved", message: `host ${echo(url.hostname)} does not resolve` };
  const forbidden = addresses.find((address) => isForbiddenAddress(address, { allowLoopback }));
  if (forbidden !== undefined) return { kind: "address", message: `address not allowed: ${forbidden}` };
  if (isHttpsOn443(url)) return null;
  if (allowLoopback && addresses.every((a) => isLoopbackAddress(a))) return null;
  return { kind: "scheme", message: schemeOrPortMessage(url) };
}

/**
 * Judges a parsed URL together with the addresses its host resolved to.
 * Returns null when a connection may be made, otherwise the reason.
 */
export function checkDestination(url: URL, addresses: readonly string[], allowLoopback: boolean): string | null {
  return findProblem(url, addresses, allowLoopback)?.message ?? null;
}

/**
 * The addresses a URL's host stands for: the literal itself, or what the
 * resolver returns. Never throws; a failed lookup gives [].
 */
export async function hostAddresses(url: URL, resolve: HostResolver = resolveHostAddresses): Promise<string[]> {
  const host = bareHostname(url);
  const literal = parseHostLiteral(host);
  if (literal !== null) return [literal];
  try {
    return await resolve(host);
  } catch {
    return [];
  }
}

export async function validateWebhookUrl(
  raw: string,
  { allowLoopback, resolve = resolveHostAddresses }: ValidateWebhookUrlOptions,
): Promise<WebhookUrlResult> {
  const parsed = parseWebhookUrl(raw);
  if (!parsed.ok) return parsed;
  const { url } = parsed;

  const reserved = reservedHostProblem(url);
  if (reserved !== null) return { ok: false, message: reserved };

  // Without the loopback switch scheme and port settle it; no need to ask DNS.
  if (!allowLoopback && !isHttpsOn443(url)) return { ok: false, message: schemeOrPortMessage(url) };

  const addresses = await hostAddresses(url, resolve);
  const problem = findProblem(url, addresses, allowLoopback);
  if (problem !== null) {
    const message =
      problem.kind === "address" ? `url must resolve to public addresses only; ${problem.message}` : problem.message;
    return { ok: false, message };
  }
  return { ok: true, url };
}
