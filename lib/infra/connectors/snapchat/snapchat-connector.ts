// The Snapchat connector (snapchat_ads) on the Snapchat Marketing API: sign-in
// (snapchat-oauth.ts), listing (snapchat-assets.ts), member invitation, roles and read-back
// (snapchat-grants.ts), removal (snapchat-removal.ts), errors (snapchat-errors.ts), roles
// (snapchat-roles.ts).
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { listSnapchatAdAccounts, snapchatMe } from "@/lib/infra/connectors/snapchat/snapchat-assets";
import { grantSnapchat, verifySnapchat } from "@/lib/infra/connectors/snapchat/snapchat-grants";
import {
  exchangeSnapchatCode,
  refreshSnapchatToken,
  snapchatAuthorizationUrl,
  type SnapchatCredentials,
} from "@/lib/infra/connectors/snapchat/snapchat-oauth";
import { removeSnapchatAccess, snapchatRemovalToken } from "@/lib/infra/connectors/snapchat/snapchat-removal";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

function checkService(serviceId: string) {
  if (serviceId !== "snapchat_ads") throw new ConnectorError("server_error", `Snapchat has no service ${serviceId}`);
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toConnectorError("Snapchat", err);
  }
}

export function createSnapchatConnector(creds: SnapchatCredentials, http: ConnectorHttp): PlatformConnector {
  return {
    platform: "snapchat",

    beginSignIn({ state, redirectUri }) {
      return { authorizationUrl: snapchatAuthorizationUrl(http, creds, { state, redirectUri }) };
    },

    handleCallback({ code, redirectUri }) {
      return exchangeSnapchatCode(http, creds, { code, redirectUri });
    },

    refreshAgencyToken: ({ refreshToken, now }) => refreshSnapchatToken(http, creds, refreshToken, now),

    listAssets({ accessToken, serviceId }) {
      checkService(serviceId);
      return mapped(() => listSnapchatAdAccounts(http, accessToken));
    },

    grantAccess(input) {
      checkService(input.serviceId);
      return mapped(async () => ({ results: await grantSnapchat(http, input) }));
    },

    // The agency's user: its email is what client organizations invite as a Member.
    listAgencyIdentities({ accessToken }) {
      return mapped(async () => {
        const me = await snapchatMe(http, accessToken);
        return [
          {
            displayName: me.displayName ?? me.email ?? "Snapchat user",
            email: me.email,
            platformAccountId: me.id,
            businessId: me.organizationId,
            businessName: null,
          },
        ];
      });
    },

    verifyAccess(input) {
      checkService(input.serviceId);
      return mapped(() => verifySnapchat(http, input));
    },

    removeAccess(input) {
      checkService(input.serviceId);
      return mapped(() => removeSnapchatAccess(http, input));
    },

    removalToken: snapchatRemovalToken,
  };
}
