// The Microsoft Advertising connector (microsoft_ads) on the Customer Management API:
// sign-in with PKCE (microsoft-oauth.ts), listing (microsoft-assets.ts), user invitations
// and read-back (microsoft-grants.ts), errors (microsoft-errors.ts), roles (microsoft-roles.ts).
// Documentation: Customer Management service reference
// (https://learn.microsoft.com/en-us/advertising/customer-management-service/customer-management-service-reference)
// and Microsoft identity platform OAuth 2.0 authorization code flow
// (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow); each call names its page where it is made.
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { currentUser, listAccounts } from "@/lib/infra/connectors/microsoft/microsoft-assets";
import { grantMicrosoft, verifyMicrosoft } from "@/lib/infra/connectors/microsoft/microsoft-grants";
import {
  exchangeMicrosoftCode,
  refreshMicrosoftToken,
  microsoftAuthorizationUrl,
  type MicrosoftCredentials,
} from "@/lib/infra/connectors/microsoft/microsoft-oauth";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

function checkService(serviceId: string) {
  if (serviceId !== "microsoft_ads")
    throw new ConnectorError("server_error", `Microsoft Advertising has no service ${serviceId}`);
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toConnectorError("Microsoft Advertising", err);
  }
}

export function createMicrosoftConnector(creds: MicrosoftCredentials, http: ConnectorHttp): PlatformConnector {
  return {
    platform: "microsoft",

    beginSignIn({ state, redirectUri, codeVerifier }) {
      return { authorizationUrl: microsoftAuthorizationUrl(http, creds, { state, redirectUri, codeVerifier }) };
    },

    refreshAgencyToken: ({ refreshToken, now }) => refreshMicrosoftToken(http, creds, refreshToken, now),
    handleCallback({ code, redirectUri, codeVerifier }) {
      return exchangeMicrosoftCode(http, creds, { code, redirectUri, codeVerifier });
    },

    listAssets({ accessToken, serviceId }) {
      checkService(serviceId);
      return mapped(async () =>
        (await listAccounts(http, accessToken, creds.developerToken)).map(({ id, name }) => ({ id, name })),
      );
    },

    grantAccess(input) {
      checkService(input.serviceId);
      return mapped(async () => ({ results: await grantMicrosoft(http, creds.developerToken, input) }));
    },

    listAgencyIdentities({ accessToken }) {
      return mapped(async () => {
        const user = await currentUser(http, accessToken, creds.developerToken);
        return [
          {
            displayName: user.name ?? user.email ?? "Microsoft Advertising user",
            email: user.email,
            platformAccountId: user.id,
            businessId: null,
            businessName: null,
          },
        ];
      });
    },

    verifyAccess(input) {
      checkService(input.serviceId);
      return mapped(() => verifyMicrosoft(http, creds.developerToken, input));
    },
  };
}
