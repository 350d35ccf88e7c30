// Contract fake of the Snapchat Marketing API endpoints the Snapchat connector calls, written
// from Snapchat's documentation: accounts.snapchat.com's /login/oauth2/authorize and
// /login/oauth2/access_token (Authentication,
// https://developers.snap.com/api/marketing-api/Ads-API/authentication), and adsapi.snapchat.com's
// GET /v1/me, GET /v1/me/organizations?with_ad_accounts=true (Organizations), GET and POST
// /v1/organizations/{id}/members, DELETE /v1/members/{id} (Members,
// https://developers.snap.com/api/marketing-api/Ads-API/members), GET and POST
// /v1/organizations/{id}/roles and DELETE /v1/roles/{id} (Roles,
// https://developers.snap.com/api/marketing-api/Ads-API/roles). It refuses what Snapchat
// refuses: a wrong client, a changed redirect_uri, another scope, an unknown or reused code, a
// missing or unknown token, a Member without its required attributes (email,
// organization_id, display_name; nothing else), a role outside the documented types, an ad
// account role for a Member without the organization role `member`, with Snapchat's
// `{ request_status: "ERROR", debug_message, display_message, error_code }` bodies.
//
// Two people sign in: the client (a Member of both organizations, listed among their members
// with the Organization role `admin`, or `member` where `notAdmin` says so) and, with
// `signInAs = "agency"`, the agency's user, who sees an organization's ad accounts once it
// accepted the invitation (`accept(email)`) and holds a role on them.
// Tokens keep time (Authentication, https://developers.snap.com/api/marketing-api/Ads-API/authentication):
// an access token lives 1800 s (`expires_in`) on the fake's clock, which the test moves
// (`advance`), and then answers 401; grant_type=refresh_token with client_id, client_secret and
// refresh_token answers a new access token (and the refresh token); an unknown or revoked refresh
// token answers 400 invalid_grant.
// Switches: `refuse` (ad account ids whose role create answers 403), `notAdmin`
// (organization ids where creating members answers 403), `expiredToken` (401),
// `rateLimitOnce` (the next API call answers 429), `rateLimitAlways`, `serverError`
// (creates answer 500), `inviteRace` (the agency invited just before the create).
import crypto from "node:crypto";
import { createFakeOAuth } from "@/test/support/fakes/fake-oauth";
import {
  startFakePlatform,
  type FakePlatform,
  type FakeRequest,
  type FakeResponse,
} from "@/test/support/fakes/fake-platform-server";

export const SNAPCHAT_FAKE = {
  clientId: "snap-fake-client-0123",
  clientSecret: "snap-fake-secret-0123456789",
  client: { id: "c1a2b3c4-0000-4000-8000-000000000001", email: "owner@acme.test", display_name: "Acme Owner" },
  agency: {
    id: "a9a9a9a9-0000-4000-8000-000000000009",
    email: "ads@agency.test",
    display_name: "Agency Ads",
    organization_id: "a0a0a0a0-0000-4000-8000-00000000a0a0",
  },
  organizations: [
    {
      id: "0a000000-0000-4000-8000-000000000001",
      name: "Acme Organization",
      adAccounts: [
        ["ad000000-0000-4000-8000-000000000001", "Acme Snap Ads"],
        ["ad000000-0000-4000-8000-000000000002", "Acme Brand Snaps"],
      ] as [string, string][],
    },
    {
      id: "0a000000-0000-4000-8000-000000000002",
      name: "Acme Europe",
      adAccounts: [["ad000000-0000-4000-8000-000000000003", "Acme EU Snaps"]] as [string, string][],
    },
  ],
} as const;

export const SNAPCHAT_MEMBER_FIELDS = ["email", "organization_id", "display_name"] as const;
export const SNAPCHAT_ORG_ROLE_FIELDS = ["member_id", "organization_id", "type"] as const;
export const SNAPCHAT_AD_ACCOUNT_ROLE_FIELDS = ["member_id", "ad_account_id", "type"] as const;
const ORG_ROLES = ["admin", "business_admin", "data_admin", "member"];
const AD_ROLES = ["admin", "creative", "general", "reports", "audience"];
const SCOPE = "snapchat-marketing-api";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SnapMember = {
  id: string;
  email: string;
  organization_id: string;
  display_name: string;
  member_status: "INVITED" | "MEMBER";
};
export type SnapRole = {
  id: string;
  member_id: string;
  organization_id: string;
  type: string;
  ad_account_id?: string;
  container_kind: "Organizations" | "AdAccounts";
  container_id: string;
};

export type SnapchatFakeSwitches = {
  refuse: Set<string>;
  notAdmin: Set<string>;
  expiredToken: boolean;
  rateLimitOnce: boolean;
  rateLimitAlways: boolean;
  serverError: boolean;
  /** a Member with the agency's email appears just before the connector's create (a race) */
  inviteRace: boolean;
  signInAs: "client" | "agency";
};

export type SnapchatFake = FakePlatform & {
  switches: SnapchatFakeSwitches;
  members: Map<string, SnapMember>;
  roles: Map<string, SnapRole>;
  /** The agency's member of an organization (any status), or undefined. */
  memberOf(organizationId: string, email?: string): SnapMember | undefined;
  /** The agency accepts Snapchat's invitation email: its members become MEMBER. */
  accept(email?: string): void;
  /** Adds the agency as a member (already accepted) with these roles, for already-granted cases. */
  preload(organizationId: string, orgRole: string, adAccountRoles?: Record<string, string[]>): SnapMember;
  /** Snapchat's clock: access tokens expire on it; the test moves it */
  now(): number;
  advance(ms: number): void;
  /** the user revokes the app: every refresh token answers invalid_grant, every access token 401 */
  revokeRefreshTokens(): void;
  /** refresh grants answered with new tokens */
  refreshCount(): number;
};

/** An access token's lifetime (expires_in). */
export const SNAPCHAT_ACCESS_TOKEN_SECONDS = 1800;

const fail = (status: number, code: string, message: string): FakeResponse => ({
  status,
  json: {
    request_status: "ERROR",
    request_id: crypto.randomUUID(),
    debug_message: message,
    display_message: message,
    error_code: code,
  },
});
const subFail = (plural: string, reason: string): FakeResponse => ({
  status: 400,
  json: {
    request_status: "ERROR",
    request_id: crypto.randomUUID(),
    [plural]: [{ sub_request_status: "ERROR", sub_request_error_reason: reason }],
  },
});
const list = (plural: string, singular: string, items: unknown[]): FakeResponse => ({
  status: 200,
  json: {
    request_status: "SUCCESS",
    request_id: crypto.randomUUID(),
    paging: {},
    [plural]: items.map((e) => ({ sub_request_status: "SUCCESS", [singular]: e })),
  },
});
const extraKeys = (o: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(o).filter((k) => !allowed.includes(k));

export async function startSnapchatFake(
  opts: { ports?: Record<string, number>; redirectUris?: string[]; consentPage?: boolean } = {},
): Promise<SnapchatFake> {
  // codes and tokens carry who signed in
  const oauth = createFakeOAuth<"client" | "agency">({
    redirectUris: opts.redirectUris,
    consentPage: opts.consentPage ? "Snapchat" : undefined,
  });
  const members = new Map<string, SnapMember>();
  const roles = new Map<string, SnapRole>();
  const switches: SnapchatFakeSwitches = {
    refuse: new Set(),
    notAdmin: new Set(),
    expiredToken: false,
    rateLimitOnce: false,
    rateLimitAlways: false,
    serverError: false,
    inviteRace: false,
    signInAs: "client",
  };
  const orgById = new Map<string, (typeof SNAPCHAT_FAKE.organizations)[number]>(
    SNAPCHAT_FAKE.organizations.map((o) => [o.id, o]),
  );
  const orgOfAccount = new Map<string, string>(
    SNAPCHAT_FAKE.organizations.flatMap((o) => o.adAccounts.map(([id]) => [id, o.id] as [string, string])),
  );
  const now = () => new Date().toISOString();
  let clockOffset = 0;
  let refreshes = 0;
  const clock = () => Date.now() + clockOffset;
  const tokenExpiry = new Map<string, number>();
  const revokedTokens = new Set<string>();
  const refreshTokens = new Map<string, { as: "client" | "agency"; revoked: boolean }>();
  const tokenAnswer = (accessToken: string, refreshToken: string) => {
    tokenExpiry.set(accessToken, clock() + SNAPCHAT_ACCESS_TOKEN_SECONDS * 1000);
    return {
      status: 200,
      json: {
        access_token: accessToken,
        refresh_token: refreshToken,
        token_type: "Bearer",
        expires_in: SNAPCHAT_ACCESS_TOKEN_SECONDS,
        scope: SCOPE,
      },
    };
  };

  function authorize(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (q.response_type !== "code") return { status: 400, text: "response_type must be code" };
    if (q.client_id !== SNAPCHAT_FAKE.clientId) return { status: 400, text: "Invalid client_id" };
    if (!oauth.redirectAllowed(q.redirect_uri))
      return { status: 400, text: "redirect_uri does not match the OAuth app" };
    if (q.scope !== SCOPE) return { status: 400, text: "Invalid scope" };
    return oauth.sendBack(q.redirect_uri, q.state, switches.signInAs);
  }

  function token(req: FakeRequest): FakeResponse {
    const b = (req.body ?? {}) as Record<string, string>;
    if (b.client_id !== SNAPCHAT_FAKE.clientId || b.client_secret !== SNAPCHAT_FAKE.clientSecret)
      return { status: 401, json: { error: "invalid_client", error_description: "Invalid client" } };
    if (b.grant_type === "refresh_token") {
      const grant = refreshTokens.get(b.refresh_token ?? "");
      if (!grant || grant.revoked)
        return { status: 400, json: { error: "invalid_grant", error_description: "Invalid refresh token" } };
      refreshes++;
      const t = oauth.exchange({ redirectUri: "", used: false, grant: grant.as }, "snap_", grant.as);
      return tokenAnswer(t, b.refresh_token!);
    }
    if (b.grant_type !== "authorization_code") return { status: 400, json: { error: "unsupported_grant_type" } };
    const issued = oauth.pending(b.code, b.redirect_uri ?? "");
    if (!issued)
      return { status: 400, json: { error: "invalid_grant", error_description: "Invalid authorization code" } };
    const t = oauth.exchange(issued, "snap_", issued.grant);
    const refresh = `snapr_${crypto.randomBytes(8).toString("hex")}`;
    refreshTokens.set(refresh, { as: issued.grant, revoked: false });
    return tokenAnswer(t, refresh);
  }

  const agencyMember = (orgId: string) =>
    [...members.values()].find((m) => m.organization_id === orgId && m.email === SNAPCHAT_FAKE.agency.email);

  function myOrganizations(user: "client" | "agency"): FakeResponse {
    const orgs = SNAPCHAT_FAKE.organizations.flatMap((o) => {
      let accounts: readonly (readonly [string, string])[] = o.adAccounts;
      if (user === "agency") {
        const m = agencyMember(o.id);
        if (!m || m.member_status !== "MEMBER") return [];
        const held = [...roles.values()].filter((r) => r.member_id === m.id);
        const orgAdmin = held.some((r) => r.container_kind === "Organizations" && r.type === "admin");
        accounts = orgAdmin ? o.adAccounts : o.adAccounts.filter(([id]) => held.some((r) => r.ad_account_id === id));
      }
      return [
        {
          id: o.id,
          name: o.name,
          type: "ENTERPRISE",
          ad_accounts: accounts.map(([id, name]) => ({
            id,
            name,
            organization_id: o.id,
            type: "PARTNER",
            status: "ACTIVE",
          })),
        },
      ];
    });
    return list("organizations", "organization", orgs);
  }

  function createMembers(orgId: string, body: unknown): FakeResponse {
    if (switches.serverError) return fail(500, "E5000", "Internal server error");
    if (switches.notAdmin.has(orgId)) return fail(403, "E3003", "You need the Organization admin role to add members.");
    const items = (body as { members?: unknown })?.members;
    if (!Array.isArray(items) || items.length === 0) return fail(400, "E1001", "members is required");
    const out = [];
    for (const m of items as Record<string, unknown>[]) {
      if (switches.inviteRace && typeof m.email === "string") {
        switches.inviteRace = false;
        const raced: SnapMember = {
          id: crypto.randomUUID(),
          email: m.email,
          organization_id: orgId,
          display_name: "Invited elsewhere",
          member_status: "INVITED",
        };
        members.set(raced.id, raced);
      }
      const extra = extraKeys(m, SNAPCHAT_MEMBER_FIELDS);
      if (extra.length > 0) return fail(400, "E1001", `Unknown member attributes: ${extra.join(", ")}`);
      if (typeof m.email !== "string" || !EMAIL.test(m.email))
        return subFail("members", "Error code: E1001, message: email is required");
      if (m.organization_id !== orgId)
        return subFail(
          "members",
          "Error code: E1001, message: organization_id is required and must be this organization",
        );
      if (typeof m.display_name !== "string" || m.display_name === "")
        return subFail("members", "Error code: E1001, message: display_name is required");
      if (
        [...members.values()].some(
          (x) => x.organization_id === orgId && x.email.toLowerCase() === (m.email as string).toLowerCase(),
        )
      )
        return subFail("members", "Error code: E1008, message: This email is already a member of the organization");
      const member: SnapMember = {
        id: crypto.randomUUID(),
        email: m.email,
        organization_id: orgId,
        display_name: m.display_name,
        member_status: "INVITED",
      };
      members.set(member.id, member);
      out.push({ ...member, created_at: now(), updated_at: now() });
    }
    return list("members", "member", out);
  }

  function createRoles(orgId: string, body: unknown): FakeResponse {
    if (switches.serverError) return fail(500, "E5000", "Internal server error");
    const items = (body as { roles?: unknown })?.roles;
    if (!Array.isArray(items) || items.length === 0) return fail(400, "E1001", "roles is required");
    const out = [];
    for (const r of items as Record<string, unknown>[]) {
      const member = typeof r.member_id === "string" ? members.get(r.member_id) : undefined;
      if (!member || member.organization_id !== orgId)
        return subFail(
          "roles",
          "Error code: E3004, message: Entity does not exist or you do not have permission to access it",
        );
      if ("ad_account_id" in r) {
        const extra = extraKeys(r, SNAPCHAT_AD_ACCOUNT_ROLE_FIELDS);
        if (extra.length > 0) return fail(400, "E1001", `Unknown role attributes: ${extra.join(", ")}`);
        const account = String(r.ad_account_id);
        if (orgOfAccount.get(account) !== orgId)
          return subFail("roles", "Error code: E3004, message: Ad account not found in this organization");
        if (typeof r.type !== "string" || !AD_ROLES.includes(r.type))
          return subFail("roles", `Error code: E1001, message: Invalid ad account role type ${String(r.type)}`);
        const hasOrgRole = [...roles.values()].some(
          (x) =>
            x.member_id === member.id &&
            x.container_kind === "Organizations" &&
            (x.type === "member" || x.type === "admin"),
        );
        if (!hasOrgRole)
          return subFail(
            "roles",
            "Error code: E1001, message: The member needs the Organization role member before an Ad Account role",
          );
        if (switches.refuse.has(account)) return fail(403, "E3003", "This ad account does not allow new members.");
        const role: SnapRole = {
          id: crypto.randomUUID(),
          member_id: member.id,
          organization_id: orgId,
          type: r.type,
          ad_account_id: account,
          container_kind: "AdAccounts",
          container_id: account,
        };
        roles.set(role.id, role);
        out.push(role);
      } else {
        const extra = extraKeys(r, SNAPCHAT_ORG_ROLE_FIELDS);
        if (extra.length > 0) return fail(400, "E1001", `Unknown role attributes: ${extra.join(", ")}`);
        if (r.organization_id !== orgId)
          return subFail("roles", "Error code: E1001, message: organization_id is required");
        if (typeof r.type !== "string" || !ORG_ROLES.includes(r.type))
          return subFail("roles", `Error code: E1001, message: Invalid organization role type ${String(r.type)}`);
        const role: SnapRole = {
          id: crypto.randomUUID(),
          member_id: member.id,
          organization_id: orgId,
          type: r.type,
          container_kind: "Organizations",
          container_id: orgId,
        };
        roles.set(role.id, role);
        out.push(role);
      }
    }
    return list("roles", "role", out);
  }

  // The signed-in client is a Member of each organization: with the Organization role `admin`
  // (which adds Members and assigns Roles, Roles page), or `member` where `notAdmin` says so.
  const clientMember = (orgId: string): SnapMember => ({
    id: `c0c0c0c0-0000-4000-8000-${orgId.slice(-12)}`,
    email: SNAPCHAT_FAKE.client.email,
    organization_id: orgId,
    display_name: SNAPCHAT_FAKE.client.display_name,
    member_status: "MEMBER",
  });
  const clientRole = (orgId: string): SnapRole => ({
    id: `c1c1c1c1-0000-4000-8000-${orgId.slice(-12)}`,
    member_id: clientMember(orgId).id,
    organization_id: orgId,
    type: switches.notAdmin.has(orgId) ? "member" : "admin",
    container_kind: "Organizations",
    container_id: orgId,
  });

  function api(req: FakeRequest): FakeResponse {
    const auth = req.headers.authorization ?? "";
    const bearer = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    const user = oauth.tokenGrant(bearer);
    const expiry = tokenExpiry.get(bearer);
    if (switches.expiredToken || !user || revokedTokens.has(bearer) || (expiry !== undefined && expiry <= clock()))
      return fail(401, "E0001", "Unauthorized: the access token is invalid or expired");
    if (switches.rateLimitAlways)
      return { ...fail(429, "E1005", "Too Many Requests"), headers: { "retry-after": "0" } };
    if (switches.rateLimitOnce) {
      switches.rateLimitOnce = false;
      return { ...fail(429, "E1005", "Too Many Requests"), headers: { "retry-after": "0" } };
    }
    const path = req.path.replace(/^\/v1/, "");
    if (path === "/me" && req.method === "GET") {
      const me =
        user === "agency"
          ? SNAPCHAT_FAKE.agency
          : { ...SNAPCHAT_FAKE.client, organization_id: SNAPCHAT_FAKE.organizations[0].id };
      return {
        status: 200,
        json: {
          request_status: "SUCCESS",
          request_id: crypto.randomUUID(),
          me: { ...me, created_at: now(), updated_at: now() },
        },
      };
    }
    if (path === "/me/organizations" && req.method === "GET") {
      if (req.query.with_ad_accounts !== "true") return list("organizations", "organization", []);
      return myOrganizations(user);
    }
    const inOrg = /^\/organizations\/([^/]+)\/(members|roles)$/.exec(path);
    if (inOrg) {
      const [, orgId, kind] = inOrg as unknown as [string, string, string];
      if (!orgById.has(orgId) || user !== "client")
        return fail(403, "E3003", "You do not have permission to access this organization");
      if (req.method === "GET")
        return kind === "members"
          ? list("members", "member", [
              clientMember(orgId),
              ...[...members.values()].filter((m) => m.organization_id === orgId),
            ])
          : list("roles", "role", [
              clientRole(orgId),
              ...[...roles.values()].filter((r) => r.organization_id === orgId),
            ]);
      if (req.method === "POST")
        return kind === "members" ? createMembers(orgId, req.body) : createRoles(orgId, req.body);
    }
    const del = /^\/(members|roles)\/([^/]+)$/.exec(path);
    if (del && req.method === "DELETE") {
      if (user !== "client") return fail(403, "E3003", "You do not have permission to delete this");
      const [, kind, id] = del as unknown as [string, string, string];
      if (kind === "roles") {
        const role = roles.get(id);
        if (!role)
          return subFail(
            "roles",
            "Error code: E3004, message: Entity does not exist or you do not have permission to access it",
          );
        if (switches.refuse.has(role.ad_account_id ?? ""))
          return fail(403, "E3003", "Only an admin of this ad account can change its members.");
        roles.delete(id);
        return list("roles", "role", [role]);
      }
      const member = members.get(id);
      if (!member)
        return subFail(
          "members",
          "Error code: E3004, message: Entity does not exist or you do not have permission to access it",
        );
      members.delete(id);
      for (const [rid, r] of roles) if (r.member_id === id) roles.delete(rid);
      return list("members", "member", [member]);
    }
    return fail(404, "E3004", `No resource ${req.method} ${req.path}`);
  }

  const platform = await startFakePlatform({
    hosts: ["accounts.snapchat.com", "adsapi.snapchat.com"],
    ports: opts.ports,
    handler: (req) => {
      if (req.host === "accounts.snapchat.com") {
        if (req.method === "GET" && req.path === "/login/oauth2/authorize") return authorize(req);
        if (req.method === "POST" && req.path === "/login/oauth2/access_token") return token(req);
        return { status: 404, text: "not found" };
      }
      return api(req);
    },
    onReset: () => {
      members.clear();
      roles.clear();
      switches.refuse.clear();
      switches.notAdmin.clear();
      switches.expiredToken = false;
      switches.rateLimitOnce = false;
      switches.rateLimitAlways = false;
      switches.serverError = false;
      switches.inviteRace = false;
      switches.signInAs = "client";
      clockOffset = 0;
      refreshes = 0;
      tokenExpiry.clear();
      revokedTokens.clear();
      refreshTokens.clear();
    },
  });

  return {
    ...platform,
    switches,
    members,
    roles,
    now: clock,
    advance(ms) {
      clockOffset += ms;
    },
    revokeRefreshTokens() {
      for (const r of refreshTokens.values()) r.revoked = true;
      for (const t of tokenExpiry.keys()) revokedTokens.add(t);
    },
    refreshCount: () => refreshes,
    memberOf: (organizationId, email = SNAPCHAT_FAKE.agency.email) =>
      [...members.values()].find((m) => m.organization_id === organizationId && m.email === email),
    accept(email = SNAPCHAT_FAKE.agency.email) {
      for (const m of members.values()) if (m.email === email) m.member_status = "MEMBER";
    },
    preload(organizationId, orgRole, adAccountRoles = {}) {
      const member: SnapMember = {
        id: crypto.randomUUID(),
        email: SNAPCHAT_FAKE.agency.email,
        organization_id: organizationId,
        display_name: "Agency Ads",
        member_status: "MEMBER",
      };
      members.set(member.id, member);
      const add = (r: Omit<SnapRole, "id">) => {
        const role = { id: crypto.randomUUID(), ...r };
        roles.set(role.id, role);
      };
      add({
        member_id: member.id,
        organization_id: organizationId,
        type: orgRole,
        container_kind: "Organizations",
        container_id: organizationId,
      });
      for (const [account, types] of Object.entries(adAccountRoles))
        for (const type of types)
          add({
            member_id: member.id,
            organization_id: organizationId,
            type,
            ad_account_id: account,
            container_kind: "AdAccounts",
            container_id: account,
          });
      return member;
    },
  };
}
