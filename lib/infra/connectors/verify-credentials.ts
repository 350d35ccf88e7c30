// Verify on the Platforms page: one real, harmless call per platform that proves the
// app's credentials without any client. Each platform's check is its
// `<platform>-credentials.ts`, named by its registry entry; what they share is verify-probe.ts.
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { REAL_CONNECTORS } from "@/lib/infra/connectors/registry";
import type { VerifyResult, VerifyValues } from "@/lib/infra/connectors/verify-probe";

export type { VerifyResult } from "@/lib/infra/connectors/verify-probe";

/** Proves `values` (environment-variable names to values) against the platform. */
export async function verifyCredentials(
  platform: string,
  values: VerifyValues,
  opts: { http: ConnectorHttp; redirectUri: string },
): Promise<VerifyResult> {
  try {
    const entry = Object.hasOwn(REAL_CONNECTORS, platform) ? REAL_CONNECTORS[platform] : undefined;
    if (!entry)
      return {
        ok: false,
        message:
          "This platform has no verification yet: turn it live with “Use without verifying” once its app is set up.",
      };
    return await entry.verify(opts.http, values, opts.redirectUri);
  } catch (err) {
    if (err instanceof ConnectorError) return { ok: false, message: verifyFailureMessage(err) };
    throw err;
  }
}

/**
 * One sentence for a Verify that failed on the way: never the platform's URL (it runs out
 * of the card and says nothing to a person) and never the same words twice.
 */
export function verifyFailureMessage(err: ConnectorError): string {
  const unreachable = "The platform could not be reached";
  const detail = err.message
    .replace(/\s*\(?https?:\/\/[^\s)]*\)?/g, "")
    .replace(new RegExp(`^${unreachable}[:.]?\\s*`), "")
    .trim()
    .replace(/[.\s]+$/, "");
  if (err.kind === "server_error" || !detail) {
    return `${unreachable}: check this server's network and try Verify again in a few minutes.`;
  }
  return `The platform refused the check: ${detail}.`;
}
