// Removing the agency from the client's Snapchat ad accounts (offboarding), with the client's
// token (only an organization admin manages members and roles): for each ad account, "Delete
// a Role" (DELETE /v1/roles/{role_id}) for every ad account role of the agency's Member on it
// (Roles, https://developers.snap.com/api/marketing-api/Ads-API/roles); when the Member holds
// no ad account role in the organization afterwards and only the organization role `member`,
// "Delete a Member" (DELETE /v1/members/{member_id}, Members,
// https://developers.snap.com/api/marketing-api/Ads-API/members) takes it out of the
// organization (a pending invitation is withdrawn the same way). An organization admin is
// never removed: that access was not given by a grant. The roles are read back afterwards.
import type { RemovalToken, RemoveAccessInput, RemovedAccess } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { snapchatSend } from "@/lib/infra/connectors/snapchat/snapchat-api";
import { snapchatAdAccounts } from "@/lib/infra/connectors/snapchat/snapchat-assets";
import { snapchatError } from "@/lib/infra/connectors/snapchat/snapchat-errors";
import { agencyEmail, findMember, memberRoles } from "@/lib/infra/connectors/snapchat/snapchat-grants";
import { attemptError } from "@/lib/infra/connectors/platform-errors";

export function snapchatRemovalToken(serviceId: string): RemovalToken | null {
  return serviceId === "snapchat_ads" ? "client" : null;
}

/** Sends a DELETE; a 404 (already gone) is fine. Returns the refusal's text, or null. */
async function remove(http: ConnectorHttp, accessToken: string, path: string): Promise<string | null> {
  const res = await snapchatSend(http, { method: "DELETE", path, accessToken });
  if ((res.status >= 200 && res.status < 300) || res.status === 404) return null;
  const err = snapchatError(res);
  const whole = attemptError(err);
  if (whole) throw whole;
  return err.message;
}

export async function removeSnapchatAccess(http: ConnectorHttp, input: RemoveAccessInput): Promise<RemovedAccess[]> {
  const email = agencyEmail(input.agencyAccount);
  const token = input.accessToken;
  const orgOf = new Map((await snapchatAdAccounts(http, token)).map((a) => [a.id, a.organizationId]));
  const out: RemovedAccess[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const organizationId = orgOf.get(assetId);
    if (!organizationId) {
      out.push({ assetId, removed: false, detail: "Snapchat did not list this ad account among yours." });
      continue;
    }
    const member = await findMember(http, token, organizationId, email);
    if (!member) {
      out.push({ assetId, removed: true, detail: null });
      continue;
    }
    const roles = await memberRoles(http, token, organizationId, member.id);
    if (roles.some((r) => r.adAccountId === null && r.type === "admin")) {
      out.push({
        assetId,
        removed: false,
        detail: "The agency's user is an admin of your Snapchat organization: remove it in Business Manager.",
      });
      continue;
    }
    let failure: string | null = null;
    for (const role of roles.filter((r) => r.adAccountId === assetId))
      failure ??= await remove(http, token, `/roles/${role.id}`);
    const left = await memberRoles(http, token, organizationId, member.id);
    const onAccount = left.filter((r) => r.adAccountId === assetId);
    if (onAccount.length === 0 && !left.some((r) => r.adAccountId !== null) && left.every((r) => r.type === "member")) {
      failure ??= await remove(http, token, `/members/${member.id}`);
    }
    out.push(
      onAccount.length === 0
        ? { assetId, removed: true, detail: null }
        : { assetId, removed: false, detail: failure ?? "Snapchat still lists the agency's role on this ad account." },
    );
  }
  return out;
}
