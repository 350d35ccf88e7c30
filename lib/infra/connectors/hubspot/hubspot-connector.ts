// The HubSpot connector (hubspot_portal) on HubSpot's user provisioning API: sign-in and the
// portal (hubspot-oauth.ts), the user created with a role and read back (hubspot-grants.ts),
// removal (hubspot-removal.ts), errors (hubspot-errors.ts), roles (hubspot-roles.ts).
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { grantHubSpot } from "@/lib/infra/connectors/hubspot/hubspot-grants";
import {
  exchangeHubSpotCode,
  hubspotAuthorizationUrl,
  hubspotTokenInfo,
  refreshHubSpotToken,
  type HubSpotCredentials,
} from "@/lib/infra/connectors/hubspot/hubspot-oauth";
import { hubspotRemovalToken, removeHubSpotAccess } from "@/lib/infra/connectors/hubspot/hubspot-removal";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

function checkService(serviceId: string) {
  if (serviceId !== "hubspot_portal") throw new ConnectorError("server_error", `HubSpot has no service ${serviceId}`);
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toConnectorError("HubSpot", err);
  }
}

export function createHubSpotConnector(creds: HubSpotCredentials, http: ConnectorHttp): PlatformConnector {
  const tokenInfo = (accessToken: string) => hubspotTokenInfo(http, creds, accessToken);
  return {
    platform: "hubspot",

    beginSignIn({ state, redirectUri, serviceIds }) {
      return { authorizationUrl: hubspotAuthorizationUrl(http, creds, { state, redirectUri, serviceIds }) };
    },

    handleCallback({ code, redirectUri }) {
      return exchangeHubSpotCode(http, creds, { code, redirectUri });
    },

    refreshAgencyToken: ({ refreshToken, now }) => refreshHubSpotToken(http, creds, refreshToken, now),

    // One sign-in is one portal: the account the client chose on HubSpot's consent screen.
    listAssets({ accessToken, serviceId }) {
      checkService(serviceId);
      return mapped(async () => {
        const info = await tokenInfo(accessToken);
        return [{ id: info.hubId, name: info.hubDomain }];
      });
    },

    grantAccess(input) {
      checkService(input.serviceId);
      return mapped(async () => ({ results: await grantHubSpot(http, input, tokenInfo) }));
    },

    // The agency's HubSpot user: its email is the user clients add to their portals.
    listAgencyIdentities({ accessToken }) {
      return mapped(async () => {
        const info = await tokenInfo(accessToken);
        return [
          {
            displayName: info.user ?? info.hubDomain ?? "HubSpot user",
            email: info.user,
            platformAccountId: info.userId,
            businessId: info.hubId,
            businessName: info.hubDomain,
          },
        ];
      });
    },

    removeAccess(input) {
      checkService(input.serviceId);
      return mapped(() => removeHubSpotAccess(http, input, tokenInfo));
    },

    removalToken: hubspotRemovalToken,
  };
}
