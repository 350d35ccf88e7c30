// The real Google connector: OAuth 2.0 with PKCE for the client's sign-in, the client's
// assets per service, grants to the agency account's email (or, for the Ads manager link,
// to the agency's manager account), read-backs, removal (offboarding), and the agency's own identity for the
// dashboard's "Connect account". Every call goes through the shared connector HTTP client,
// so PLATFORM_HOST_OVERRIDES, timeouts, retries and log redaction apply.

import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { listGoogleAssets } from "@/lib/infra/connectors/google/google-assets";
import { grantGoogleAccess } from "@/lib/infra/connectors/google/google-grants";
import {
  exchangeGoogleCode,
  googleAgencyIdentities,
  googleAuthorizationUrl,
  refreshGoogleToken,
  type GoogleCredentials,
} from "@/lib/infra/connectors/google/google-oauth";
import { adsCustomerId } from "@/lib/infra/connectors/google/google-api";
import { readBackForCheck } from "@/lib/infra/connectors/google/google-verify";
import { googleRemovalToken, removeGoogleAccess } from "@/lib/infra/connectors/google/google-removal";

export function createGoogleConnector(creds: GoogleCredentials, http: ConnectorHttp): PlatformConnector {
  return {
    platform: "google",
    beginSignIn: (input) => ({ authorizationUrl: googleAuthorizationUrl(http, creds, input) }),
    handleCallback: (input) => exchangeGoogleCode(http, creds, input),
    refreshAgencyToken: ({ refreshToken, now }) => refreshGoogleToken(http, creds, refreshToken, now),
    listAssets: ({ accessToken, serviceId }) => listGoogleAssets(http, creds.developerToken, accessToken, serviceId),
    grantAccess: (input) => grantGoogleAccess(http, creds.developerToken, input),
    listAgencyIdentities: ({ accessToken }) => googleAgencyIdentities(http, creds, accessToken),
    async verifyAccess({ accessToken, serviceId, assetIds, agencyAccount }) {
      const managerId = adsCustomerId(agencyAccount.linkFields?.adsMccAccountId ?? agencyAccount.platformAccountId);
      const out = [];
      for (const assetId of assetIds) {
        const read = agencyAccount.email
          ? await readBackForCheck({
              // the agency's own token reads its side (an access check, a receipt); a client's token the client's
              agencySide: !!agencyAccount.agencyAccessToken && agencyAccount.agencyAccessToken === accessToken,
              http,
              token: accessToken,
              developerToken: creds.developerToken,
              serviceId,
              assetId,
              email: agencyAccount.email,
              role: null,
              managerId,
            })
          : null;
        out.push({
          assetId,
          present: read?.present ?? false,
          detail: read?.detail ?? null,
          ...(read?.invitation ? { invitation: read.invitation } : {}),
          ...(read
            ? read.unreadable
              ? { unreadable: read.unreadable }
              : {}
            : { unreadable: "the agency account has no email to look for." }),
        });
      }
      return out;
    },
    removeAccess: (input) => removeGoogleAccess(http, creds.developerToken, input),
    removalToken: googleRemovalToken,
  };
}
