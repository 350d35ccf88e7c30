// Contract fake of the TikTok API for Business endpoints the TikTok connector calls,
// written from TikTok's documentation (see lib/infra/connectors/tiktok/): the advertiser
// authorization page, /oauth2/access_token/, /user/info/, /bc/get/, /bc/asset/get/,
// /bc/partner/add/, /bc/partner/asset/get/, /bc/member/invite/, /bc/member/update/ and
// /bc/member/get/. Bodies are checked as TikTok's official SDK builds them (PartnerAddBody,
// MemberInviteBody with `asset_ids` required, MemberUpdateBody with `user_id` required:
// tiktok/tiktok-business-api-sdk). A partner add sets the partner's role on the asset and a
// member keeps one role (raised with /bc/member/update/; inviting an existing member is
// refused), so the fake shows what a grant would really leave the agency with. Only a
// Business Center's admins can add partners or invite members. Every
// answer is the `{ code, message, request_id, data }` envelope on HTTP 200 with `code`
// 0 for success, as TikTok answers; it refuses what TikTok refuses (wrong app id or
// secret, unregistered redirect_uri, unknown or reused auth_code, missing or unknown
// Access-Token, unknown roles, asset types, Business Centers and assets).
//
// The agency's own Business Center (`agencyBcId`): GET /bc/member/get/ lists its members
// (`agencyMembers`), and POST /bc/asset/assign/ gives one of them a role on an ad account shared
// with it (AssetAssignBody: bc_id, user_id, asset_type, asset_id required; advertiser_role one of
// ADMIN, OPERATOR, ANALYST for ADVERTISER; https://business-api.tiktok.com/portal/docs?id=1739438211077121),
// refused for a user who is not a member, an ad account not shared with it, or a user or ad
// account listed in `refuseAssign` (code 40001, no permission). Its calls need the agency's
// token (`agencyToken()`).
//
// A member invited by /bc/member/invite/ is listed with `relation_status` PENDING until it accepts
// TikTok's invitation (`acceptInvite(bcId)`), then BOUND; preloaded members are BOUND.
//
// The agency's own sign-in (`switches.signInAsAgency`, or `agencyToken()`): GET /bc/get/ lists its own
// Business Center (as admin) and the clients' Business Centers it joined (BOUND), and GET
// /bc/asset/get/ on its own Business Center lists the ad accounts clients share with it.
//
// Time (Authentication, https://business-api.tiktok.com/portal/docs?id=1738373164380162, and Get
// access token, docs id 1739965703387137): an advertiser authorization's access token is long-term,
// with no expiry and no refresh token, until the user cancels the authorization (`revokeAuthorization`:
// its tokens then answer 40105). With `switches.expiringTokens` the code exchange answers an access
// token of 24 hours with a refresh token of one year (`expires_in`, `refresh_token`,
// `refresh_token_expires_in`, as TikTok's official SDK describes this endpoint); such a token answers
// 40102 once past its 24 hours on the fake's clock, which the test moves (`advance`). POST
// /oauth2/refresh_token/ with `{ app_id, secret, refresh_token, grant_type }` answers a new access
// token and a new refresh token (the spent one stops working, as TikTok rotates refresh tokens,
// https://developers.tiktok.com/doc/oauth-user-access-token-management) that keeps the year of the
// first authorization; an unknown, spent, expired or cancelled refresh token answers 40105.
// `noBcPermission`: the app lacks the Business Center Management permission, so every /bc/ call
// answers 40001.
//
// Switches: `refuse` (asset ids whose sharing is refused with code 40001), `refuseAssign`, `expiredToken`
// (every token answers 40105), `rateLimitOnce` (the next API call answers 40100),
// `serverError` (grant calls answer HTTP 500), `rateLimitAlways` (every API call answers
// 40100), `outage` (every API call answers HTTP 503); `alreadyShared` preloads sharing.
import crypto from "node:crypto";
import {
  startFakePlatform,
  type FakePlatform,
  type FakeRequest,
  type FakeResponse,
} from "@/test/support/fakes/fake-platform-server";
import { createFakeOAuth } from "@/test/support/fakes/fake-oauth";

export const TIKTOK_FAKE = {
  appId: "7300000000000000001",
  appSecret: "tiktok-fake-secret-0123456789",
  agencyBcId: "7999000000000000001",
  agencyEmail: "tiktok@agency.test",
  businessCenters: [
    {
      bcId: "7000000000000000001",
      name: "Acme Business Center",
      advertisers: [
        ["7100000000000000001", "Acme Main Ads"],
        ["7100000000000000002", "Acme Brand Ads"],
        ["7100000000000000003", "Acme Archive Ads"],
      ],
    },
    {
      bcId: "7000000000000000002",
      name: "Acme Retail Center",
      advertisers: [["7100000000000000004", "Acme Retail Ads"]],
    },
    // The client is only a standard member here: TikTok refuses their partner adds and invites.
    {
      bcId: "7000000000000000003",
      name: "Reseller Center",
      advertisers: [["7100000000000000005", "Reseller Ads"]],
      userRole: "STANDARD",
    },
  ] as { bcId: string; name: string; advertisers: [string, string][]; userRole?: "ADMIN" | "STANDARD" }[],
  user: { displayName: "Ana Client", email: "a***a@client.test" },
  agencyMembers: [
    { user_id: "7600000000000000001", user_name: "Ana Buyer", user_email: "ana@agency.test", user_role: "STANDARD" },
    { user_id: "7600000000000000002", user_name: "Ben Analyst", user_email: "ben@agency.test", user_role: "STANDARD" },
  ],
} as const;

const ADVERTISER_ROLES = ["ADMIN", "OPERATOR", "ANALYST"];
const BC_USER_ROLES = ["ADMIN", "STANDARD"];

export type TikTokFakeSwitches = {
  refuse: Set<string>;
  expiredToken: boolean;
  rateLimitOnce: boolean;
  rateLimitAlways: boolean;
  serverError: boolean;
  outage: boolean;
  refuseAssign: Set<string>;
  signInAsAgency: boolean;
  expiringTokens: boolean;
  noBcPermission: boolean;
};

export type TikTokFake = FakePlatform & {
  switches: TikTokFakeSwitches;
  /** bc id -> partner id -> asset id -> advertiser role */
  shares: Map<string, Map<string, Map<string, string>>>;
  /** bc id -> email -> user role */
  members: Map<string, Map<string, string>>;
  /** preloads an ad account as already shared with the agency's Business Center */
  alreadyShared(assetId: string, role?: string): void;
  /** preloads the agency's email as a member of a Business Center (BOUND: already accepted) */
  alreadyMember(bcId: string, role?: string): void;
  /** the invitee accepts TikTok's invitation to the Business Center: its member row becomes BOUND; false when not invited */
  acceptInvite(bcId: string, email?: string): boolean;
  /** "bcId|email" of members that accepted (relation_status BOUND) */
  bound: Set<string>;
  /** a token of the agency's own sign-in (its Business Center admin) */
  agencyToken(): string;
  /** ad account id -> agency member user_id -> advertiser role */
  assigned: Map<string, Map<string, string>>;
  /** a client's (not the agency's) access token, as the code exchange issues it */
  clientToken(): string;
  /** TikTok's clock: expiring tokens expire on it; the test moves it */
  now(): number;
  advance(ms: number): void;
  /** the agency's user cancels the app's authorization: its tokens and refresh tokens stop working */
  revokeAuthorization(): void;
  /** refresh grants answered with new tokens */
  refreshCount(): number;
};

/** Expiring tokens (`switches.expiringTokens`): 24 hours, refresh tokens one year. */
export const TIKTOK_ACCESS_TOKEN_SECONDS = 86400;
export const TIKTOK_REFRESH_TOKEN_SECONDS = 365 * 86400;

type TikTokGrant = { agency?: boolean; expiresAt?: number };

export async function startTikTokFake(
  opts: { ports?: Record<string, number>; redirectUris?: string[]; consentPage?: boolean } = {},
): Promise<TikTokFake> {
  const oauth = createFakeOAuth<TikTokGrant>({
    redirectUris: opts.redirectUris,
    consentPage: opts.consentPage ? "TikTok For Business" : undefined,
  });
  const shares = new Map<string, Map<string, Map<string, string>>>();
  const members = new Map<string, Map<string, string>>();
  const bound = new Set<string>();
  const assigned = new Map<string, Map<string, string>>();
  const switches: TikTokFakeSwitches = {
    refuse: new Set(),
    expiredToken: false,
    rateLimitOnce: false,
    rateLimitAlways: false,
    serverError: false,
    outage: false,
    refuseAssign: new Set(),
    signInAsAgency: false,
    expiringTokens: false,
    noBcPermission: false,
  };
  let clockOffset = 0;
  let refreshes = 0;
  let agencyRevoked = false;
  const now = () => Date.now() + clockOffset;
  const refreshTokens = new Map<string, { agency: boolean; expiresAt: number; spent: boolean }>();
  const newRefreshToken = (agency: boolean, expiresAt: number) => {
    const r = `rft.${crypto.randomBytes(12).toString("hex")}`;
    refreshTokens.set(r, { agency, expiresAt, spent: false });
    return r;
  };
  /** an access token as the exchange or a refresh issues it, expiring or long-term */
  const issue = (agency: boolean, expiring: boolean) =>
    oauth.exchange({ redirectUri: "", used: false, grant: {} }, agency ? "tt-agency-" : "tt-token-", {
      agency,
      ...(expiring ? { expiresAt: now() + TIKTOK_ACCESS_TOKEN_SECONDS * 1000 } : {}),
    });
  const bcOf = (assetId: string) =>
    TIKTOK_FAKE.businessCenters.find((b) => b.advertisers.some(([id]) => id === assetId));
  const bc = (bcId: unknown) => TIKTOK_FAKE.businessCenters.find((b) => b.bcId === bcId);

  const ok = (data: unknown): FakeResponse => ({
    status: 200,
    json: { code: 0, message: "OK", request_id: crypto.randomUUID(), data },
  });
  const err = (code: number, message: string): FakeResponse => ({
    status: 200,
    json: { code, message, request_id: crypto.randomUUID(), data: {} },
  });
  const paged = (list: unknown[], query: Record<string, string>) => {
    const page = Number(query.page ?? 1);
    const size = Math.min(Number(query.page_size ?? 10), 50);
    return ok({
      list: list.slice((page - 1) * size, page * size),
      page_info: {
        page,
        page_size: size,
        total_number: list.length,
        total_page: Math.max(1, Math.ceil(list.length / size)),
      },
    });
  };
  const shareMap = (bcId: string, partnerId: string) => {
    let byPartner = shares.get(bcId);
    if (!byPartner) shares.set(bcId, (byPartner = new Map()));
    let assets = byPartner.get(partnerId);
    if (!assets) byPartner.set(partnerId, (assets = new Map()));
    return assets;
  };
  const userIdOf = (email: string) =>
    `75${crypto.createHash("sha256").update(email).digest("hex").replace(/\D/g, "").slice(0, 17).padEnd(17, "0")}`;
  const memberMap = (bcId: string) => {
    let m = members.get(bcId);
    if (!m) members.set(bcId, (m = new Map()));
    return m;
  };

  function consent(req: FakeRequest): FakeResponse {
    const { app_id, redirect_uri, state } = req.query;
    if (app_id !== TIKTOK_FAKE.appId) return { status: 400, text: "Invalid app_id" };
    if (!oauth.redirectAllowed(redirect_uri))
      return { status: 400, text: "redirect_uri does not match the app's advertiser redirect URL" };
    return oauth.sendBack(redirect_uri, state, { agency: switches.signInAsAgency }, ["auth_code", "code"]);
  }

  function accessToken(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.app_id !== TIKTOK_FAKE.appId || body.secret !== TIKTOK_FAKE.appSecret)
      return err(40101, "Illegal access partner: the app_id and secret do not match.");
    const issued = oauth.pending(typeof body.auth_code === "string" ? body.auth_code : "");
    if (!issued) return err(40110, "Invalid auth_code: it is wrong, used or expired.");
    issued.used = true;
    const agency = issued.grant.agency === true;
    const token = issue(agency, switches.expiringTokens);
    return ok({
      access_token: token,
      advertiser_ids: TIKTOK_FAKE.businessCenters.flatMap((b) => b.advertisers.map(([id]) => id)),
      scope: [4, 5, 6],
      ...(switches.expiringTokens
        ? {
            expires_in: TIKTOK_ACCESS_TOKEN_SECONDS,
            refresh_token: newRefreshToken(agency, now() + TIKTOK_REFRESH_TOKEN_SECONDS * 1000),
            refresh_token_expires_in: TIKTOK_REFRESH_TOKEN_SECONDS,
          }
        : {}),
    });
  }

  function refreshToken(req: FakeRequest): FakeResponse {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.app_id !== TIKTOK_FAKE.appId || body.secret !== TIKTOK_FAKE.appSecret)
      return err(40101, "Illegal access partner: the app_id and secret do not match.");
    if (body.grant_type !== "refresh_token") return err(40002, "grant_type: must be refresh_token.");
    const held = refreshTokens.get(typeof body.refresh_token === "string" ? body.refresh_token : "");
    if (!held || held.spent || held.expiresAt <= now() || (held.agency && agencyRevoked))
      return err(40105, "The refresh token is incorrect, has expired or has been revoked.");
    held.spent = true;
    refreshes++;
    return ok({
      access_token: issue(held.agency, true),
      expires_in: TIKTOK_ACCESS_TOKEN_SECONDS,
      refresh_token: newRefreshToken(held.agency, held.expiresAt),
      refresh_token_expires_in: Math.floor((held.expiresAt - now()) / 1000),
    });
  }

  function api(req: FakeRequest): FakeResponse {
    const path = req.path.replace(/^\/open_api\/v1\.3/, "");
    const token = req.headers["access-token"];
    if (!token) return err(40104, "Access token is empty.");
    const grant = oauth.tokenGrant(token);
    if (switches.expiredToken || !grant || (grant.agency && agencyRevoked))
      return err(40105, "Access token is incorrect or has been revoked.");
    if (grant.expiresAt !== undefined && grant.expiresAt <= now()) return err(40102, "Access token has expired.");
    if (switches.outage) return { status: 503, text: "Service Unavailable", headers: { "retry-after": "0" } };
    if (switches.rateLimitOnce || switches.rateLimitAlways) {
      switches.rateLimitOnce = false;
      return err(40100, "Too many requests. Please retry in some time.");
    }
    const q = req.query;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const agencyCall = grant.agency === true;
    if (switches.noBcPermission && path.startsWith("/bc/"))
      return err(40001, "No permission to operate: the app has not been granted the Business Center Management scope.");
    if (agencyCall && req.method === "GET" && path === "/bc/get/") {
      // the agency's own Business Center, and the clients' ones it joined
      const joined = TIKTOK_FAKE.businessCenters.filter((b) => bound.has(`${b.bcId}|${TIKTOK_FAKE.agencyEmail}`));
      return paged(
        [
          {
            bc_info: { bc_id: TIKTOK_FAKE.agencyBcId, name: "Agency Business Center", status: "ENABLE" },
            user_role: "ADMIN",
          },
          ...joined.map((b) => ({
            bc_info: { bc_id: b.bcId, name: b.name, status: "ENABLE" },
            user_role: members.get(b.bcId)?.get(TIKTOK_FAKE.agencyEmail) ?? "STANDARD",
          })),
        ],
        q,
      );
    }
    if (agencyCall && req.method === "GET" && path === "/bc/asset/get/" && q.bc_id === TIKTOK_FAKE.agencyBcId) {
      if (q.asset_type !== "ADVERTISER") return paged([], q);
      // the ad accounts clients share with the agency's Business Center
      const rows = [...shares].flatMap(([, byPartner]) =>
        [...(byPartner.get(TIKTOK_FAKE.agencyBcId) ?? new Map<string, string>())].map(([id, role]) => ({
          asset_id: id,
          asset_name: bcOf(id)?.advertisers.find(([a]) => a === id)?.[1] ?? null,
          asset_type: "ADVERTISER",
          advertiser_role: role,
        })),
      );
      return paged(rows, q);
    }
    if (req.method === "GET" && path === "/user/info/")
      return ok({
        core_user_id: "7400000000000000001",
        display_name: TIKTOK_FAKE.user.displayName,
        email: TIKTOK_FAKE.user.email,
      });
    if (req.method === "GET" && path === "/bc/get/") {
      return paged(
        TIKTOK_FAKE.businessCenters.map((b) => ({
          bc_info: { bc_id: b.bcId, name: b.name, status: "ENABLE" },
          user_role: b.userRole ?? "ADMIN",
        })),
        q,
      );
    }
    if (req.method === "GET" && path === "/bc/asset/get/") {
      const b = bc(q.bc_id);
      if (!b) return err(40002, "bc_id: Business Center not found or no permission.");
      if (q.asset_type !== "ADVERTISER") return paged([], q);
      return paged(
        b.advertisers.map(([id, name]) => ({
          asset_id: id,
          asset_name: name,
          asset_type: "ADVERTISER",
          advertiser_role: "ADMIN",
        })),
        q,
      );
    }
    if (req.method === "GET" && path === "/bc/partner/asset/get/") {
      const b = bc(q.bc_id);
      if (!b) return err(40002, "bc_id: Business Center not found or no permission.");
      if (!q.partner_id || !q.asset_type || !["SHARED", "SHARING"].includes(q.share_type ?? ""))
        return err(40002, "partner_id, asset_type and share_type are required.");
      const assets = shares.get(b.bcId)?.get(q.partner_id);
      if (!assets) return err(40002, "partner_id: not a partner of this Business Center.");
      const names = new Map(b.advertisers);
      return paged(
        [...assets].map(([id, role]) => ({
          asset_id: id,
          asset_name: names.get(id) ?? null,
          asset_type: "ADVERTISER",
          advertiser_role: role,
        })),
        q,
      );
    }
    if (req.method === "GET" && path === "/bc/member/get/" && q.bc_id === TIKTOK_FAKE.agencyBcId) {
      if (!agencyCall) return err(40002, "bc_id: Business Center not found or no permission.");
      return paged(
        TIKTOK_FAKE.agencyMembers.map((m) => ({ ...m, relation_status: "BOUND" })),
        q,
      );
    }
    if (req.method === "POST" && path === "/bc/asset/assign/") {
      for (const field of ["bc_id", "user_id", "asset_type", "asset_id"])
        if (typeof body[field] !== "string" || body[field] === "")
          return err(40002, `${field}: Missing data for required field.`);
      if (body.bc_id !== TIKTOK_FAKE.agencyBcId || !agencyCall)
        return err(40002, "bc_id: Business Center not found or no permission.");
      if (body.asset_type !== "ADVERTISER") return err(40002, "asset_type: invalid enum value.");
      if (typeof body.advertiser_role !== "string" || !ADVERTISER_ROLES.includes(body.advertiser_role))
        return err(40002, "advertiser_role: invalid enum value.");
      const userId = body.user_id as string;
      const assetId = body.asset_id as string;
      if (!TIKTOK_FAKE.agencyMembers.some((m) => m.user_id === userId))
        return err(40002, "user_id: not a member of this Business Center.");
      const owner = bcOf(assetId);
      if (!owner || !shares.get(owner.bcId)?.get(TIKTOK_FAKE.agencyBcId)?.has(assetId))
        return err(40002, `asset_id: ${assetId} is not an asset of this Business Center.`);
      if (switches.refuseAssign.has(userId) || switches.refuseAssign.has(assetId))
        return err(40001, "No permission to assign this asset to the member.");
      let byUser = assigned.get(assetId);
      if (!byUser) assigned.set(assetId, (byUser = new Map()));
      byUser.set(userId, body.advertiser_role);
      return ok({});
    }
    if (req.method === "GET" && path === "/bc/member/get/") {
      const b = bc(q.bc_id);
      if (!b) return err(40002, "bc_id: Business Center not found or no permission.");
      // FilteringBcMemberGet: keyword, relation_status, user_role (all optional)
      let filtering: { keyword?: unknown; relation_status?: unknown } = {};
      try {
        filtering = q.filtering ? (JSON.parse(q.filtering) as typeof filtering) : {};
      } catch {
        return err(40002, "filtering: invalid JSON.");
      }
      const keyword = String(filtering.keyword ?? "");
      const relation = filtering.relation_status;
      if (relation !== undefined && relation !== "BOUND" && relation !== "PENDING")
        return err(40002, "filtering.relation_status: invalid enum value.");
      const rows = [...(members.get(b.bcId) ?? new Map<string, string>())]
        .filter(([email]) => email.includes(keyword.toLowerCase()))
        .map(([email, role]) => ({
          user_id: userIdOf(email),
          user_name: email.split("@")[0],
          user_email: email,
          user_role: role,
          relation_status: bound.has(`${b.bcId}|${email}`) ? "BOUND" : "PENDING",
        }))
        .filter((r) => relation === undefined || r.relation_status === relation);
      return paged(rows, q);
    }
    if (req.method === "POST" && path === "/bc/partner/add/") {
      if (switches.serverError) return { status: 500, text: "Internal Server Error" };
      const b = bc(body.bc_id);
      if (!b) return err(40002, "bc_id: Business Center not found or no permission.");
      if (typeof body.partner_id !== "string" || !/^\d+$/.test(body.partner_id))
        return err(40002, "partner_id: must be a Business Center ID.");
      if (body.asset_type !== "ADVERTISER") return err(40002, "asset_type: invalid enum value.");
      const role = body.advertiser_role ?? "ANALYST";
      if (typeof role !== "string" || !ADVERTISER_ROLES.includes(role))
        return err(40002, "advertiser_role: invalid enum value.");
      const ids = Array.isArray(body.asset_ids) ? (body.asset_ids as unknown[]) : [];
      if (ids.length === 0 || ids.length > 50) return err(40002, "asset_ids: 1 to 50 asset IDs are required.");
      for (const id of ids)
        if (bcOf(String(id))?.bcId !== b.bcId)
          return err(40002, `asset_ids: ${String(id)} is not an asset of this Business Center.`);
      if (b.userRole === "STANDARD") return err(40001, "No permission: only Business Center admins can add partners.");
      for (const id of ids)
        if (switches.refuse.has(String(id)))
          return err(40001, `No permission to share advertiser ${String(id)} with partners.`);
      for (const id of ids) shareMap(b.bcId, body.partner_id).set(String(id), role);
      return ok({});
    }
    if (req.method === "POST" && path === "/bc/member/invite/") {
      if (switches.serverError) return { status: 500, text: "Internal Server Error" };
      const b = bc(body.bc_id);
      if (!b) return err(40002, "bc_id: Business Center not found or no permission.");
      const emails = Array.isArray(body.emails) ? (body.emails as unknown[]) : [];
      if (emails.length === 0 || emails.some((e) => typeof e !== "string" || !/^[^@\s]+@[^@\s]+$/.test(e)))
        return err(40002, "emails: valid email addresses are required.");
      const role = body.user_role ?? "STANDARD";
      if (typeof role !== "string" || !BC_USER_ROLES.includes(role))
        return err(40002, "user_role: invalid enum value.");
      // MemberInviteBody: asset_ids is required (a list, which may name no ad account).
      if (!Array.isArray(body.asset_ids)) return err(40002, "asset_ids: Missing data for required field.");
      if (body.asset_type !== undefined && body.asset_type !== "ADVERTISER")
        return err(40002, "asset_type: invalid enum value.");
      for (const id of body.asset_ids as unknown[])
        if (bcOf(String(id))?.bcId !== b.bcId)
          return err(40002, `asset_ids: ${String(id)} is not an asset of this Business Center.`);
      if (b.userRole === "STANDARD" || switches.refuse.has(b.bcId))
        return err(40001, "No permission to invite members to this Business Center.");
      for (const e of emails as string[])
        if (memberMap(b.bcId).has(e.toLowerCase()))
          return err(40002, `${e} is already a member of this Business Center.`);
      for (const e of emails as string[]) memberMap(b.bcId).set(e.toLowerCase(), role);
      return ok({});
    }
    if (req.method === "POST" && path === "/bc/member/update/") {
      if (switches.serverError) return { status: 500, text: "Internal Server Error" };
      const b = bc(body.bc_id);
      if (!b) return err(40002, "bc_id: Business Center not found or no permission.");
      if (typeof body.user_id !== "string") return err(40002, "user_id: Missing data for required field.");
      const role = body.user_role;
      if (role !== undefined && (typeof role !== "string" || !BC_USER_ROLES.includes(role)))
        return err(40002, "user_role: invalid enum value.");
      if (b.userRole === "STANDARD") return err(40001, "No permission to update members of this Business Center.");
      const email = [...memberMap(b.bcId).keys()].find((e) => userIdOf(e) === body.user_id);
      if (!email) return err(40002, "user_id: not a member of this Business Center.");
      if (typeof role === "string") memberMap(b.bcId).set(email, role);
      return ok({});
    }
    return {
      status: 404,
      json: {
        code: 40400,
        message: `No such API: ${req.method} ${req.path}`,
        request_id: crypto.randomUUID(),
        data: {},
      },
    };
  }

  const platform = await startFakePlatform({
    hosts: ["business-api.tiktok.com"],
    ports: opts.ports,
    handler: (req) => {
      if (req.method === "GET" && req.path === "/portal/auth") return consent(req);
      if (req.method === "POST" && req.path === "/open_api/v1.3/oauth2/access_token/") return accessToken(req);
      if (req.method === "POST" && req.path === "/open_api/v1.3/oauth2/refresh_token/") return refreshToken(req);
      if (req.path.startsWith("/open_api/v1.3/")) return api(req);
      return { status: 404, text: "not found" };
    },
    onReset: () => {
      shares.clear();
      members.clear();
      bound.clear();
      assigned.clear();
      switches.refuseAssign.clear();
      switches.refuse.clear();
      switches.expiredToken = false;
      switches.rateLimitOnce = false;
      switches.rateLimitAlways = false;
      switches.serverError = false;
      switches.outage = false;
      switches.signInAsAgency = false;
      switches.expiringTokens = false;
      switches.noBcPermission = false;
      clockOffset = 0;
      refreshes = 0;
      agencyRevoked = false;
      refreshTokens.clear();
    },
  });

  return {
    ...platform,
    switches,
    shares,
    members,
    alreadyShared(assetId, role = "ADMIN") {
      shareMap(bcOf(assetId)!.bcId, TIKTOK_FAKE.agencyBcId).set(assetId, role);
    },
    alreadyMember(bcId, role = "STANDARD") {
      memberMap(bcId).set(TIKTOK_FAKE.agencyEmail, role);
      bound.add(`${bcId}|${TIKTOK_FAKE.agencyEmail}`);
    },
    acceptInvite(bcId, email = TIKTOK_FAKE.agencyEmail) {
      if (!memberMap(bcId).has(email.toLowerCase())) return false;
      bound.add(`${bcId}|${email.toLowerCase()}`);
      return true;
    },
    bound,
    assigned,
    agencyToken: () => issue(true, false),
    clientToken: () => issue(false, false),
    now,
    advance(ms) {
      clockOffset += ms;
    },
    revokeAuthorization() {
      agencyRevoked = true;
    },
    refreshCount: () => refreshes,
  };
}
