// The per-IP key of V1's rate limit, also used by the dashboard's actions and the client
// pages' limits. The client address follows the one rule in client-address.ts (the socket
// peer appended to X-Forwarded-For, read from the right past TRUST_PROXY's hops).
// IPv4-mapped IPv6 addresses count as IPv4; other IPv6 addresses count per /64, the block
// one subscriber usually holds.
import ipaddr from "ipaddr.js";
import { env, type TTrustProxy } from "@/lib/infra/env";
import { clientAddress } from "@/lib/surfaces/http/client-address";

function normalizeIp(hop: string | undefined): string | null {
  if (!hop) return null;
  let s = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) s = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(":"));
  if (!ipaddr.isValid(s)) return null;
  const ip = ipaddr.process(s);
  if (ip.kind() === "ipv4") return ip.toString();
  return `${(ip as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(":")}::/64`;
}

/** The rate-limit key of a V1 call (see the module comment for the rule). */
export function legacyClientIp(headers: Headers, trustProxy: boolean | TTrustProxy = env().TRUST_PROXY): string {
  const trust: TTrustProxy =
    typeof trustProxy === "boolean" ? (trustProxy ? { kind: "hops", hops: 1 } : { kind: "none" }) : trustProxy;
  return normalizeIp(clientAddress(headers, trust) ?? undefined) ?? "unknown";
}
