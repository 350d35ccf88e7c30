// The client address, one rule everywhere (V1's per-address limit, login, sign-up, logs).
// Next.js fills X-Forwarded-For from the socket only when the request has none, so a
// client could otherwise choose its own address. The server therefore always appends the
// socket peer to the header it received (`appendPeerToForwardedFor`), and the address is
// read with proxy-addr's rule: walk the chain from the right (the peer first) while the
// hop is a trusted proxy (TRUST_PROXY: a hop count or proxy addresses); the first
// untrusted hop is the client. A forged first entry is never reached unless every proxy
// after it is trusted.
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { env, type TTrustProxy } from "@/lib/infra/env";

/** Rewrites `X-Forwarded-For` to the received chain plus the socket peer (the server calls it on every request). */
export function appendPeerToForwardedFor(req: IncomingMessage): void {
  const peer = req.socket?.remoteAddress ?? "";
  const raw = req.headers["x-forwarded-for"];
  const received = (Array.isArray(raw) ? raw.join(", ") : (raw ?? "")).trim();
  req.headers["x-forwarded-for"] = received ? `${received}, ${peer}` : peer;
}

const compiled = new WeakMap<TTrustProxy, (addr: string, i: number) => boolean>();

function trustFunction(trust: TTrustProxy): (addr: string, i: number) => boolean {
  let fn = compiled.get(trust);
  if (!fn) {
    if (trust.kind === "none") fn = () => false;
    else if (trust.kind === "hops") {
      const hops = trust.hops;
      fn = (_addr, i) => i < hops;
    } else fn = proxyaddr.compile(trust.addresses);
    compiled.set(trust, fn);
  }
  return fn;
}

/**
 * The client's address from an `X-Forwarded-For` whose last entry is the socket peer (see
 * `appendPeerToForwardedFor`), or null when there is none.
 */
export function clientAddress(
  headers: Headers | Record<string, unknown> | undefined,
  trust: TTrustProxy = env().TRUST_PROXY,
): string | null {
  let raw: unknown;
  if (headers && typeof (headers as Headers).get === "function") raw = (headers as Headers).get("x-forwarded-for");
  else raw = (headers as Record<string, unknown> | undefined)?.["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(", ") : typeof raw === "string" ? raw : "";
  const hops = value
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  if (hops.length === 0) return null;
  const peer = hops[hops.length - 1]!;
  const fakeReq = {
    connection: { remoteAddress: peer },
    socket: { remoteAddress: peer },
    headers: { "x-forwarded-for": hops.slice(0, -1).join(", ") },
  };
  return proxyaddr(fakeReq as unknown as IncomingMessage, trustFunction(trust)) || null;
}
