// The connector the access pages use for a platform: the sandbox when sandbox platforms
// are on, else the platform's real connector; an `unavailable` page error otherwise.
// Tests pass their own connector instead.

import { getPlatform } from "@/lib/core/catalog/catalog";
import { isConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { env } from "@/lib/infra/env";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import type { Locale } from "@/lib/infra/i18n/dictionary";

export const GRANT_SESSION_MINUTES = 15;

export function callbackUrl(): string {
  return `${env().appUrl}/api/access/callback`;
}

/** The PKCE verifier of a sign-in, derived from its nonce (see `pkce.ts`). */
export function signInVerifier(nonce: string): string {
  return pkceVerifier(appSecret(), nonce);
}

export function connectorFor(
  platform: string,
  opts: { override?: PlatformConnector; locale?: Locale } = {},
): PlatformConnector {
  if (opts.override) return opts.override;
  try {
    return getConnector(platform);
  } catch (err) {
    if (isConnectorError(err)) {
      throw new AccessPageError("unavailable", {
        platform: getPlatform(platform)?.name ?? platform,
        locale: opts.locale,
      });
    }
    throw err;
  }
}
