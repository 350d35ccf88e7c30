// Granting on HubSpot: the client's portal gets the agency's email as a user (User
// provisioning v3, https://developers.hubspot.com/docs/api-reference/settings-user-provisioning-v3/guide).
// The asset is the portal the client signed in to (hubspot-oauth.ts, token metadata `hub_id`).
// Each call is named by the official SDK's request factory it matches (HubSpot/hubspot-api-nodejs,
// codegen/settings/users; test/fixtures/platform-descriptions/hubspot-api-nodejs-sdk.json):
// 1. "Retrieves a user" (UsersApi.getById: GET /settings/v3/users/{userId}?idProperty=EMAIL).
// 2. "Retrieves the roles on an account" (RolesApi.getAll: GET /settings/v3/users/roles) and
//    the mapping of hubspot-roles.ts: a catalog role the API cannot give fails with HubSpot's
//    manual steps.
// 2b. A user already there at the level asked for or above is already granted (never
//    lowered). A weaker one is raised with "Updates a user" (UsersApi.replace: PUT
//    /settings/v3/users/{userId}, the user's numeric id, body a PublicUserUpdate whose fields
//    are primaryTeamId, roleId, secondaryTeamIds; only `roleId` is sent, so its teams stay),
//    then read back. A user whose role the mapping cannot place is left as it is, with steps.
// 3. "Adds a user" (UsersApi.create: POST /settings/v3/users/ with `{ email, roleId?,
//    sendWelcomeEmail: true }`, fields of the SDK's UserProvisionRequest: email required;
//    roleId, primaryTeamId, secondaryTeamIds, firstName, lastName, sendWelcomeEmail optional);
//    HubSpot creates the user at once and emails the agency a welcome link. A 409 (the user
//    exists after all) counts as already granted.
// 4. Read back with step 1: present, and with the role asked for.
// 401 and 429 fail the whole attempt; other refusals (403 when the signed-in user may not add
// users) fail the portal with HubSpot's message.
import { ConnectorError, type AgencyAccountRef, type AssetGrantResult } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { hubspotCall, hubspotSend, str } from "@/lib/infra/connectors/hubspot/hubspot-api";
import { hubspotError } from "@/lib/infra/connectors/hubspot/hubspot-errors";
import type { HubSpotTokenInfo } from "@/lib/infra/connectors/hubspot/hubspot-oauth";
import {
  HUBSPOT_ROLE_ORDER,
  hubspotLevelOf,
  hubspotRoleFor,
  type HubSpotRole,
} from "@/lib/infra/connectors/hubspot/hubspot-roles";
import { roleIncludes } from "@/lib/infra/connectors/role-order";
import { assetFailure, attemptError } from "@/lib/infra/connectors/platform-errors";

type GrantInput = {
  accessToken: string;
  serviceId: string;
  assetIds: string[];
  role: string | null;
  agencyAccount: AgencyAccountRef;
};
export type HubSpotUser = { id: string; email: string; roleIds: string[]; superAdmin: boolean };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function agencyEmail(agency: AgencyAccountRef): string {
  const email = agency.email?.trim();
  if (!email || !EMAIL.test(email))
    throw new ConnectorError(
      "platform_error",
      "The agency has not connected its HubSpot user email yet, so access cannot be shared with it.",
    );
  return email;
}

/** The portal's user with this email, or null (404): UsersApi.getById with idProperty=EMAIL. */
export async function findUser(http: ConnectorHttp, accessToken: string, email: string): Promise<HubSpotUser | null> {
  const res = await hubspotSend(http, {
    path: `/settings/v3/users/${encodeURIComponent(email)}`,
    accessToken,
    query: { idProperty: "EMAIL" },
  });
  if (res.status === 404) return null;
  if (res.status < 200 || res.status >= 300) throw hubspotError(res);
  const u = (res.json ?? {}) as Record<string, unknown>;
  const roleIds = [...(Array.isArray(u.roleIds) ? u.roleIds : []), u.roleId].map(str).filter((r): r is string => !!r);
  return {
    id: str(u.id) ?? "",
    email: str(u.email) ?? email,
    roleIds: [...new Set(roleIds)],
    superAdmin: u.superAdmin === true,
  };
}

/** The portal's roles: RolesApi.getAll, `results[]` of PublicPermissionSet `{ id, name, requiresBillingWrite }`. */
async function portalRoles(http: ConnectorHttp, accessToken: string): Promise<HubSpotRole[]> {
  const body = await hubspotCall(http, { path: "/settings/v3/users/roles", accessToken });
  return ((Array.isArray(body.results) ? body.results : []) as Record<string, unknown>[])
    .filter((r) => str(r.id) && str(r.name))
    .map((r) => ({ id: str(r.id)!, name: str(r.name)!, requiresBillingWrite: r.requiresBillingWrite === true }));
}

/** Raises an existing user to the role asked for, or says why it stays as it is. */
async function raiseExisting(
  http: ConnectorHttp,
  token: string,
  input: GrantInput,
  assetId: string,
  user: HubSpotUser,
  email: string,
): Promise<AssetGrantResult> {
  const wanted = input.role ?? "view_only";
  if (user.superAdmin) return { assetId, ok: true, error: null, alreadyGranted: true, verified: true };
  const roles = await portalRoles(http, token);
  const held = hubspotLevelOf(user, roles);
  if ("level" in held && roleIncludes(HUBSPOT_ROLE_ORDER, held.level, wanted))
    return { assetId, ok: true, error: null, alreadyGranted: true, verified: true };
  if ("unknownRole" in held)
    return {
      assetId,
      ok: false,
      error: `${email} is already a user of this HubSpot account with the role "${held.unknownRole}", which is left as it is so no access is lost. In HubSpot, open Settings, then Users & Teams, and give ${email} the access requested.`,
      errorKind: "platform_error",
    };
  const choice = hubspotRoleFor(wanted, roles, email);
  if ("refused" in choice) return { assetId, ok: false, error: choice.refused, errorKind: "platform_error" };
  if (choice.roleId === null) return { assetId, ok: true, error: null, alreadyGranted: true, verified: true };
  // UsersApi.replace: PUT /settings/v3/users/{userId} by the user's id, a PublicUserUpdate body.
  const res = await hubspotSend(http, {
    method: "PUT",
    path: `/settings/v3/users/${encodeURIComponent(user.id)}`,
    accessToken: token,
    json: { roleId: choice.roleId },
  });
  if (res.status < 200 || res.status >= 300) throw hubspotError(res);
  return { assetId, ok: true, error: null, verified: await readBack(http, token, email, choice.roleId) };
}

async function readBack(http: ConnectorHttp, token: string, email: string, roleId: string | null) {
  try {
    const user = await findUser(http, token, email);
    return !!user && (roleId === null || user.roleIds.includes(roleId));
  } catch (err) {
    if (attemptError(err)) throw attemptError(err)!;
    return null;
  }
}

export async function grantHubSpot(
  http: ConnectorHttp,
  input: GrantInput,
  tokenInfo: (accessToken: string) => Promise<HubSpotTokenInfo>,
): Promise<AssetGrantResult[]> {
  const email = agencyEmail(input.agencyAccount);
  const token = input.accessToken;
  const { hubId } = await tokenInfo(token);
  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    if (assetId !== hubId) {
      results.push({
        assetId,
        ok: false,
        error: `${assetId} is not the HubSpot account you signed in to.`,
        errorKind: "platform_error",
      });
      continue;
    }
    try {
      const existing = await findUser(http, token, email);
      if (existing) {
        results.push(await raiseExisting(http, token, input, assetId, existing, email));
        continue;
      }
      const choice = hubspotRoleFor(input.role, await portalRoles(http, token), email);
      if ("refused" in choice) {
        results.push({ assetId, ok: false, error: choice.refused, errorKind: "platform_error" });
        continue;
      }
      // UsersApi.create: the SDK's path, with its trailing slash; the body is a UserProvisionRequest.
      const res = await hubspotSend(http, {
        method: "POST",
        path: "/settings/v3/users/",
        accessToken: token,
        json: { email, ...(choice.roleId ? { roleId: choice.roleId } : {}), sendWelcomeEmail: true },
      });
      if (res.status === 409) {
        results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true });
        continue;
      }
      if (res.status < 200 || res.status >= 300) throw hubspotError(res);
      results.push({ assetId, ok: true, error: null, verified: await readBack(http, token, email, choice.roleId) });
    } catch (err) {
      results.push(assetFailure("HubSpot", assetId, err));
    }
  }
  return results;
}
