// Contract fake of the Pinterest API v5 endpoints the Pinterest connector calls, written
// from Pinterest's OpenAPI description (https://github.com/pinterest/api-description,
// v5/openapi.yaml) and its business access guide: www.pinterest.com's /oauth/ consent page,
// and api.pinterest.com's /v5/oauth/token, /v5/user_account, /v5/ad_accounts,
// /v5/businesses/employers, /v5/businesses/{id}/assets, /partners, /partners/{id}/assets,
// PATCH and DELETE /partners/assets, POST /invites and POST /invites/assets/access. It refuses what
// Pinterest refuses: a wrong app id or Basic client authentication, a changed
// redirect_uri, unknown scopes, an unknown or reused code, a missing or unknown token, a
// token without the scope, unknown permissions, partners and assets, with Pinterest's
// `{ code, message }` error bodies.
//
// Tokens keep time (POST /v5/oauth/token, pinterest/api-description v5/openapi.yaml; "Set up
// authentication and authorization",
// https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/):
// an access token lives 30 days on the fake's clock, which the test moves (`advance`), and then
// answers 401 like a revoked one; the code exchange and every refresh answer a continuous refresh
// token of 60 days (`refresh_token_expires_in`), and grant_type=refresh_token answers a new access
// token and a new refresh token; an expired, unknown or revoked refresh token answers 400.
// Two people sign in: the client (BIZ_ADMIN of the client business) and, with `signInAs =
// "agency"`, the agency's user (BIZ_ADMIN of the agency business), who reads the access its
// business was given from its side (GET /businesses/{agency}/partners?partner_type=EXTERNAL and
// /partners/{client}/assets?partner_type=EXTERNAL) and cannot read the client business.
//
// Switches: `refuse` (ad account ids answered 403), `expiredToken` (401), `rateLimitOnce`
// (the next API call answers 429 with Retry-After), `rateLimitAlways` (every API call does),
// `outage` (every API call answers 503), `serverError` (grant writes answer 500);
// `alreadyShared` preloads a partner permission (and the partnership).
import crypto from "node:crypto";
import { createFakeOAuth } from "@/test/support/fakes/fake-oauth";
import {
  startFakePlatform,
  type FakePlatform,
  type FakeRequest,
  type FakeResponse,
} from "@/test/support/fakes/fake-platform-server";

export const PINTEREST_FAKE = {
  appId: "1484362",
  appSecret: "pinterest-fake-secret-0123",
  user: { username: "acmeshop", business_name: "Acme Shop", id: "549755885100" },
  /** the client's business (the user is BIZ_ADMIN) */
  clientBusiness: ["664351519939856629", "Acme Business"] as [string, string],
  /** a business the user is only an employee of: its assets are not offered */
  otherBusiness: "664351519939856700",
  agencyBusiness: "664351519939857001",
  adAccounts: [
    ["549755885175", "Acme Ads"],
    ["549755885176", "Acme Brand Ads"],
    ["549755885177", "Acme Archive Ads"],
  ] as [string, string][],
} as const;

const SCOPES = [
  "ads:read",
  "ads:write",
  "biz_access:read",
  "biz_access:write",
  "user_accounts:read",
  "boards:read",
  "pins:read",
];
const PERMISSIONS = [
  "ADMIN",
  "ANALYST",
  "FINANCE_MANAGER",
  "FINANCE_EDIT",
  "FINANCE_VIEW",
  "AUDIENCE_MANAGER",
  "CAMPAIGN_MANAGER",
  "CATALOGS_MANAGER",
  "CATALOGS_VIEWER",
  "PROFILE_PUBLISHER",
  "CONSUMER_USER",
];

/** An access token's lifetime (expires_in) and a continuous refresh token's (refresh_token_expires_in). */
export const PINTEREST_ACCESS_TOKEN_SECONDS = 30 * 86400;
export const PINTEREST_REFRESH_TOKEN_SECONDS = 60 * 86400;

type Grant = { scopes: string[]; as: "client" | "agency" };

export type PinterestFakeSwitches = {
  signInAs: "client" | "agency";
  refuse: Set<string>;
  expiredToken: boolean;
  rateLimitOnce: boolean;
  serverError: boolean;
  rateLimitAlways: boolean;
  outage: boolean;
};

export type PinterestFake = FakePlatform & {
  switches: PinterestFakeSwitches;
  /** partner business ids of the client business */
  partners: Set<string>;
  /** `${partnerId}|${assetId}` -> permissions */
  partnerAccess: Map<string, string[]>;
  /** invite id -> { partner, assets } */
  invites: Map<string, { partner: string; assets: Record<string, string[]> }>;
  alreadyShared(assetId: string, permission: string): void;
  /** invite id -> PENDING | ACCEPTED | DECLINED | CANCELLED | EXPIRED (InviteStatus) */
  inviteStatus: Map<string, string>;
  /**
   * Test hook: the agency accepts the partner invite in Business Manager: the invite turns
   * ACCEPTED, the agency becomes a partner holding the invite's asset permissions.
   */
  acceptInvite(inviteId: string): boolean;
  /** Pinterest's clock: access and refresh tokens expire on it; the test moves it */
  now(): number;
  advance(ms: number): void;
  /** the user removes the app: every refresh token answers 400 and every access token 401 */
  revokeRefreshTokens(): void;
  /** refresh grants answered with new tokens */
  refreshCount(): number;
};

const fail = (status: number, code: number, message: string): FakeResponse => ({ status, json: { code, message } });

export async function startPinterestFake(
  opts: { ports?: Record<string, number>; redirectUris?: string[]; consentPage?: boolean } = {},
): Promise<PinterestFake> {
  // codes and tokens carry the granted scopes
  const oauth = createFakeOAuth<Grant>({
    redirectUris: opts.redirectUris,
    consentPage: opts.consentPage ? "Pinterest" : undefined,
  });
  const partners = new Set<string>();
  const partnerAccess = new Map<string, string[]>();
  const invites = new Map<string, { partner: string; assets: Record<string, string[]> }>();
  const inviteStatus = new Map<string, string>();
  function acceptInvite(inviteId: string): boolean {
    const invite = invites.get(inviteId);
    if (!invite || inviteStatus.get(inviteId) !== "PENDING") return false;
    inviteStatus.set(inviteId, "ACCEPTED");
    partners.add(invite.partner);
    for (const [assetId, perms] of Object.entries(invite.assets))
      partnerAccess.set(`${invite.partner}|${assetId}`, [...perms]);
    return true;
  }
  let clockOffset = 0;
  let refreshes = 0;
  const now = () => Date.now() + clockOffset;
  const tokenExpiry = new Map<string, number>();
  const revokedTokens = new Set<string>();
  const refreshTokens = new Map<string, Grant & { expiresAt: number; revoked: boolean }>();
  /** An access token and a continuous refresh token, as the token endpoint answers them. */
  function issueTokens(grant: Grant, accessToken: string, responseType: string) {
    tokenExpiry.set(accessToken, now() + PINTEREST_ACCESS_TOKEN_SECONDS * 1000);
    const refresh = `pinr_${crypto.randomBytes(8).toString("hex")}`;
    const expiresAt = now() + PINTEREST_REFRESH_TOKEN_SECONDS * 1000;
    refreshTokens.set(refresh, { ...grant, expiresAt, revoked: false });
    return {
      access_token: accessToken,
      refresh_token: refresh,
      response_type: responseType,
      token_type: "bearer",
      expires_in: PINTEREST_ACCESS_TOKEN_SECONDS,
      refresh_token_expires_in: PINTEREST_REFRESH_TOKEN_SECONDS,
      refresh_token_expires_at: Math.floor(expiresAt / 1000),
      scope: grant.scopes.join(","),
    };
  }
  const switches: PinterestFakeSwitches = {
    signInAs: "client",
    refuse: new Set(),
    expiredToken: false,
    rateLimitOnce: false,
    serverError: false,
    rateLimitAlways: false,
    outage: false,
  };
  const [clientBiz] = PINTEREST_FAKE.clientBusiness;
  const accountIds = new Set(PINTEREST_FAKE.adAccounts.map(([id]) => id));

  function authorize(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (q.response_type !== "code") return { status: 400, text: "response_type must be code" };
    if (q.client_id !== PINTEREST_FAKE.appId) return { status: 400, text: "Invalid client_id" };
    if (!oauth.redirectAllowed(q.redirect_uri)) return { status: 400, text: "Invalid redirect_uri" };
    const scopes = (q.scope ?? "").split(",").filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.includes(s))) return { status: 400, text: "Invalid scope" };
    return oauth.sendBack(q.redirect_uri, q.state, { scopes, as: switches.signInAs });
  }

  function token(req: FakeRequest): FakeResponse {
    const basic = `Basic ${Buffer.from(`${PINTEREST_FAKE.appId}:${PINTEREST_FAKE.appSecret}`).toString("base64")}`;
    if (req.headers.authorization !== basic) return fail(401, 2, "Authentication failed.");
    const b = (req.body ?? {}) as Record<string, string>;
    // OauthAccessTokenRequestRefresh: refresh_token required, scope optional
    if (b.grant_type === "refresh_token") {
      const grant = refreshTokens.get(b.refresh_token ?? "");
      if (!grant || grant.revoked || grant.expiresAt <= now()) return fail(400, 1, "Invalid refresh token.");
      refreshes++;
      const t = oauth.exchange(
        { redirectUri: "", used: false, grant: { scopes: grant.scopes, as: grant.as } },
        "pina_",
        { scopes: grant.scopes, as: grant.as },
      );
      return { status: 200, json: issueTokens(grant, t, "refresh_token") };
    }
    if (b.grant_type !== "authorization_code") return fail(400, 1, "Invalid grant_type");
    if (b.continuous_refresh !== undefined && b.continuous_refresh !== "true" && b.continuous_refresh !== "false")
      return fail(400, 1, "continuous_refresh must be a boolean");
    const issued = oauth.pending(b.code, b.redirect_uri ?? "");
    if (!issued) return fail(400, 1, "Invalid authorization code or redirect_uri");
    const t = oauth.exchange(issued, "pina_", issued.grant);
    return { status: 200, json: issueTokens(issued.grant, t, "authorization_code") };
  }

  function api(req: FakeRequest): FakeResponse {
    const auth = req.headers.authorization ?? "";
    const bearer = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    const grant = oauth.tokenGrant(bearer);
    if (switches.expiredToken) return fail(401, 2, "Authentication failed.");
    // an access token past its 30 days, or of a removed app, is refused like an unknown one
    const expiry = tokenExpiry.get(bearer);
    if (!grant || revokedTokens.has(bearer) || (expiry !== undefined && expiry <= now()))
      return fail(401, 2, "Authentication failed.");
    const scopes = grant.scopes;
    if (switches.outage) return { ...fail(503, 503, "Service unavailable."), headers: { "retry-after": "0" } };
    if (switches.rateLimitOnce || switches.rateLimitAlways) {
      switches.rateLimitOnce = false;
      return {
        ...fail(429, 8, "You have exceeded your rate limit. Try again later."),
        headers: { "retry-after": "0" },
      };
    }
    const need = (scope: string) =>
      scopes.includes(scope)
        ? null
        : fail(403, 3, `Not authorized to access the user or business. Missing scope ${scope}.`);
    const path = req.path.replace(/^\/v5/, "");
    const q = req.query;

    if (path === "/user_account" && req.method === "GET")
      return need("user_accounts:read") ?? { status: 200, json: { ...PINTEREST_FAKE.user, account_type: "BUSINESS" } };
    if (path === "/ad_accounts" && req.method === "GET")
      return (
        need("ads:read") ?? {
          status: 200,
          json: {
            items: PINTEREST_FAKE.adAccounts.map(([id, name]) => ({
              id,
              name,
              owner: { username: "acmeshop" },
              country: "US",
              currency: "USD",
            })),
            bookmark: null,
          },
        }
      );
    if (path === "/businesses/employers" && req.method === "GET")
      return (
        need("biz_access:read") ?? {
          status: 200,
          json: {
            items:
              grant.as === "agency"
                ? [
                    {
                      id: PINTEREST_FAKE.agencyBusiness,
                      business_roles: ["BIZ_ADMIN"],
                      user: { id: PINTEREST_FAKE.agencyBusiness, username: "Agency Business", email: null },
                    },
                  ]
                : [
                    {
                      id: clientBiz,
                      business_roles: ["BIZ_ADMIN"],
                      user: { id: clientBiz, username: PINTEREST_FAKE.clientBusiness[1], email: null },
                    },
                    {
                      id: PINTEREST_FAKE.otherBusiness,
                      business_roles: ["EMPLOYEE"],
                      user: { id: PINTEREST_FAKE.otherBusiness, username: "Someone Else", email: null },
                    },
                  ],
            bookmark: null,
          },
        }
      );
    // The agency's side (pinterest/api-description v5/openapi.json): "Get invites/requests"
    // (GET /businesses/{business_id}/invites) for the partner business, and "Accept or decline
    // an invite/request" (PATCH /businesses/invites, AuthRespondInvitesBody).
    if (path === `/businesses/${PINTEREST_FAKE.agencyBusiness}/invites` && req.method === "GET") {
      const scopeError = need("biz_access:read");
      if (scopeError) return scopeError;
      if (q.is_member !== undefined && q.is_member !== "true" && q.is_member !== "false")
        return fail(400, 1, "is_member must be a boolean");
      if (
        q.invite_type !== undefined &&
        !["MEMBER_INVITE", "PARTNER_INVITE", "PARTNER_REQUEST"].includes(q.invite_type)
      )
        return fail(400, 1, `Invalid invite_type: ${q.invite_type}`);
      if (
        q.invite_status !== undefined &&
        q.invite_status.split(",").some((st) => !["PENDING", "EXPIRED"].includes(st))
      )
        return fail(400, 1, `Invalid invite_status: ${q.invite_status}`);
      const wantStatus = q.invite_status?.split(",");
      const items = [...invites]
        .filter(([, inv]) => inv.partner === PINTEREST_FAKE.agencyBusiness)
        .filter(([id]) => !wantStatus || wantStatus.includes(inviteStatus.get(id) ?? ""))
        .map(([id]) => ({
          id,
          is_received_invite: true,
          invite_data: { invite_status: inviteStatus.get(id), invite_type: "PARTNER_INVITE" },
          created_by_business: { id: clientBiz, username: PINTEREST_FAKE.clientBusiness[1] },
          business_roles: ["PARTNER"],
        }));
      return { status: 200, json: { items, bookmark: null } };
    }
    if (path === "/businesses/invites" && req.method === "PATCH") {
      const scopeError = need("biz_access:write");
      if (scopeError) return scopeError;
      const list = ((req.body ?? {}) as { invites?: unknown }).invites;
      if (!Array.isArray(list) || list.length === 0 || list.length > 100)
        return fail(400, 1, "invites must list 1 to 100 invites");
      const items = [];
      for (const inv of list as Record<string, unknown>[]) {
        const id = inv?.invite_id;
        const action = inv?.action as Record<string, unknown> | undefined;
        if (typeof id !== "string" || !/^\d{1,25}$/.test(id)) return fail(400, 1, "invite_id is required");
        if (!action || typeof action.accept_invite !== "boolean")
          return fail(400, 1, "action.accept_invite is required");
        const invite = invites.get(id);
        if (!invite || invite.partner !== PINTEREST_FAKE.agencyBusiness || inviteStatus.get(id) !== "PENDING") {
          items.push({ exception: { code: 404, message: "This invite is no longer pending." }, invite: null });
          continue;
        }
        if (action.accept_invite) acceptInvite(id);
        else inviteStatus.set(id, "DECLINED");
        items.push({ exception: null, invite: { id, invite_data: { invite_status: inviteStatus.get(id) } } });
      }
      return { status: 200, json: { items } };
    }
    const biz = /^\/businesses\/(\d+)(\/.*)$/.exec(path);
    if (!biz) return fail(404, 404, `No resource ${req.method} ${req.path}`);
    const [, businessId, rest] = biz as unknown as [string, string, string];
    // The agency's side of the partnership (business_partner_asset_access/get and
    // get/business_partners with partner_type=EXTERNAL): what partners granted its business.
    if (businessId === PINTEREST_FAKE.agencyBusiness && req.method === "GET") {
      if (grant.as !== "agency") return fail(403, 3, "Not authorized to access the user or business.");
      const scopeError = need("biz_access:read");
      if (scopeError) return scopeError;
      if (q.partner_type !== undefined && q.partner_type !== "INTERNAL" && q.partner_type !== "EXTERNAL")
        return fail(400, 1, `Invalid partner_type: ${q.partner_type}`);
      const external = q.partner_type === "EXTERNAL";
      const granted = [...partnerAccess].filter(([k]) => k.startsWith(`${PINTEREST_FAKE.agencyBusiness}|`));
      if (rest === "/partners")
        return {
          status: 200,
          json: {
            items:
              external && granted.length > 0
                ? [{ id: clientBiz, business_roles: ["PARTNER"], is_shared_partner: false }]
                : [],
            bookmark: null,
          },
        };
      const theirs = /^\/partners\/(\d+)\/assets$/.exec(rest);
      if (theirs) {
        if (theirs[1] !== clientBiz || !external) return fail(404, 404, "Partner not found.");
        return {
          status: 200,
          json: {
            items: granted.map(([k, permissions]) => ({
              asset_id: k.split("|")[1],
              asset_type: "AD_ACCOUNT",
              permissions,
            })),
            bookmark: null,
          },
        };
      }
    }
    if (businessId !== clientBiz || grant.as !== "client")
      return fail(403, 3, "Not authorized to access the user or business.");
    const writing = req.method !== "GET";
    const scopeError = need(writing ? "biz_access:write" : "biz_access:read");
    if (scopeError) return scopeError;

    if (rest === "/assets" && req.method === "GET") {
      if ((q.asset_type ?? "AD_ACCOUNT") !== "AD_ACCOUNT") return { status: 200, json: { items: [], bookmark: null } };
      return {
        status: 200,
        json: {
          items: PINTEREST_FAKE.adAccounts.map(([id]) => ({
            asset_id: id,
            asset_type: "AD_ACCOUNT",
            permissions: ["OWNER"],
          })),
          bookmark: null,
        },
      };
    }
    if (rest === "/partners" && req.method === "GET") {
      const wanted = q.partner_ids ? q.partner_ids.split(",") : [...partners];
      return {
        status: 200,
        json: {
          items: wanted
            .filter((id) => partners.has(id))
            .map((id) => ({ id, business_roles: ["PARTNER"], is_shared_partner: false })),
          bookmark: null,
        },
      };
    }
    const pAssets = /^\/partners\/(\d+)\/assets$/.exec(rest);
    if (pAssets && req.method === "GET") {
      const partnerId = pAssets[1]!;
      if (!partners.has(partnerId)) return fail(404, 404, "Partner not found.");
      const items = [...partnerAccess]
        .filter(([k]) => k.startsWith(`${partnerId}|`))
        .map(([k, permissions]) => ({ asset_id: k.split("|")[1], asset_type: "AD_ACCOUNT", permissions }));
      return { status: 200, json: { items, bookmark: null } };
    }
    if (rest === "/partners/assets" && req.method === "PATCH") {
      if (switches.serverError) return fail(500, 500, "Internal error");
      const accesses = ((req.body ?? {}) as { accesses?: unknown }).accesses;
      if (!Array.isArray(accesses) || accesses.length === 0) return fail(400, 1, "accesses is required");
      const items = [];
      for (const a of accesses as Record<string, unknown>[]) {
        const perms = a.permissions;
        if (
          typeof a.partner_id !== "string" ||
          typeof a.asset_id !== "string" ||
          !Array.isArray(perms) ||
          perms.length === 0
        )
          return fail(400, 1, "Each access needs partner_id, asset_id and permissions");
        const bad = perms.find((p) => typeof p !== "string" || !PERMISSIONS.includes(p));
        if (bad !== undefined) return fail(400, 1, `Invalid permission: ${String(bad)}`);
        if (!partners.has(a.partner_id)) return fail(404, 404, `Partner ${a.partner_id} not found.`);
        if (!accountIds.has(a.asset_id)) return fail(404, 404, `Asset ${a.asset_id} not found.`);
        if (switches.refuse.has(a.asset_id))
          return fail(403, 3, "This ad account cannot be shared: its owner restricts partner access.");
        partnerAccess.set(`${a.partner_id}|${a.asset_id}`, perms as string[]);
        items.push({ asset_id: a.asset_id, asset_type: "AD_ACCOUNT", partner_id: a.partner_id, permissions: perms });
      }
      return { status: 200, json: { items } };
    }
    // "Delete partner asset permissions": { accesses: [{ partner_id, asset_id, partner_type }] }
    if (rest === "/partners/assets" && req.method === "DELETE") {
      const accesses = ((req.body ?? {}) as { accesses?: unknown }).accesses;
      if (!Array.isArray(accesses) || accesses.length === 0) return fail(400, 1, "accesses is required");
      const items = [];
      for (const a of accesses as Record<string, unknown>[]) {
        if (typeof a.partner_id !== "string" || typeof a.asset_id !== "string")
          return fail(400, 1, "Each access needs partner_id and asset_id");
        if (a.partner_type !== undefined && a.partner_type !== "INTERNAL" && a.partner_type !== "EXTERNAL")
          return fail(400, 1, `Invalid partner_type: ${String(a.partner_type)}`);
        if (a.partner_type === "EXTERNAL")
          return fail(404, 404, `Asset ${a.asset_id} is not shared with this business.`);
        if (!partners.has(a.partner_id)) return fail(404, 404, `Partner ${a.partner_id} not found.`);
        if (switches.refuse.has(a.asset_id))
          return fail(403, 3, "Only an admin of this ad account can change its partners.");
        const key = `${a.partner_id}|${a.asset_id}`;
        if (!partnerAccess.has(key))
          return fail(404, 404, `Partner ${a.partner_id} has no access to asset ${a.asset_id}.`);
        items.push({
          asset_id: a.asset_id,
          asset_type: "AD_ACCOUNT",
          partner_id: a.partner_id,
          permissions: partnerAccess.get(key),
          is_shared_partner: false,
        });
        partnerAccess.delete(key);
      }
      return { status: 200, json: { items } };
    }
    if (rest === "/invites" && req.method === "POST") {
      if (switches.serverError) return fail(500, 500, "Internal error");
      const b = (req.body ?? {}) as Record<string, unknown>;
      if (b.business_role !== "PARTNER" || b.invite_type !== "PARTNER_INVITE")
        return fail(400, 1, "business_role PARTNER needs invite_type PARTNER_INVITE");
      const list = Array.isArray(b.partners) ? (b.partners as unknown[]) : [];
      if (list.length === 0 || list.some((p) => typeof p !== "string" || !/^\d+$/.test(p)))
        return fail(400, 1, "partners must be business ids");
      const items = (list as string[]).map((partner) => {
        if (partners.has(partner))
          return {
            exception: { code: 409, message: "This business is already a partner.", users_or_partner_ids: [partner] },
            invite: null,
          };
        const id = String(9000000000 + invites.size);
        invites.set(id, { partner, assets: {} });
        inviteStatus.set(id, "PENDING");
        return { exception: null, invite: { id, user: { id: partner } } };
      });
      return { status: 200, json: { items } };
    }
    if (rest === "/invites/assets/access" && req.method === "POST") {
      if (switches.serverError) return fail(500, 500, "Internal error");
      const list = ((req.body ?? {}) as { invites?: unknown }).invites;
      if (!Array.isArray(list) || list.length === 0) return fail(400, 1, "invites is required");
      const items = [];
      for (const inv of list as Record<string, unknown>[]) {
        const invite = invites.get(String(inv.invite_id));
        const map = inv.asset_id_to_permissions as Record<string, unknown> | undefined;
        if (!invite || inv.invite_type !== "PARTNER_INVITE") return fail(404, 404, "Invite not found.");
        if (!map || Object.keys(map).length === 0) return fail(400, 1, "asset_id_to_permissions is required");
        for (const [assetId, perms] of Object.entries(map)) {
          if (!Array.isArray(perms) || perms.some((p) => typeof p !== "string" || !PERMISSIONS.includes(p)))
            return fail(400, 1, `Invalid permission: ${JSON.stringify(perms)}`);
          if (!accountIds.has(assetId)) return fail(404, 404, `Asset ${assetId} not found.`);
          if (switches.refuse.has(assetId)) {
            items.push({
              exception: {
                code: 403,
                message: "This ad account cannot be shared: its owner restricts partner access.",
                invite_or_request_id: inv.invite_id,
              },
              invite: null,
            });
            continue;
          }
          invite.assets[assetId] = perms as string[];
          items.push({ exception: null, invite: { id: inv.invite_id, created_by_business_id: clientBiz } });
        }
      }
      return { status: 200, json: { items } };
    }
    return fail(404, 404, `No resource ${req.method} ${req.path}`);
  }

  const platform = await startFakePlatform({
    hosts: ["www.pinterest.com", "api.pinterest.com"],
    ports: opts.ports,
    handler: (req) => {
      if (req.host === "www.pinterest.com")
        return req.method === "GET" && req.path === "/oauth/" ? authorize(req) : { status: 404, text: "not found" };
      if (req.method === "POST" && req.path === "/v5/oauth/token") return token(req);
      return api(req);
    },
    onReset: () => {
      partners.clear();
      partnerAccess.clear();
      invites.clear();
      inviteStatus.clear();
      switches.refuse.clear();
      switches.expiredToken = false;
      switches.rateLimitOnce = false;
      switches.serverError = false;
      switches.rateLimitAlways = false;
      switches.outage = false;
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
    partners,
    partnerAccess,
    invites,
    inviteStatus,
    acceptInvite,
    now,
    advance(ms) {
      clockOffset += ms;
    },
    revokeRefreshTokens() {
      for (const r of refreshTokens.values()) r.revoked = true;
      for (const t of tokenExpiry.keys()) revokedTokens.add(t);
    },
    refreshCount: () => refreshes,
    alreadyShared(assetId, permission) {
      partners.add(PINTEREST_FAKE.agencyBusiness);
      partnerAccess.set(`${PINTEREST_FAKE.agencyBusiness}|${assetId}`, [permission]);
    },
  };
}
