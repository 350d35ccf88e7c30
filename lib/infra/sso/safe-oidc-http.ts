// Outbound HTTP to an identity provider the instance administrator named: the same address
// rules as webhooks (public addresses only, https on 443; loopback only under
// WEBHOOK_ALLOW_LOOPBACK=1, for development and tests). The host is resolved once, every
// address checked, and the socket pinned to those addresses (no DNS rebinding); redirects
// are not followed (undici's request() never does) and answers are read up to a limit.
import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent, request } from "undici";
import { isForbiddenAddress } from "@/lib/infra/delivery/address-classifier";
import { bareHostname, hostAddresses, validateWebhookUrl } from "@/lib/infra/delivery/webhook-url";

const MAX_BYTES = 256 * 1024;
const TIMEOUT_MS = 8_000;

export type OidcHttpResult =
  { ok: true; status: number; json: unknown } | { ok: false; message: string; status?: number; json?: unknown };

/**
 * Whether `raw` may be fetched; the reason in plain words otherwise. The rules are the
 * webhooks', and so are their words: they are put in a provider's terms here.
 */
export async function checkProviderUrl(raw: string, allowLoopback: boolean): Promise<string | null> {
  const checked = await validateWebhookUrl(raw, { allowLoopback });
  if (checked.ok) return null;
  return checked.message
    .replace(/^url host /, "its host ")
    .replace(/^url /, "the address ")
    .replace(/^host /, "its host ")
    .replace("webhook URLs must use port 443", "an identity provider is reached on port 443 (https)")
    .replace("which never receives deliveries", "which never names a real server");
}

/**
 * A `lookup` for Node's http client (openid-client's `httpOptions`): names that resolve to
 * a refused address fail before any connection is made.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, records) => {
      if (err) return callback(err, "", 0);
      const refused = records.find((r) => isForbiddenAddress(r.address, { allowLoopback }));
      if (refused || records.length === 0)
        return callback(Object.assign(new Error(`address not allowed for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = family === 0 ? records : records.filter((r) => r.family === family);
      if (usable.length === 0)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** One request to a provider: GET, or POST of a form; the JSON answer or why there is none. */
export async function providerRequest(
  url: string,
  opts: { allowLoopback: boolean; form?: Record<string, string>; headers?: Record<string, string> },
): Promise<OidcHttpResult> {
  const problem = await checkProviderUrl(url, opts.allowLoopback);
  if (problem) return { ok: false, message: problem };
  const target = new URL(url);
  const addresses = await hostAddresses(target);
  const pinned = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  const host = bareHostname(target);
  const agent = new Agent({
    connect: {
      timeout: TIMEOUT_MS,
      lookup: (hostname, options, callback) => {
        if (hostname.toLowerCase() !== host.toLowerCase() || pinned.length === 0)
          return callback(Object.assign(new Error(`unexpected host ${hostname}`), { code: "ENOTFOUND" }), "", 0);
        if (options.all) return callback(null, pinned);
        callback(null, pinned[0]!.address, pinned[0]!.family);
      },
    },
  });
  try {
    const res = await request(target, {
      method: opts.form ? "POST" : "GET",
      dispatcher: agent,
      headers: {
        accept: "application/json",
        ...(opts.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...opts.headers,
      },
      body: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BYTES) {
        res.body.destroy();
        return { ok: false, status: res.statusCode, message: "the answer was too large" };
      }
      chunks.push(chunk as Buffer);
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return { ok: false, status: res.statusCode, message: `the answer (HTTP ${res.statusCode}) was not JSON` };
    }
    if (res.statusCode < 200 || res.statusCode >= 300)
      return { ok: false, status: res.statusCode, json, message: `HTTP ${res.statusCode}` };
    return { ok: true, status: res.statusCode, json };
  } catch (err) {
    return { ok: false, message: `could not be reached (${err instanceof Error ? err.message : String(err)})` };
  } finally {
    void agent.close().catch(() => undefined);
  }
}
