// Contract fake of the LinkedIn endpoints the LinkedIn connector calls, written from
// LinkedIn's documentation (see lib/infra/connectors/linkedin/): www.linkedin.com's
// /oauth/v2/authorization and /oauth/v2/accessToken, and api.linkedin.com's /v2/userinfo,
// /rest/adAccounts (search), /rest/adAccountUsers (authenticatedUser finder) and
// /rest/adAccountUsers/{key} (GET, PUT, DELETE; the PUT replaces the member's one role), /rest/organizationAcls
// (roleAssignee and organization finders, PUT on a key) and /rest/organizations/{id}. It
// refuses what LinkedIn refuses: wrong client id or secret, an unregistered or changed
// redirect_uri, unknown scopes, an unknown or reused code, a missing `LinkedIn-Version`
// or `X-Restli-Protocol-Version: 2.0.0` header, a missing or unknown token, a token
// without the scope, unknown roles, accounts and organizations, with LinkedIn's
// `{ status, code, message }` error bodies.
//
// Time and refresh, from Programmatic Refresh Tokens
// (https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens): the
// app is an approved Marketing Developer Platform app, so a code exchange answers an access token
// of 60 days (`expires_in`) and a refresh token of 365 days (`refresh_token_expires_in`); an access
// token past its 60 days answers 401 EXPIRED_ACCESS_TOKEN on the fake's clock, which the test moves
// (`advance`). The refresh grant (grant_type=refresh_token) answers a new 60-day access token and
// the same refresh token with the seconds left of its first 365 days (not renewed); an unknown,
// expired or revoked refresh token answers 400 invalid_grant. `revokeMember` is the member removing
// the app: its tokens answer 401 REVOKED_ACCESS_TOKEN and its refresh tokens invalid_grant.
//
// Who signs in: the client's member, or with `switches.signInAsAgency` the agency's member
// (`LINKEDIN_FAKE.agency`, the URN grants go to). The agency member's own reads
// ("Find Ad Account Users by Authenticated User", organizationAcls?q=roleAssignee) list the roles
// granted to it.
//
// Switches: `refuse` (account or organization ids answered 403), `expiredToken` (401
// EXPIRED_ACCESS_TOKEN), `rateLimitOnce` (the next API call answers 429), `rateLimitAlways`
// (every API call does), `outage` (every API call answers 503), `serverError`
// (grant PUTs answer 500); `alreadyGranted` preloads access.
import crypto from "node:crypto";
import { createFakeOAuth } from "@/test/support/fakes/fake-oauth";
import {
  startFakePlatform,
  type FakePlatform,
  type FakeRequest,
  type FakeResponse,
} from "@/test/support/fakes/fake-platform-server";

export const LINKEDIN_FAKE = {
  clientId: "86linkedinfake",
  clientSecret: "linkedin-fake-secret-0123",
  member: { sub: "Cl1entM3mber", name: "Ana Client", email: "ana@client.test" },
  agencyMember: "urn:li:person:AgencyP3rson",
  /** the agency's member as its own sign-in's userinfo gives it */
  agency: { sub: "AgencyP3rson", name: "Agency Person", email: "linkedin@agency.test" },
  adAccounts: [
    ["510000001", "Acme Ads"],
    ["510000002", "Acme Brand Ads"],
    ["510000003", "Acme Archive Ads"],
    // The client is only a VIEWER here: LinkedIn refuses their user changes.
    ["510000004", "Acme Partner Ads"],
  ] as [string, string][],
  /** the signed-in client's role on each ad account ("Find Ad Accounts by Authenticated User") */
  clientAdRoles: {
    "510000001": "ACCOUNT_MANAGER",
    "510000002": "ACCOUNT_BILLING_ADMIN",
    "510000003": "ACCOUNT_MANAGER",
    "510000004": "VIEWER",
  } as Record<string, string>,
  organizations: [
    ["2414183", "Acme Inc"],
    ["2414184", "Acme Careers"],
  ] as [string, string][],
} as const;

/** Programmatic Refresh Tokens: 60-day access tokens, 365-day refresh tokens */
export const LINKEDIN_ACCESS_TOKEN_SECONDS = 60 * 86400;
export const LINKEDIN_REFRESH_TOKEN_SECONDS = 365 * 86400;

const SCOPES = ["r_ads", "rw_ads", "r_organization_admin", "rw_organization_admin", "openid", "profile", "email"];
const AD_ROLES = ["ACCOUNT_BILLING_ADMIN", "ACCOUNT_MANAGER", "CAMPAIGN_MANAGER", "CREATIVE_MANAGER", "VIEWER"];
const ORG_ROLES = [
  "ADMINISTRATOR",
  "DIRECT_SPONSORED_CONTENT_POSTER",
  "RECRUITING_POSTER",
  "LEAD_GEN_FORMS_MANAGER",
  "ANALYST",
  "CURATOR",
  "CONTENT_ADMINISTRATOR",
];

export type LinkedInFakeSwitches = {
  refuse: Set<string>;
  expiredToken: boolean;
  rateLimitOnce: boolean;
  serverError: boolean;
  rateLimitAlways: boolean;
  outage: boolean;
  /** the next sign-ins are the agency's member */
  signInAsAgency: boolean;
};

export type LinkedInFake = FakePlatform & {
  switches: LinkedInFakeSwitches;
  /** account id -> member urn -> role */
  adUsers: Map<string, Map<string, string>>;
  /** `${orgId}|${role}|${memberUrn}` of APPROVED organization roles */
  orgAcls: Set<string>;
  alreadyGranted(serviceId: "linkedin_ads" | "linkedin_page", assetId: string, role: string): void;
  /** a token of the client's member with these scopes, as a code exchange issues it */
  clientToken(scopes: string[]): string;
  /** LinkedIn's clock: tokens expire on it; the test moves it */
  now(): number;
  advance(ms: number): void;
  /** the member (the agency's by default) removes the app: its tokens and refresh tokens stop working */
  revokeMember(member?: string): void;
  /** refresh grants answered with a new access token */
  refreshCount(): number;
};

type TokenGrant = { scopes: string[]; member: string; expiresAt: number };

const fail = (status: number, code: string, message: string, serviceErrorCode = 100): FakeResponse => ({
  status,
  json: { status, serviceErrorCode, code, message },
});

export async function startLinkedInFake(
  opts: { ports?: Record<string, number>; redirectUris?: string[]; consentPage?: boolean } = {},
): Promise<LinkedInFake> {
  // codes and tokens carry the granted scopes
  const oauth = createFakeOAuth<{ scopes: string[]; member: string }, TokenGrant>({
    redirectUris: opts.redirectUris,
    consentPage: opts.consentPage ? "LinkedIn" : undefined,
  });
  const adUsers = new Map<string, Map<string, string>>();
  const orgAcls = new Set<string>();
  const switches: LinkedInFakeSwitches = {
    refuse: new Set(),
    expiredToken: false,
    rateLimitOnce: false,
    serverError: false,
    rateLimitAlways: false,
    outage: false,
    signInAsAgency: false,
  };
  let clockOffset = 0;
  let refreshes = 0;
  const now = () => Date.now() + clockOffset;
  const clientMember = `urn:li:person:${LINKEDIN_FAKE.member.sub}`;
  const revoked = new Set<string>();
  const refreshTokens = new Map<string, { scopes: string[]; member: string; expiresAt: number }>();
  const issue = (scopes: string[], member: string) => {
    const token = oauth.exchange({ redirectUri: "", used: false, grant: { scopes, member } }, "li-token-", {
      scopes,
      member,
      expiresAt: now() + LINKEDIN_ACCESS_TOKEN_SECONDS * 1000,
    });
    return token;
  };
  const accountIds = new Set(LINKEDIN_FAKE.adAccounts.map(([id]) => id));
  const orgIds = new Set(LINKEDIN_FAKE.organizations.map(([id]) => id));
  const usersOf = (id: string) => {
    let m = adUsers.get(id);
    if (!m) adUsers.set(id, (m = new Map()));
    return m;
  };

  function authorize(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (q.response_type !== "code") return { status: 400, text: "response_type must be code" };
    if (q.client_id !== LINKEDIN_FAKE.clientId) return { status: 400, text: "invalid client_id" };
    if (!oauth.redirectAllowed(q.redirect_uri))
      return { status: 400, text: "The redirect_uri does not match the registered value" };
    const scopes = (q.scope ?? "").split(/[ ,]+/).filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.includes(s)))
      return {
        status: 400,
        text: `Scope "${scopes.find((s) => !SCOPES.includes(s)) ?? ""}" is not authorized for your application`,
      };
    return oauth.sendBack(q.redirect_uri, q.state, {
      scopes,
      member: switches.signInAsAgency ? LINKEDIN_FAKE.agencyMember : clientMember,
    });
  }

  function refresh(b: Record<string, string>): FakeResponse {
    if (b.client_id !== LINKEDIN_FAKE.clientId || b.client_secret !== LINKEDIN_FAKE.clientSecret)
      return { status: 401, json: { error: "invalid_client", error_description: "Client authentication failed" } };
    const grant = refreshTokens.get(b.refresh_token ?? "");
    if (!grant || revoked.has(grant.member) || grant.expiresAt <= now())
      return {
        status: 400,
        json: {
          error: "invalid_grant",
          error_description: "The provided authorization grant or refresh token is invalid, expired or revoked.",
        },
      };
    refreshes++;
    const token = issue(grant.scopes, grant.member);
    return {
      status: 200,
      json: {
        access_token: token,
        expires_in: LINKEDIN_ACCESS_TOKEN_SECONDS,
        refresh_token: b.refresh_token,
        refresh_token_expires_in: Math.floor((grant.expiresAt - now()) / 1000),
        scope: grant.scopes.join(","),
      },
    };
  }

  function accessToken(req: FakeRequest): FakeResponse {
    const b = (req.body ?? {}) as Record<string, string>;
    if (b.grant_type === "refresh_token") return refresh(b);
    if (b.grant_type !== "authorization_code")
      return {
        status: 400,
        json: { error: "invalid_request", error_description: 'A required parameter "grant_type" is missing' },
      };
    if (b.client_id !== LINKEDIN_FAKE.clientId || b.client_secret !== LINKEDIN_FAKE.clientSecret)
      return { status: 401, json: { error: "invalid_client", error_description: "Client authentication failed" } };
    const issued = oauth.pending(b.code, b.redirect_uri ?? "");
    if (!issued) {
      return {
        status: 400,
        json: {
          error: "invalid_request",
          error_description:
            "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
        },
      };
    }
    const token = oauth.exchange(issued, "li-token-", {
      ...issued.grant,
      expiresAt: now() + LINKEDIN_ACCESS_TOKEN_SECONDS * 1000,
    });
    const refreshToken = `li-refresh-${crypto.randomBytes(12).toString("hex")}`;
    refreshTokens.set(refreshToken, { ...issued.grant, expiresAt: now() + LINKEDIN_REFRESH_TOKEN_SECONDS * 1000 });
    return {
      status: 200,
      json: {
        access_token: token,
        expires_in: LINKEDIN_ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: LINKEDIN_REFRESH_TOKEN_SECONDS,
        scope: issued.grant.scopes.join(","),
      },
    };
  }

  function api(req: FakeRequest): FakeResponse {
    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (!token) return fail(401, "INVALID_ACCESS_TOKEN", "Empty oauth2 access token", 65600);
    if (switches.expiredToken)
      return fail(401, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired", 65601);
    const grant = oauth.tokenGrant(token);
    if (!grant) return fail(401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600);
    if (revoked.has(grant.member))
      return fail(401, "REVOKED_ACCESS_TOKEN", "The token used in the request has been revoked by the user", 65602);
    if (grant.expiresAt <= now())
      return fail(401, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired", 65601);
    const scopes = grant.scopes;
    const asAgency = grant.member === LINKEDIN_FAKE.agencyMember;
    if (req.path === "/v2/userinfo") {
      if (!scopes.includes("openid"))
        return fail(403, "ACCESS_DENIED", "Not enough permissions to access: userinfo.GET.NO_VERSION");
      const who = asAgency ? LINKEDIN_FAKE.agency : LINKEDIN_FAKE.member;
      return { status: 200, json: { sub: who.sub, name: who.name, email: who.email, email_verified: true } };
    }
    if (!/^\d{6}$/.test(req.headers["linkedin-version"] ?? ""))
      return fail(
        400,
        "VERSION_MISSING",
        "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
      );
    if (req.headers["x-restli-protocol-version"] !== "2.0.0")
      return fail(400, "ILLEGAL_ARGUMENT", "This API requires the X-Restli-Protocol-Version: 2.0.0 header.");
    if (switches.outage)
      return { ...fail(503, "SERVICE_UNAVAILABLE", "Service Unavailable"), headers: { "retry-after": "0" } };
    if (switches.rateLimitOnce || switches.rateLimitAlways) {
      switches.rateLimitOnce = false;
      return {
        ...fail(
          429,
          "TOO_MANY_REQUESTS",
          "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
          101,
        ),
        headers: { "retry-after": "0" },
      };
    }
    const path = req.path.replace(/^\/rest/, "");
    const q = req.query;
    const needs = (read: string, write: string, writing: boolean) =>
      writing ? scopes.includes(write) : scopes.includes(read) || scopes.includes(write);

    if (path === "/adAccounts" && req.method === "GET") {
      if (!needs("r_ads", "rw_ads", false))
        return fail(403, "ACCESS_DENIED", "Not enough permissions to access: adAccounts.FINDER-search");
      if (q.q !== "search") return fail(400, "ILLEGAL_ARGUMENT", "Unsupported finder");
      return {
        status: 200,
        json: {
          elements: LINKEDIN_FAKE.adAccounts.map(([id, name]) => ({
            id: Number(id),
            name,
            status: "ACTIVE",
            type: "BUSINESS",
            reference: "urn:li:organization:2414183",
          })),
          metadata: {},
        },
      };
    }
    if (path === "/adAccountUsers" && req.method === "GET") {
      if (!needs("r_ads", "rw_ads", false))
        return fail(403, "ACCESS_DENIED", "Not enough permissions to access: adAccountUsers.FINDER-authenticatedUser");
      if (q.q !== "authenticatedUser") return fail(400, "ILLEGAL_ARGUMENT", "Unsupported finder");
      const roles: [string, string][] = asAgency
        ? [...adUsers].flatMap(([id, users]) => {
            const role = users.get(grant.member);
            return role ? [[id, role] as [string, string]] : [];
          })
        : Object.entries(LINKEDIN_FAKE.clientAdRoles);
      return {
        status: 200,
        json: {
          elements: roles.map(([id, role]) => ({ account: `urn:li:sponsoredAccount:${id}`, user: grant.member, role })),
          paging: { start: 0, count: 10 },
        },
      };
    }
    const userKey = /^\/adAccountUsers\/\(account:([^,]+),user:([^)]+)\)$/.exec(decodeURI(path));
    if (userKey) {
      if (userKey[1]!.includes(":") || userKey[2]!.includes(":"))
        return fail(400, "ILLEGAL_ARGUMENT", "URNs in a Rest.li 2.0 key must be URL-encoded");
      const account = decodeURIComponent(userKey[1]!);
      const user = decodeURIComponent(userKey[2]!);
      const accountId = /^urn:li:sponsoredAccount:(\d+)$/.exec(account)?.[1];
      if (!accountId || !/^urn:li:person:[\w-]+$/.test(user))
        return fail(400, "ILLEGAL_ARGUMENT", "Invalid key: account and user must be URNs");
      if (!needs("r_ads", "rw_ads", req.method !== "GET"))
        return fail(403, "ACCESS_DENIED", "Not enough permissions to access: adAccountUsers");
      if (!accountIds.has(accountId)) return fail(404, "NOT_FOUND", `Ad account ${accountId} does not exist`);
      if (req.method === "GET") {
        const role = adUsers.get(accountId)?.get(user);
        return role
          ? { status: 200, json: { account, user, role } }
          : fail(404, "NOT_FOUND", "Ad account user not found");
      }
      if (req.method === "PUT") {
        if (switches.serverError) return fail(500, "INTERNAL_SERVER_ERROR", "Internal Server Error");
        const body = (req.body ?? {}) as Record<string, unknown>;
        if (body.account !== account || body.user !== user)
          return fail(400, "ILLEGAL_ARGUMENT", "The body's account and user must match the key");
        if (typeof body.role !== "string" || !AD_ROLES.includes(body.role))
          return fail(400, "ILLEGAL_ARGUMENT", `Invalid value for field role: ${String(body.role)}`);
        if (
          switches.refuse.has(accountId) ||
          !["ACCOUNT_MANAGER", "ACCOUNT_BILLING_ADMIN"].includes(LINKEDIN_FAKE.clientAdRoles[accountId] ?? "")
        )
          return fail(403, "ACCESS_DENIED", "You need the Account Manager role to manage users of this ad account.");
        usersOf(accountId).set(user, body.role);
        return { status: 201, text: "" };
      }
      // "Delete Ad Account User": DELETE on the same key, 204
      if (req.method === "DELETE") {
        if (switches.refuse.has(accountId))
          return fail(403, "ACCESS_DENIED", "You need the Account Manager role to manage users of this ad account.");
        if (!adUsers.get(accountId)?.has(user)) return fail(404, "NOT_FOUND", "Ad account user not found");
        adUsers.get(accountId)!.delete(user);
        return { status: 204, text: "" };
      }
    }
    if (path === "/organizationAcls" && req.method === "GET") {
      if (!needs("r_organization_admin", "rw_organization_admin", false))
        return fail(403, "ACCESS_DENIED", "Not enough permissions to access: organizationAcls");
      const match = (orgId: string, role: string, member: string) =>
        (!q.role || q.role === role) && (!q.state || q.state === "APPROVED") && orgId !== "" && member !== "";
      if (q.q === "roleAssignee") {
        const mine = asAgency
          ? [...orgAcls]
              .map((k) => k.split("|") as [string, string, string])
              .filter(([, , member]) => member === grant.member)
              .map(([o, role]) => ({
                organization: `urn:li:organization:${o}`,
                role,
                roleAssignee: grant.member,
                state: "APPROVED",
              }))
          : LINKEDIN_FAKE.organizations.map(([id]) => ({
              organization: `urn:li:organization:${id}`,
              role: "ADMINISTRATOR",
              roleAssignee: clientMember,
              state: "APPROVED",
            }));
        return {
          status: 200,
          json: {
            elements: mine.filter((e) => match(e.organization, e.role, e.roleAssignee)),
            paging: { start: 0, count: 100, total: mine.length },
          },
        };
      }
      if (q.q === "organization") {
        const orgId = /^urn:li:organization:(\d+)$/.exec(q.organization ?? "")?.[1];
        if (!orgId) return fail(400, "ILLEGAL_ARGUMENT", "organization must be an organization URN");
        if (!orgIds.has(orgId)) return fail(404, "NOT_FOUND", `Organization ${orgId} does not exist`);
        const rows = [...orgAcls]
          .map((k) => k.split("|") as [string, string, string])
          .filter(([o, role, member]) => o === orgId && match(o, role, member))
          .map(([o, role, member]) => ({
            organization: `urn:li:organization:${o}`,
            role,
            roleAssignee: member,
            state: "APPROVED",
          }));
        return { status: 200, json: { elements: rows, paging: { start: 0, count: 100, total: rows.length } } };
      }
      return fail(400, "ILLEGAL_ARGUMENT", "Unsupported finder");
    }
    const aclKey = /^\/organizationAcls\/\(organization:([^,]+),role:([A-Z_]+),roleAssignee:([^)]+)\)$/.exec(
      decodeURI(path),
    );
    if (aclKey && req.method === "PUT") {
      if (!needs("r_organization_admin", "rw_organization_admin", true))
        return fail(403, "ACCESS_DENIED", "Not enough permissions to access: organizationAcls.UPDATE");
      if (switches.serverError) return fail(500, "INTERNAL_SERVER_ERROR", "Internal Server Error");
      if (aclKey[1]!.includes(":") || aclKey[3]!.includes(":"))
        return fail(400, "ILLEGAL_ARGUMENT", "URNs in a Rest.li 2.0 key must be URL-encoded");
      const organization = decodeURIComponent(aclKey[1]!);
      const role = aclKey[2]!;
      const member = decodeURIComponent(aclKey[3]!);
      const orgId = /^urn:li:organization:(\d+)$/.exec(organization)?.[1];
      if (!orgId || !/^urn:li:person:[\w-]+$/.test(member))
        return fail(400, "ILLEGAL_ARGUMENT", "Invalid key: organization and roleAssignee must be URNs");
      if (!ORG_ROLES.includes(role)) return fail(400, "ILLEGAL_ARGUMENT", `Invalid value for field role: ${role}`);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (
        body.organization !== organization ||
        body.role !== role ||
        body.roleAssignee !== member ||
        body.state !== "APPROVED"
      )
        return fail(400, "ILLEGAL_ARGUMENT", "The body must repeat the key and set state APPROVED");
      if (!orgIds.has(orgId)) return fail(404, "NOT_FOUND", `Organization ${orgId} does not exist`);
      if (switches.refuse.has(orgId))
        return fail(403, "ACCESS_DENIED", "Only a super admin of this Page can assign Page roles.");
      orgAcls.add(`${orgId}|${role}|${member}`);
      return { status: 201, text: "" };
    }
    const org = /^\/organizations\/(\d+)$/.exec(path);
    if (org && req.method === "GET") {
      const found = LINKEDIN_FAKE.organizations.find(([id]) => id === org[1]);
      return found
        ? {
            status: 200,
            json: {
              id: Number(found[0]),
              localizedName: found[1],
              vanityName: found[1].toLowerCase().replace(/\s+/g, "-"),
            },
          }
        : fail(404, "NOT_FOUND", "Organization not found");
    }
    return fail(404, "NOT_FOUND", `No resource ${req.method} ${req.path}`);
  }

  const platform = await startFakePlatform({
    hosts: ["www.linkedin.com", "api.linkedin.com"],
    ports: opts.ports,
    handler: (req) => {
      if (req.host === "www.linkedin.com") {
        if (req.method === "GET" && req.path === "/oauth/v2/authorization") return authorize(req);
        if (req.method === "POST" && req.path === "/oauth/v2/accessToken") return accessToken(req);
        return { status: 404, text: "not found" };
      }
      return api(req);
    },
    onReset: () => {
      adUsers.clear();
      orgAcls.clear();
      switches.refuse.clear();
      switches.expiredToken = false;
      switches.rateLimitOnce = false;
      switches.serverError = false;
      switches.rateLimitAlways = false;
      switches.outage = false;
      switches.signInAsAgency = false;
      clockOffset = 0;
      refreshes = 0;
      revoked.clear();
      refreshTokens.clear();
    },
  });

  return {
    ...platform,
    switches,
    adUsers,
    orgAcls,
    alreadyGranted(serviceId, assetId, role) {
      if (serviceId === "linkedin_ads") usersOf(assetId).set(LINKEDIN_FAKE.agencyMember, role);
      else orgAcls.add(`${assetId}|${role}|${LINKEDIN_FAKE.agencyMember}`);
    },
    clientToken: (scopes) => issue(scopes, clientMember),
    now,
    advance(ms) {
      clockOffset += ms;
    },
    revokeMember(member = LINKEDIN_FAKE.agencyMember) {
      revoked.add(member);
    },
    refreshCount: () => refreshes,
  };
}
