// The Pinterest connector (pinterest_ads) on Pinterest API v5 business access: sign-in
// (pinterest-oauth.ts), listing (pinterest-assets.ts), partner sharing and read-back
// (pinterest-grants.ts), errors (pinterest-errors.ts), permissions (pinterest-roles.ts).
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { pinterestItems, str } from "@/lib/infra/connectors/pinterest/pinterest-api";
import { listPinterestAdAccounts, pinterestUser } from "@/lib/infra/connectors/pinterest/pinterest-assets";
import {
  acceptPinterestInvites,
  grantPinterest,
  verifyPinterest,
} from "@/lib/infra/connectors/pinterest/pinterest-grants";
import { pinterestRemovalToken, removePinterestAccess } from "@/lib/infra/connectors/pinterest/pinterest-removal";
import {
  exchangePinterestCode,
  pinterestAuthorizationUrl,
  refreshPinterestToken,
  type PinterestCredentials,
} from "@/lib/infra/connectors/pinterest/pinterest-oauth";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

function checkService(serviceId: string) {
  if (serviceId !== "pinterest_ads") throw new ConnectorError("server_error", `Pinterest has no service ${serviceId}`);
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toConnectorError("Pinterest", err);
  }
}

export function createPinterestConnector(creds: PinterestCredentials, http: ConnectorHttp): PlatformConnector {
  return {
    platform: "pinterest",

    beginSignIn({ state, redirectUri, serviceIds }) {
      return { authorizationUrl: pinterestAuthorizationUrl(http, creds, { state, redirectUri, serviceIds }) };
    },

    handleCallback({ code, redirectUri, agency }) {
      return exchangePinterestCode(http, creds, { code, redirectUri, ...(agency ? { agency } : {}) });
    },

    refreshAgencyToken: ({ refreshToken, now }) => refreshPinterestToken(http, creds, refreshToken, now),

    listAssets({ accessToken, serviceId }) {
      checkService(serviceId);
      return mapped(() => listPinterestAdAccounts(http, accessToken));
    },

    grantAccess(input) {
      checkService(input.serviceId);
      return mapped(async () => ({ results: await grantPinterest(http, input) }));
    },

    // One identity per business the user administers: partners are businesses, so the
    // business id is what a client's business shares its ad accounts with.
    listAgencyIdentities({ accessToken }) {
      return mapped(async () => {
        const user = await pinterestUser(http, accessToken);
        const employers = await pinterestItems(http, { path: "/businesses/employers", accessToken });
        return employers
          .filter(
            (e) =>
              Array.isArray(e.business_roles) && (e.business_roles as unknown[]).includes("BIZ_ADMIN") && str(e.id),
          )
          .map((e) => {
            const business = (e.user ?? {}) as Record<string, unknown>;
            const businessName = str(business.username);
            return {
              displayName: businessName ?? user.businessName ?? user.username ?? "Pinterest business",
              email: str(business.email),
              platformAccountId: str(e.id),
              businessId: str(e.id),
              businessName,
            };
          });
      });
    },

    verifyAccess(input) {
      checkService(input.serviceId);
      return mapped(() => verifyPinterest(http, input));
    },

    acceptInvitation(input) {
      checkService(input.serviceId);
      return mapped(() => acceptPinterestInvites(http, input));
    },

    removeAccess(input) {
      checkService(input.serviceId);
      return mapped(() => removePinterestAccess(http, input));
    },

    removalToken: pinterestRemovalToken,
  };
}
