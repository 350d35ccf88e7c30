// The TikTok connector (tiktok_ads, tiktok_business_center) on TikTok API for Business
// v1.3: sign-in (tiktok-oauth.ts), listing (tiktok-assets.ts), grants and read-back
// (tiktok-grants.ts), error codes (tiktok-errors.ts), roles (tiktok-roles.ts).
// Documentation: TikTok API for Business, Authentication and Business Center API pages
// (https://business-api.tiktok.com/portal/docs); each call names its page where it is made.
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import {
  isBcAdmin,
  listAdvertisers,
  listBusinessCenters,
  tiktokUser,
} from "@/lib/infra/connectors/tiktok/tiktok-assets";
import { grantTikTokAds, grantTikTokBusinessCenter, verifyTikTok } from "@/lib/infra/connectors/tiktok/tiktok-grants";
import { assignTikTokPeople, listTikTokAgencyPeople } from "@/lib/infra/connectors/tiktok/tiktok-people";
import {
  exchangeTikTokCode,
  refreshTikTokToken,
  tiktokAuthorizationUrl,
  type TikTokCredentials,
} from "@/lib/infra/connectors/tiktok/tiktok-oauth";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

export const TIKTOK_SERVICES = ["tiktok_ads", "tiktok_business_center"] as const;

function checkService(serviceId: string) {
  if (!(TIKTOK_SERVICES as readonly string[]).includes(serviceId))
    throw new ConnectorError("server_error", `TikTok has no service ${serviceId}`);
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toConnectorError("TikTok", err);
  }
}

export function createTikTokConnector(creds: TikTokCredentials, http: ConnectorHttp): PlatformConnector {
  return {
    platform: "tiktok",

    beginSignIn({ state, redirectUri }) {
      return { authorizationUrl: tiktokAuthorizationUrl(http, creds, { state, redirectUri }) };
    },

    handleCallback({ code }) {
      return exchangeTikTokCode(http, creds, code);
    },

    refreshAgencyToken: ({ refreshToken, now }) => refreshTikTokToken(http, creds, refreshToken, now),

    listAssets({ accessToken, serviceId }) {
      checkService(serviceId);
      return mapped(async () =>
        serviceId === "tiktok_ads"
          ? (await listAdvertisers(http, accessToken)).map(({ id, name, notGrantable }) => ({
              id,
              name,
              ...(notGrantable ? { notGrantable } : {}),
            }))
          : (await listBusinessCenters(http, accessToken)).map((b) => ({
              id: b.bcId,
              name: b.name,
              ...(isBcAdmin(b) ? {} : { notGrantable: "needs_bc_admin" as const }),
            })),
      );
    },

    grantAccess(input) {
      checkService(input.serviceId);
      return mapped(async () => ({
        results:
          input.serviceId === "tiktok_ads"
            ? await grantTikTokAds(http, input)
            : await grantTikTokBusinessCenter(http, input),
      }));
    },

    listAgencyIdentities({ accessToken }) {
      // One identity per Business Center: tiktok_ads grants go to a Business Center, and
      // Business Center invitations to the user's email.
      return mapped(async () => {
        const user = await tiktokUser(http, accessToken);
        const centers = await listBusinessCenters(http, accessToken);
        const displayName = user.displayName ?? user.email ?? "TikTok user";
        if (centers.length === 0)
          return [{ displayName, email: user.email, platformAccountId: null, businessId: null, businessName: null }];
        return centers.map((b) => ({
          displayName,
          email: user.email,
          platformAccountId: null,
          businessId: b.bcId,
          businessName: b.name,
        }));
      });
    },

    verifyAccess(input) {
      checkService(input.serviceId);
      return mapped(() => verifyTikTok(http, input));
    },

    listAgencyPeople(input) {
      return mapped(() => listTikTokAgencyPeople(http, input));
    },

    assignPeople(input) {
      if (input.serviceId !== "tiktok_ads")
        throw new ConnectorError("server_error", `TikTok assigns no people on ${input.serviceId}`);
      return mapped(() => assignTikTokPeople(http, input));
    },
  };
}
