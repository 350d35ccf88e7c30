// PLATFORM_HOST_OVERRIDES: `host=origin` pairs that send every connector request for a
// host to another origin (the contract fakes in tests, a staging proxy). The origin
// replaces scheme, host and port; path and query stay. It applies to every URL a
// connector touches: URLs it builds, the consent page the browser is sent to, and
// absolute URLs a platform returns (paging links). Hosts that are not listed are used
// as they are.

export type HostOverrides = ReadonlyMap<string, URL>;

export class HostOverridesError extends Error {}

const HOST = /^[a-z0-9.-]+(:\d+)?$/i;

/** Parses `a.com=http://127.0.0.1:4100,b.com=http://127.0.0.1:4101`; throws on a bad pair. */
export function parseHostOverrides(raw: string | undefined): HostOverrides {
  const map = new Map<string, URL>();
  if (!raw || raw.trim() === "") return map;
  for (const pair of raw.split(",")) {
    const trimmed = pair.trim();
    if (trimmed === "") continue;
    const eq = trimmed.indexOf("=");
    if (eq <= 0) throw new HostOverridesError(`"${trimmed}" is not host=origin`);
    const host = trimmed.slice(0, eq).trim().toLowerCase();
    const origin = trimmed.slice(eq + 1).trim();
    if (!HOST.test(host)) throw new HostOverridesError(`"${host}" is not a host name`);
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new HostOverridesError(`"${origin}" is not an origin URL`);
    }
    if (
      (url.protocol !== "http:" && url.protocol !== "https:") ||
      (url.pathname !== "/" && url.pathname !== "") ||
      url.search ||
      url.hash
    ) {
      throw new HostOverridesError(`"${origin}" must be an http(s) origin without a path`);
    }
    map.set(host, url);
  }
  return map;
}

/** The URL with its origin replaced when its host is overridden; unchanged otherwise. */
export function applyHostOverride(input: string | URL, overrides: HostOverrides): URL {
  const url = new URL(input);
  const target = overrides.get(url.host.toLowerCase()) ?? overrides.get(url.hostname.toLowerCase());
  if (!target) return url;
  const out = new URL(url.pathname + url.search + url.hash, target);
  return out;
}

/** One line for the start-up log and the health body: which hosts go where. */
export function describeHostOverrides(overrides: HostOverrides): string[] {
  return [...overrides].map(([host, url]) => `${host} -> ${url.origin}`);
}
