// Granting the agency's Google account access to each picked asset, one documented call
// per service, then reading the grant back where Google documents a read. Per-asset
// refusals come back in the result (partial success); an expired token, or a rate limit
// before anything was granted, fails the whole attempt.
//
// Never weaker (GOOGLE_ROLE_ORDER): where the agency's email already has access, what it
// holds is read; a role that includes the asked one is already granted with nothing written,
// and a weaker one is raised without dropping anything held: the Analytics binding keeps its
// data restrictions, the Tag Manager permission keeps its other containers, the Merchant
// Center user keeps its other access rights (the union is sent).

import {
  ConnectorError,
  type AssetGrantResult,
  type GrantAccessInput,
  type GrantResult,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import {
  ANALYTICS_ROLES,
  BUSINESS_PROFILE_ROLES,
  GOOGLE_HOSTS,
  GOOGLE_ROLE_ORDER,
  MERCHANT_ACCESS_RIGHTS,
  analyticsRank,
  tagManagerPermission,
  tagManagerRank,
} from "@/lib/infra/connectors/google/google-api";
import {
  RATE_LIMITED_TEXT,
  attemptError,
  googleCall,
  send,
  type GrantContext,
  type Outcome,
} from "@/lib/infra/connectors/google/google-call";
import { GoogleApiError } from "@/lib/infra/connectors/google/google-errors";
import { assetFailure } from "@/lib/infra/connectors/platform-errors";
import {
  grantAdsInvitation,
  grantAdsManagerLink,
  adsGrantSetup,
} from "@/lib/infra/connectors/google/google-ads-grants";
import {
  listAccessBindings,
  listAdmins,
  listUserPermissions,
  readBack,
} from "@/lib/infra/connectors/google/google-verify";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";

async function grantAnalytics(ctx: GrantContext, property: string, role: string): Promise<Outcome> {
  const wanted = ANALYTICS_ROLES[role]!;
  // https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1alpha/properties.accessBindings/create
  const created = await send(ctx, {
    method: "POST",
    url: `${GOOGLE_HOSTS.analyticsAdmin}/v1alpha/${property}/accessBindings`,
    json: { user: ctx.email, roles: [wanted] },
  });
  if (!created.ok || !created.already) return created;
  // The email already has a binding here: keep it if it includes the requested role, otherwise raise it.
  const binding = (await listAccessBindings(ctx.http, ctx.token, property)).find(
    (b) => (b.user ?? "").toLowerCase() === ctx.email.toLowerCase(),
  );
  if (!binding || analyticsRank(binding.roles) >= analyticsRank([wanted])) return { ok: true, already: true };
  // The binding's roles are replaced by the list sent: the asked role, and every held role in no
  // chain (a data restriction), so only the weaker role it includes is left out.
  const order = GOOGLE_ROLE_ORDER.google_analytics!;
  const kept = (binding.roles ?? []).filter((r) => !order.some((chain) => chain.includes(r)));
  // https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1alpha/properties.accessBindings/patch
  const patched = await send(ctx, {
    method: "PATCH",
    url: `${GOOGLE_HOSTS.analyticsAdmin}/v1alpha/${binding.name}`,
    json: { name: binding.name, user: binding.user, roles: [wanted, ...kept] },
  });
  return patched.ok ? { ok: true, already: false } : patched;
}

async function grantTagManager(ctx: GrantContext, containerPath: string, role: string | null): Promise<Outcome> {
  const permission = tagManagerPermission(role)!;
  const [, account, , container] = containerPath.split("/");
  const accountPath = `accounts/${account}`;
  const existing = (await listUserPermissions(ctx.http, ctx.token, accountPath)).find(
    (p) => (p.emailAddress ?? "").toLowerCase() === ctx.email.toLowerCase(),
  );
  if (!existing) {
    // https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.user_permissions/create
    return send(ctx, {
      method: "POST",
      url: `${GOOGLE_HOSTS.tagManager}/tagmanager/v2/${accountPath}/user_permissions`,
      json: {
        emailAddress: ctx.email,
        accountAccess: { permission: "user" },
        containerAccess: [{ containerId: container, permission }],
      },
    });
  }
  const current = existing.containerAccess?.find((c) => c.containerId === container);
  if (tagManagerRank(current?.permission) >= tagManagerRank(permission)) return { ok: true, already: true };
  // One UserPermission per email and account: add or raise this container in it.
  // https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.user_permissions/update
  const containerAccess = [
    ...(existing.containerAccess ?? []).filter((c) => c.containerId !== container),
    { containerId: container!, permission },
  ];
  const updated = await send(ctx, {
    method: "PUT",
    url: `${GOOGLE_HOSTS.tagManager}/tagmanager/v2/${existing.path}`,
    json: {
      path: existing.path,
      emailAddress: existing.emailAddress,
      accountAccess: existing.accountAccess ?? { permission: "user" },
      containerAccess,
    },
  });
  return updated.ok ? { ok: true, already: false } : updated;
}

async function grantMerchant(ctx: GrantContext, account: string, role: string): Promise<Outcome> {
  const asked = MERCHANT_ACCESS_RIGHTS[role]!;
  // https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users/create
  // The new user is PENDING until they accept Google's email; ALREADY_EXISTS when the email is a user.
  const created = await send(ctx, {
    method: "POST",
    url: `${GOOGLE_HOSTS.merchant}/accounts/v1/${account}/users`,
    query: { userId: ctx.email },
    json: { accessRights: asked },
  });
  if (!created.ok || !created.already) return created;
  // Already a user: keep its rights if they include the asked ones, else add them (the union).
  // https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users/get
  const name = `${account}/users/${encodeURIComponent(ctx.email)}`;
  const got = await googleCall(ctx.http, { url: `${GOOGLE_HOSTS.merchant}/accounts/v1/${name}`, token: ctx.token });
  if (!got.ok) return { ok: true, already: true };
  const held = ((got.res.json ?? {}) as { accessRights?: string[] }).accessRights ?? [];
  const order = GOOGLE_ROLE_ORDER.google_merchant_center!;
  if (asked.every((r) => anyIncludes(order, held, r))) return { ok: true, already: true };
  // https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users/patch
  const patched = await send(ctx, {
    method: "PATCH",
    url: `${GOOGLE_HOSTS.merchant}/accounts/v1/${name}`,
    query: { updateMask: "accessRights" },
    json: { accessRights: [...new Set([...held, ...asked])] },
  });
  return patched.ok ? { ok: true, already: false } : patched;
}

async function grantBusinessProfile(ctx: GrantContext, location: string, role: string): Promise<Outcome> {
  const asked = BUSINESS_PROFILE_ROLES[role]!;
  // https://developers.google.com/my-business/reference/accountmanagement/rest/v1/locations.admins/create
  // Google emails the invitee, who accepts it to become an admin.
  const created = await send(ctx, {
    method: "POST",
    url: `${GOOGLE_HOSTS.businessAccounts}/v1/${location}/admins`,
    json: { admin: ctx.email, role: asked },
  });
  if (!created.ok || !created.already) return created;
  // Already an admin (or invited): keep a role that includes the asked one, else raise it.
  const admin = (await listAdmins(ctx.http, ctx.token, location)).find(
    (a) => (a.admin ?? "").toLowerCase() === ctx.email.toLowerCase(),
  );
  if (!admin?.name || !admin.role || roleIncludes(GOOGLE_ROLE_ORDER.google_business_profile!, admin.role, asked))
    return { ok: true, already: true };
  // https://developers.google.com/my-business/reference/accountmanagement/rest/v1/locations.admins/patch
  const patched = await send(ctx, {
    method: "PATCH",
    url: `${GOOGLE_HOSTS.businessAccounts}/v1/${admin.name}`,
    query: { updateMask: "role" },
    json: { role: asked },
  });
  return patched.ok ? { ok: true, already: false } : patched;
}

/**
 * The services Google grants by an invitation the agency's email must accept, and where the
 * agency accepts it (besides the link in Google's email): the product's own sign-in, where
 * pending invitations are listed.
 * - Google Ads: https://developers.google.com/google-ads/api/docs/account-management/managing-invitations
 *   ("The email invitation needs to be manually accepted by the user who received the invitation")
 * - Merchant Center: a new user is PENDING "until they accept" (accounts.users, State)
 * - Business Profile: https://developers.google.com/my-business/reference/accountmanagement/rest/v1/locations.admins/create
 *   (the invitee becomes an admin once they accept; `pendingInvitation` until then)
 */
export const GOOGLE_INVITATION_ACCEPT_URLS: Readonly<Record<string, string>> = {
  google_ads: "https://ads.google.com/",
  google_merchant_center: "https://merchants.google.com/",
  google_business_profile: "https://business.google.com/",
};

/** Refuses a role the API has no equivalent for before any call is made. */
function checkRole(serviceId: string, role: string | null): void {
  const known =
    serviceId === "google_analytics"
      ? !!role && role in ANALYTICS_ROLES
      : serviceId === "google_tag_manager"
        ? tagManagerPermission(role) !== null
        : serviceId === "google_merchant_center"
          ? !!role && role in MERCHANT_ACCESS_RIGHTS
          : serviceId === "google_business_profile"
            ? !!role && role in BUSINESS_PROFILE_ROLES
            : true;
  if (!known)
    throw new ConnectorError(
      "platform_error",
      `Google cannot grant the "${role ?? ""}" role through its API. Please ask the agency for the manual steps.`,
    );
}

function toResult(assetId: string, outcome: Outcome, ctx: GrantContext): AssetGrantResult {
  if (outcome.ok) return { assetId, ok: true, error: null, ...(outcome.already ? { alreadyGranted: true } : {}) };
  const { failure } = outcome;
  if (failure.kind === "reauth") throw attemptError(failure);
  if (failure.kind === "rate_limited") {
    // Nothing granted yet: the attempt fails as rate limited; otherwise keep what was granted.
    if (ctx.grantedSoFar === 0) throw attemptError(failure);
    return { assetId, ok: false, error: RATE_LIMITED_TEXT, errorKind: "platform_error" };
  }
  // the rest through the shared mapping: a refusal with Google's message, an outage
  // `platform_unavailable`, our own failure `server_error`
  return assetFailure("Google", assetId, new GoogleApiError(failure));
}

export async function grantGoogleAccess(
  http: ConnectorHttp,
  developerToken: string | null,
  input: GrantAccessInput,
): Promise<GrantResult> {
  const email = input.agencyAccount.email;
  if (!email)
    throw new ConnectorError(
      "platform_error",
      "The agency's Google account has no email address to share with. Please ask the agency to reconnect Google.",
    );
  checkRole(input.serviceId, input.role);
  const ctx: GrantContext = { http, token: input.accessToken, developerToken, email, grantedSoFar: 0 };
  const ads =
    input.serviceId === "google_ads" || input.serviceId === "google_ads_mcc"
      ? adsGrantSetup(input, developerToken)
      : null;

  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    let outcome: Outcome;
    switch (input.serviceId) {
      case "google_analytics":
        outcome = await grantAnalytics(ctx, assetId, input.role!);
        break;
      case "google_tag_manager":
        outcome = await grantTagManager(ctx, assetId, input.role);
        break;
      case "google_ads":
        outcome = await grantAdsInvitation(ctx, ads!, assetId);
        break;
      case "google_ads_mcc":
        outcome = await grantAdsManagerLink(ctx, ads!, assetId);
        break;
      case "google_merchant_center":
        outcome = await grantMerchant(ctx, assetId, input.role!);
        break;
      case "google_business_profile":
        outcome = await grantBusinessProfile(ctx, assetId, input.role!);
        break;
      default:
        throw new ConnectorError(
          "platform_error",
          "This Google service is granted by following its steps, not by signing in.",
        );
    }
    const result = toResult(assetId, outcome, ctx);
    if (result.ok) {
      ctx.grantedSoFar++;
      const read = await readBack({
        http,
        token: ctx.token,
        developerToken,
        serviceId: input.serviceId,
        assetId,
        email,
        role: input.role,
        managerId: ads?.managerId,
      });
      result.verified = read ? read.present : null;
      const acceptUrl = GOOGLE_INVITATION_ACCEPT_URLS[input.serviceId];
      if (acceptUrl)
        result.invitation = {
          sentTo: email,
          acceptUrl,
          status: read?.invitation === "accepted" ? "accepted" : "pending",
        };
    }
    results.push(result);
  }
  return { results };
}
