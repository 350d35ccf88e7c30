// The LinkedIn connector (linkedin_ads, linkedin_page) on the versioned LinkedIn Marketing
// API: sign-in (linkedin-oauth.ts), listing (linkedin-assets.ts), grants and read-back
// (linkedin-grants.ts), errors (linkedin-errors.ts), roles (linkedin-roles.ts).
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import {
  linkedinMember,
  listAdministeredPages,
  listShareableAdAccounts,
} from "@/lib/infra/connectors/linkedin/linkedin-assets";
import { grantLinkedIn, verifyLinkedIn } from "@/lib/infra/connectors/linkedin/linkedin-grants";
import { linkedinRemovalToken, removeLinkedInAccess } from "@/lib/infra/connectors/linkedin/linkedin-removal";
import {
  exchangeLinkedInCode,
  linkedinAuthorizationUrl,
  refreshLinkedInToken,
  type LinkedInCredentials,
} from "@/lib/infra/connectors/linkedin/linkedin-oauth";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

export const LINKEDIN_SERVICES = ["linkedin_ads", "linkedin_page"] as const;

function checkService(serviceId: string) {
  if (!(LINKEDIN_SERVICES as readonly string[]).includes(serviceId))
    throw new ConnectorError("server_error", `LinkedIn has no service ${serviceId}`);
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toConnectorError("LinkedIn", err);
  }
}

export function createLinkedInConnector(creds: LinkedInCredentials, http: ConnectorHttp): PlatformConnector {
  return {
    platform: "linkedin",

    beginSignIn({ state, redirectUri, serviceIds, agency }) {
      return {
        authorizationUrl: linkedinAuthorizationUrl(http, creds, { state, redirectUri, serviceIds, agency: !!agency }),
      };
    },

    handleCallback({ code, redirectUri }) {
      return exchangeLinkedInCode(http, creds, { code, redirectUri });
    },

    refreshAgencyToken: ({ refreshToken, now }) => refreshLinkedInToken(http, creds, refreshToken, now),

    listAssets({ accessToken, serviceId }) {
      checkService(serviceId);
      return mapped(() =>
        serviceId === "linkedin_ads"
          ? listShareableAdAccounts(http, accessToken)
          : listAdministeredPages(http, accessToken),
      );
    },

    grantAccess(input) {
      checkService(input.serviceId);
      return mapped(async () => ({ results: await grantLinkedIn(http, input) }));
    },

    listAgencyIdentities({ accessToken }) {
      return mapped(async () => {
        const member = await linkedinMember(http, accessToken);
        return [
          {
            displayName: member.name ?? member.email ?? "LinkedIn member",
            email: member.email,
            platformAccountId: `urn:li:person:${member.sub}`,
            businessId: null,
            businessName: null,
          },
        ];
      });
    },

    verifyAccess(input) {
      checkService(input.serviceId);
      return mapped(() => verifyLinkedIn(http, input));
    },

    removeAccess(input) {
      checkService(input.serviceId);
      return mapped(() => removeLinkedInAccess(http, input));
    },

    removalToken: linkedinRemovalToken,
  };
}
