// Removing the agency's user from the client's HubSpot account (offboarding), with the
// client's token: "Removes a user" (the official SDK's UsersApi.archive, DELETE
// /settings/v3/users/{userId}?idProperty=EMAIL; User provisioning v3,
// https://developers.hubspot.com/docs/api-reference/settings-user-provisioning-v3/guide),
// then read back with "Retrieves a user" (UsersApi.getById; 404: gone). A user already gone
// counts as removed. Only the portal the client signed in to can be changed.
import type { RemovalToken, RemoveAccessInput, RemovedAccess } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { hubspotSend } from "@/lib/infra/connectors/hubspot/hubspot-api";
import { hubspotError } from "@/lib/infra/connectors/hubspot/hubspot-errors";
import { agencyEmail, findUser } from "@/lib/infra/connectors/hubspot/hubspot-grants";
import type { HubSpotTokenInfo } from "@/lib/infra/connectors/hubspot/hubspot-oauth";
import { attemptError } from "@/lib/infra/connectors/platform-errors";

export function hubspotRemovalToken(serviceId: string): RemovalToken | null {
  return serviceId === "hubspot_portal" ? "client" : null;
}

export async function removeHubSpotAccess(
  http: ConnectorHttp,
  input: RemoveAccessInput,
  tokenInfo: (accessToken: string) => Promise<HubSpotTokenInfo>,
): Promise<RemovedAccess[]> {
  const email = agencyEmail(input.agencyAccount);
  const { hubId } = await tokenInfo(input.accessToken);
  const out: RemovedAccess[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    if (assetId !== hubId) {
      out.push({ assetId, removed: false, detail: "Sign in to this HubSpot account to remove the agency from it." });
      continue;
    }
    const res = await hubspotSend(http, {
      method: "DELETE",
      path: `/settings/v3/users/${encodeURIComponent(email)}`,
      accessToken: input.accessToken,
      query: { idProperty: "EMAIL" },
    });
    let refusal: string | null = null;
    if ((res.status < 200 || res.status >= 300) && res.status !== 404) {
      const err = hubspotError(res);
      const whole = attemptError(err);
      if (whole) throw whole;
      refusal = err.message;
    }
    const still = await findUser(http, input.accessToken, email);
    out.push(
      still
        ? { assetId, removed: false, detail: refusal ?? "HubSpot still lists the agency's user." }
        : { assetId, removed: true, detail: null },
    );
  }
  return out;
}
