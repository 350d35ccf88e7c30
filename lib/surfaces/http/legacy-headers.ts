// The headers on every V1 response: Deprecation and the Link to the V2 migration guide. Here,
// not in v1/, because the method screen (proxy.ts) sends them too and no surface imports another.
import { env } from "@/lib/infra/env";

/** V1 is deprecated since V2's release (the first event schemaVersion, 2026-10-06). */
export const V1_DEPRECATED_SINCE = new Date(Date.UTC(2026, 9, 6));
export const MIGRATION_GUIDE_PATH = "/api/v1/migration-guide";

/** Deprecation (RFC 9745: a date, `@` + Unix seconds) and the Link to the V2 migration guide. */
export function legacyHeaders(): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(V1_DEPRECATED_SINCE.getTime() / 1000)}`,
    Link: `<${env().appUrl}${MIGRATION_GUIDE_PATH}>; rel="deprecation"; type="text/markdown"`,
  };
}
