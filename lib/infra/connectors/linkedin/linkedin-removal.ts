// Removing the agency's LinkedIn access (offboarding), with the client's token (an ad
// account user with the Account Manager role may manage the account's users):
// - linkedin_ads: "Delete Ad Account User", DELETE /rest/adAccountUsers/(account:{urn},user:{urn})
//   (Ad Account Users API,
//   https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-account-users),
//   read back with "Fetch Ad Account User" (404 once removed);
// - linkedin_page: no removal call is used here (the Organization Access Control page
//   documents adding and reading roles): the checklist.
import type { RemovalToken, RemoveAccessInput, RemovedAccess } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { encodeUrn, linkedinSend, LINKEDIN_REST } from "@/lib/infra/connectors/linkedin/linkedin-api";
import { linkedinError } from "@/lib/infra/connectors/linkedin/linkedin-errors";
import { memberUrn } from "@/lib/infra/connectors/linkedin/linkedin-grants";
import { attemptError } from "@/lib/infra/connectors/platform-errors";

export function linkedinRemovalToken(serviceId: string): RemovalToken | null {
  return serviceId === "linkedin_ads" ? "client" : null;
}

export async function removeLinkedInAccess(http: ConnectorHttp, input: RemoveAccessInput): Promise<RemovedAccess[]> {
  if (input.serviceId !== "linkedin_ads") {
    return input.assetIds.map((assetId) => ({
      assetId,
      removed: false,
      detail: "LinkedIn Page roles are removed by hand: follow the checklist.",
    }));
  }
  const member = memberUrn(input.agencyAccount);
  const out: RemovedAccess[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    if (!/^\d{1,20}$/.test(assetId)) {
      out.push({ assetId, removed: false, detail: `${assetId} is not a LinkedIn ad account id.` });
      continue;
    }
    const url = `${LINKEDIN_REST}/adAccountUsers/(account:${encodeUrn(`urn:li:sponsoredAccount:${assetId}`)},user:${encodeUrn(member)})`;
    const res = await linkedinSend(http, { method: "DELETE", url, accessToken: input.accessToken });
    if (res.status >= 400 && res.status !== 404) {
      const err = linkedinError(res);
      const whole = attemptError(err);
      if (whole) throw whole;
      out.push({ assetId, removed: false, detail: err.message });
      continue;
    }
    const read = await linkedinSend(http, { url, accessToken: input.accessToken });
    out.push(
      read.status === 404
        ? { assetId, removed: true, detail: null }
        : { assetId, removed: false, detail: "LinkedIn still lists the agency as a user of this ad account." },
    );
  }
  return out;
}
