// Decides which IP addresses webhook deliveries may connect to: public
// unicast only, so a registered URL cannot reach our own network, cloud
// metadata services or other tenants' infrastructure (SSRF).
//
// The rule is an allow-list, not a block-list: after unwrapping addresses
// that merely carry an IPv4 address inside IPv6 (IPv4-mapped, IPv4-translated
// and the well-known NAT64 prefix), only what ipaddr.js calls `unicast` passes,
// and for IPv6 only within global unicast 2000::/3. Everything special
// (loopback, private, link-local, CGNAT, multicast, documentation,
// benchmarking, reserved, 6to4, Teredo, ...) is refused, as is any address we
// cannot parse. Pure: no DNS, no sockets.

import ipaddr from "ipaddr.js";

export type AddressOptions = {
  /** Development and test switch: lets 127.0.0.0/8 and ::1 through, nothing else. */
  allowLoopback?: boolean;
};

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

// The well-known NAT64 prefix (RFC 6052). A DNS64 resolver hands these out for
// IPv4-only names, so they are judged by the IPv4 address they carry. The
// local-use prefix 64:ff9b:1::/48 is site-specific and stays refused.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
const IPV4_SHAPED = /^[0-9a-fA-FxX.]+$/;

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [hi, lo] = [address.parts[6]!, address.parts[7]!];
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/**
 * Recognises an IP literal as it may appear in a URL host and returns its
 * canonical text (`127.0.0.1`, `::1`), or null for anything else (a name).
 * IPv4 is read the way URL parsers and inet_aton do, so `2130706433`,
 * `0177.0.0.1`, `0x7f.1` and `127.1` are all 127.0.0.1; IPv6 may be bracketed.
 */
export function parseHostLiteral(host: string): string | null {
  let text = host.trim();
  if (text.startsWith("[") && text.endsWith("]")) {
    text = text.slice(1, -1);
    return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text).toString() : null;
  }
  if (text.includes(":")) return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text).toString() : null;
  if (!IPV4_SHAPED.test(text)) return null;
  // The WHATWG URL host parser is the reference for odd IPv4 forms (it also
  // accepts a trailing dot, which ipaddr.js does not); it is pure.
  let normalised: string;
  try {
    normalised = new URL(`http://${text}/`).hostname;
  } catch {
    return null;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(normalised) ? normalised : null;
}

function parseAddress(ip: string): Parsed | null {
  const literal = parseHostLiteral(ip);
  if (literal === null) return null;
  try {
    return ipaddr.parse(literal);
  } catch {
    return null;
  }
}

/**
 * Unwraps IPv6 forms that stand for an IPv4 destination. `direct` is false for
 * NAT64, whose traffic goes through a translator: a NAT64 address carrying
 * 127.0.0.1 is not this machine's loopback, so the loopback switch does not apply.
 */
function effectiveAddress(address: Parsed): { address: Parsed; direct: boolean } {
  if (address.kind() === "ipv4") return { address, direct: true };
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return { address: embeddedIPv4(v6), direct: true };
  if (v6.match(NAT64_WELL_KNOWN)) return { address: embeddedIPv4(v6), direct: false };
  return { address: v6, direct: true };
}

/** True for 127.0.0.0/8, ::1 and IPv4-mapped forms of 127.0.0.0/8. */
export function isLoopbackAddress(ip: string): boolean {
  const parsed = parseAddress(ip);
  if (!parsed) return false;
  const { address, direct } = effectiveAddress(parsed);
  return direct && address.range() === "loopback";
}

export function isForbiddenAddress(ip: string, options: AddressOptions = {}): boolean {
  const parsed = parseAddress(ip);
  if (!parsed) return true;
  const { address, direct } = effectiveAddress(parsed);
  const range = address.range();

  if (range === "loopback") return !(options.allowLoopback === true && direct);
  if (range !== "unicast") return true;
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    // A zone id only exists on scoped (link-local-like) addresses; never public.
    if (v6.zoneId) return true;
    // ipaddr.js calls unallocated space such as ::/96 (old IPv4-compatible form) unicast.
    if (!v6.match(GLOBAL_UNICAST_V6)) return true;
  }
  return false;
}
