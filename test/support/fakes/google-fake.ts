// A contract fake of the Google endpoints the Google connector calls, written from
// Google's documentation (each route names its page in google-api.ts / the connector):
// OAuth 2.0 consent and token exchange with PKCE, OpenID userinfo, the Analytics Admin
// API, Tag Manager API v2, Google Ads API (REST), Merchant API and the Business Profile
// APIs. One node:http listener per Google host on loopback; tests point
// PLATFORM_HOST_OVERRIDES at `hosts`. It rejects what Google rejects (unknown client,
// wrong redirect_uri, bad PKCE verifier, used codes, missing or expired tokens, missing
// scopes, missing developer token or login-customer-id, unknown roles and permissions,
// unknown assets) with Google's error bodies, and records every call.
//
// Every listener also serves GET /__calls (the recorded calls as JSON), POST /__reset
// and POST /__switches (JSON body, merged into the switches) for Playwright specs in
// another process.

import http from "node:http";
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

export const GOOGLE_FAKE_HOSTS = [
  "accounts.google.com",
  "oauth2.googleapis.com",
  "openidconnect.googleapis.com",
  "analyticsadmin.googleapis.com",
  "tagmanager.googleapis.com",
  "googleads.googleapis.com",
  "merchantapi.googleapis.com",
  "mybusinessaccountmanagement.googleapis.com",
  "mybusinessbusinessinformation.googleapis.com",
] as const;
export type GoogleFakeHost = (typeof GOOGLE_FAKE_HOSTS)[number];

/** Fixed ports for Playwright (Google's range is 4110-4119), one per host; integration tests use port 0. */
export const GOOGLE_FAKE_PORTS: Readonly<Record<GoogleFakeHost, number>> = Object.fromEntries(
  GOOGLE_FAKE_HOSTS.map((h, i) => [h, 4110 + i]),
) as Record<GoogleFakeHost, number>;

export const GOOGLE_FAKE = {
  clientId: "fake-client-1234.apps.googleusercontent.com",
  clientSecret: "fake-google-client-secret",
  developerToken: "fake-ads-developer-token",
  clientEmail: "client@brand.test",
  agencyEmail: "google@agency.test",
  managerId: "9990001111",
  adsVersion: "v26",
} as const;

/** The client's assets per service, as the connector reports their ids. */
export const GOOGLE_FAKE_ASSETS = {
  google_analytics: ["properties/1001", "properties/1002", "properties/1003"],
  google_tag_manager: [
    "accounts/2001/containers/3001",
    "accounts/2001/containers/3002",
    "accounts/2001/containers/3003",
  ],
  google_ads: ["4440001111", "4440002222", "4440003333"],
  google_ads_mcc: ["4440001111", "4440002222", "4440003333"],
  google_merchant_center: ["accounts/5001", "accounts/5002", "accounts/5003"],
  google_business_profile: ["locations/6001", "locations/6002", "locations/6003"],
} as const;

export type GoogleFakeSwitches = {
  /** Assets whose grant Google refuses (PERMISSION_DENIED, or the documented Ads error). */
  refuse: string[];
  /** Assets the agency's email (or manager account) already has access to. */
  alreadyShared: string[];
  /** Every access token is answered 401 UNAUTHENTICATED. */
  expiredTokens: boolean;
  /** The next grant call is answered 429 RESOURCE_EXHAUSTED, later ones normally. */
  rateLimitOnce: boolean;
  /** Every grant call is answered 429 RESOURCE_EXHAUSTED. */
  rateLimitAlways: boolean;
  /** Every grant call is answered 500 INTERNAL. */
  serverError: boolean;
  /** The consent page answers error=access_denied. */
  deny: boolean;
  /** Who signs in on the consent page when no login_hint names them (the agency's own connection). */
  signInAs: string | null;
  /**
   * The OAuth client's Cloud project has Cloud-managed access levels: Google Ads calls need no
   * `developer-token` header ("Cloud-managed access levels",
   * https://developers.google.com/google-ads/api/docs/concepts/no-developer-token). Off, a call
   * without it is refused with RequestError DEVELOPER_TOKEN_PARAMETER_MISSING ("The developer-token
   * parameter is required for all requests", google/ads/googleads/v26/errors/request_error.proto).
   */
  cloudManaged: boolean;
};

export type RecordedCall = {
  host: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
};

export type GoogleFake = {
  hosts: Record<string, string>;
  calls: RecordedCall[];
  switches: GoogleFakeSwitches;
  set(s: Partial<GoogleFakeSwitches>): void;
  reset(): void;
  /** The agency's email already holds `role` (the API's value) on the asset of `serviceId`; Analytics: [] removes it. */
  hold(serviceId: string, assetId: string, role: string | string[]): void;
  /** What the agency's email holds on the asset now (roles, permission, rights or role), [] for nothing. */
  held(serviceId: string, assetId: string): string[];
  /** A token as if `email` had signed in with these scopes (the agency's own token for the Ads manager link). */
  issueToken(email: string, scopes: string[]): string;
  /** The fake's clock: Google's time, moved by the test (access tokens expire on it). */
  now(): number;
  /** Moves Google's clock forward by `ms`. */
  advance(ms: number): void;
  /** The user removes the app's access (or Google revokes it): every refresh token of `email` answers invalid_grant. */
  revokeRefreshTokens(email: string): void;
  /** How many refresh grants the token endpoint answered with a new access token. */
  refreshCount(): number;
  /**
   * Test hook: `email` accepts every invitation Google holds for it, as the invitee clicking
   * the link would: Ads invitations become users, Merchant Center users turn VERIFIED,
   * Business Profile admins lose pendingInvitation. Returns how many it accepted.
   */
  acceptInvitations(email: string): number;
  /** PLATFORM_HOST_OVERRIDES value for these listeners. */
  overrides: string;
  close(): Promise<void>;
};

type Json = Record<string, unknown>;
type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Token = { email: string; scopes: Set<string>; expiresAt: number };
type Code = {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scopes: string[];
  email: string;
  used: boolean;
  offline: boolean;
};
type RefreshGrant = { email: string; scopes: string[]; revoked: boolean };

// An access token lives one hour: the token endpoint answers `expires_in: 3599`
// (https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code).
export const GOOGLE_ACCESS_TOKEN_SECONDS = 3599;

const S = "https://www.googleapis.com/auth/";
const KNOWN_SCOPES = new Set([
  "openid",
  "email",
  "profile",
  `${S}analytics.readonly`,
  `${S}analytics.edit`,
  `${S}analytics.manage.users`,
  `${S}analytics.manage.users.readonly`,
  `${S}tagmanager.readonly`,
  `${S}tagmanager.manage.users`,
  `${S}adwords`,
  `${S}content`,
  `${S}business.manage`,
]);

const gErr = (code: number, status: string, message: string, details?: unknown[]): Reply => ({
  status: code,
  body: { error: { code, message, status, ...(details ? { details } : {}) } },
});
const adsErr = (code: number, status: string, errorCode: Record<string, string>, message: string): Reply =>
  gErr(
    code,
    status,
    code === 401 ? "Request is missing required authentication credential." : "Request contains an invalid argument.",
    [
      {
        "@type": `type.googleapis.com/google.ads.googleads.${GOOGLE_FAKE.adsVersion}.errors.GoogleAdsFailure`,
        errors: [{ errorCode, message }],
        requestId: randomBytes(8).toString("hex"),
      },
    ],
  );
const ok = (body: unknown): Reply => ({ status: 200, body });
const denied = () => gErr(403, "PERMISSION_DENIED", "The caller does not have permission");
const same = (a: unknown, b: string) => typeof a === "string" && a.toLowerCase() === b.toLowerCase();

function defaults(): GoogleFakeSwitches {
  return {
    refuse: [],
    alreadyShared: [],
    expiredTokens: false,
    rateLimitOnce: false,
    rateLimitAlways: false,
    serverError: false,
    deny: false,
    signInAs: null,
    cloudManaged: false,
  };
}

export async function startGoogleFake(
  opts: { ports?: Partial<Record<GoogleFakeHost, number>>; redirectUris?: string[] } = {},
): Promise<GoogleFake> {
  const calls: RecordedCall[] = [];
  const tokens = new Map<string, Token>();
  const codes = new Map<string, Code>();
  const refreshGrants = new Map<string, RefreshGrant>();
  let clockOffset = 0;
  let refreshes = 0;
  const now = () => Date.now() + clockOffset;
  let switches = defaults();
  const redirectUris = new Set(opts.redirectUris ?? ["http://localhost:3999/api/access/callback"]);

  // Platform state the grants change and the read-backs see.
  let state = freshState();
  function freshState() {
    return {
      bindings: new Map<string, { name: string; user: string; roles: string[] }[]>(),
      gtmPermissions: new Map<
        string,
        {
          path: string;
          accountId: string;
          emailAddress: string;
          accountAccess: Json;
          containerAccess: { containerId: string; permission: string }[];
        }[]
      >(),
      adsInvites: new Map<string, { emailAddress: string; accessRole: string; invitationStatus: string }[]>(),
      adsUsers: new Map<string, { userId?: string; emailAddress: string; accessRole: string }[]>(),
      links: new Map<string, { managerId: string; linkId: string; status: string }[]>(), // by client id
      merchantUsers: new Map<string, { email: string; accessRights: string[]; state: string }[]>(),
      admins: new Map<string, { admin: string; role: string; pendingInvitation: boolean }[]>(),
      seq: 100,
    };
  }
  function seedAlreadyShared() {
    const a = GOOGLE_FAKE.agencyEmail;
    for (const id of switches.alreadyShared) {
      if (id.startsWith("properties/"))
        state.bindings.set(id, [{ name: `${id}/accessBindings/1`, user: a, roles: ["predefinedRoles/admin"] }]);
      if (id.includes("/containers/")) {
        const [, acc, , c] = id.split("/");
        const list = state.gtmPermissions.get(acc!) ?? [];
        list.push({
          path: `accounts/${acc}/user_permissions/1`,
          accountId: acc!,
          emailAddress: a,
          accountAccess: { permission: "user" },
          containerAccess: [{ containerId: c!, permission: "publish" }],
        });
        state.gtmPermissions.set(acc!, list);
      }
      if (/^\d{10}$/.test(id)) {
        state.adsUsers.set(id, [{ emailAddress: a, accessRole: "ADMIN" }]);
        state.links.set(id, [{ managerId: GOOGLE_FAKE.managerId, linkId: "1", status: "ACTIVE" }]);
      }
      if (id.startsWith("accounts/5"))
        state.merchantUsers.set(id, [{ email: a, accessRights: ["ADMIN"], state: "VERIFIED" }]);
      if (id.startsWith("locations/")) state.admins.set(id, [{ admin: a, role: "OWNER", pendingInvitation: false }]);
    }
  }

  function hold(serviceId: string, id: string, role: string | string[]) {
    const a = GOOGLE_FAKE.agencyEmail;
    const roles = Array.isArray(role) ? role : [role];
    // an empty list: the client removed the agency's binding
    if (serviceId === "google_analytics")
      state.bindings.set(id, roles.length ? [{ name: `${id}/accessBindings/${nextId()}`, user: a, roles }] : []);
    else if (serviceId === "google_tag_manager") {
      const [, acc, , c] = id.split("/");
      state.gtmPermissions.set(acc!, [
        {
          path: `accounts/${acc}/user_permissions/${nextId()}`,
          accountId: acc!,
          emailAddress: a,
          accountAccess: { permission: "user" },
          containerAccess: [{ containerId: c!, permission: roles[0]! }],
        },
      ]);
    } else if (serviceId === "google_merchant_center")
      state.merchantUsers.set(id, [{ email: a, accessRights: roles, state: "VERIFIED" }]);
    else if (serviceId === "google_ads") state.adsUsers.set(id, [{ emailAddress: a, accessRole: roles[0]! }]);
    else if (serviceId === "google_business_profile")
      state.admins.set(id, [{ admin: a, role: roles[0]!, pendingInvitation: false }]);
  }
  function held(serviceId: string, id: string): string[] {
    const a = GOOGLE_FAKE.agencyEmail;
    if (serviceId === "google_analytics")
      return (state.bindings.get(id) ?? []).find((x) => same(x.user, a))?.roles ?? [];
    if (serviceId === "google_tag_manager") {
      const [, acc, , c] = id.split("/");
      const p = (state.gtmPermissions.get(acc!) ?? []).find((x) => same(x.emailAddress, a));
      const access = p?.containerAccess.find((x) => x.containerId === c);
      return access ? [access.permission] : [];
    }
    if (serviceId === "google_merchant_center")
      return (state.merchantUsers.get(id) ?? []).find((x) => same(x.email, a))?.accessRights ?? [];
    if (serviceId === "google_ads") {
      const u = (state.adsUsers.get(id) ?? []).find((x) => same(x.emailAddress, a));
      return u ? [u.accessRole] : [];
    }
    if (serviceId === "google_business_profile") {
      const u = (state.admins.get(id) ?? []).find((x) => same(x.admin, a));
      return u ? [u.role] : [];
    }
    return [];
  }
  function acceptInvitations(email: string): number {
    let accepted = 0;
    for (const [customer, invites] of state.adsInvites) {
      const mine = invites.filter((i) => same(i.emailAddress, email) && i.invitationStatus === "PENDING");
      if (mine.length === 0) continue;
      // an accepted invitation leaves the invitation list and the invitee becomes a user
      state.adsInvites.set(
        customer,
        invites.filter((i) => !mine.includes(i)),
      );
      const users = state.adsUsers.get(customer) ?? [];
      for (const i of mine) users.push({ emailAddress: i.emailAddress, accessRole: i.accessRole });
      state.adsUsers.set(customer, users);
      accepted += mine.length;
    }
    for (const users of state.merchantUsers.values())
      for (const u of users)
        if (same(u.email, email) && u.state === "PENDING") {
          u.state = "VERIFIED";
          accepted++;
        }
    for (const admins of state.admins.values())
      for (const a of admins)
        if (same(a.admin, email) && a.pendingInvitation) {
          a.pendingInvitation = false;
          accepted++;
        }
    return accepted;
  }

  const issueToken = (email: string, scopes: string[]) => {
    const t = `ya29.fake-${randomBytes(12).toString("hex")}`;
    tokens.set(t, { email, scopes: new Set(scopes), expiresAt: now() + GOOGLE_ACCESS_TOKEN_SECONDS * 1000 });
    return t;
  };

  // Who a token belongs to; an Error reply when it is missing, unknown, expired or lacks every one of `anyScope`.
  function auth(headers: http.IncomingHttpHeaders, anyScope: string[]): Token | Reply {
    const m = /^Bearer (.+)$/.exec(headers.authorization ?? "");
    const tok = m ? tokens.get(m[1]!) : undefined;
    if (!tok || switches.expiredTokens || tok.expiresAt <= now()) {
      return gErr(
        401,
        "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      );
    }
    if (!anyScope.some((s) => tok.scopes.has(s))) {
      return gErr(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", [
        { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" },
      ]);
    }
    return tok;
  }
  const isReply = (v: Token | Reply): v is Reply => "status" in v;

  // Switches that apply to grant calls (mutations) only.
  // Google APIs answer a quota limit 429 RESOURCE_EXHAUSTED (https://cloud.google.com/apis/design/errors#handling_errors);
  // the Google Ads API adds its GoogleAdsFailure with quotaError RESOURCE_EXHAUSTED
  // (https://developers.google.com/google-ads/api/docs/best-practices/quotas).
  function grantSwitch(api: "ads" | "other" = "other"): Reply | null {
    if (switches.serverError) return gErr(500, "INTERNAL", "Internal error encountered.");
    if (switches.rateLimitOnce || switches.rateLimitAlways) {
      switches.rateLimitOnce = false;
      if (api === "ads")
        return adsErr(429, "RESOURCE_EXHAUSTED", { quotaError: "RESOURCE_EXHAUSTED" }, "Too many requests.");
      return gErr(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Requests' of service.");
    }
    return null;
  }
  const refused = (id: string) => switches.refuse.includes(id);
  const nextId = () => String(++state.seq);

  const CLIENT_ADS = GOOGLE_FAKE_ASSETS.google_ads as readonly string[];
  // The accounts a token reaches: its own, plus every account where its email is a user (an
  // accepted invitation); a pending invitation gives no access yet.
  const adsAccess = (tok: Token) => {
    const own =
      tok.email === GOOGLE_FAKE.agencyEmail
        ? [GOOGLE_FAKE.managerId]
        : tok.email === GOOGLE_FAKE.clientEmail
          ? [...CLIENT_ADS]
          : [];
    const asUser = [...state.adsUsers]
      .filter(([, users]) => users.some((u) => same(u.emailAddress, tok.email)))
      .map(([customer]) => customer);
    return [...new Set([...own, ...asUser])];
  };

  function route(host: string, method: string, url: URL, headers: http.IncomingHttpHeaders, body: unknown): Reply {
    const path = url.pathname;
    const b = (body ?? {}) as Json;

    if (host === "accounts.google.com" && method === "GET" && path === "/o/oauth2/v2/auth") {
      const q = url.searchParams;
      // Google shows an error page, never a redirect, for an unknown client or an unregistered redirect_uri.
      if (q.get("client_id") !== GOOGLE_FAKE.clientId)
        return { status: 401, body: "Error 401: invalid_client. The OAuth client was not found." };
      const redirectUri = q.get("redirect_uri") ?? "";
      if (!redirectUris.has(redirectUri)) return { status: 400, body: "Error 400: redirect_uri_mismatch" };
      const back = new URL(redirectUri);
      back.searchParams.set("state", q.get("state") ?? "");
      const fail = (error: string) => {
        back.searchParams.set("error", error);
        return { status: 302, body: "", headers: { location: back.toString() } };
      };
      const scopes = (q.get("scope") ?? "").split(" ").filter(Boolean);
      if (q.get("response_type") !== "code") return fail("unsupported_response_type");
      if (scopes.length === 0 || scopes.some((s) => !KNOWN_SCOPES.has(s))) return fail("invalid_scope");
      if (q.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(q.get("code_challenge") ?? ""))
        return fail("invalid_request");
      if (switches.deny) return fail("access_denied");
      const code = `4/fake-${randomBytes(12).toString("hex")}`;
      codes.set(code, {
        clientId: GOOGLE_FAKE.clientId,
        redirectUri,
        challenge: q.get("code_challenge")!,
        scopes,
        email: q.get("login_hint") ?? switches.signInAs ?? GOOGLE_FAKE.clientEmail,
        used: false,
        // a refresh token only for access_type=offline
        // (https://developers.google.com/identity/protocols/oauth2/web-server#offline)
        offline: q.get("access_type") === "offline",
      });
      back.searchParams.set("code", code);
      back.searchParams.set("scope", scopes.join(" "));
      return { status: 302, body: "", headers: { location: back.toString() } };
    }

    if (host === "oauth2.googleapis.com" && method === "POST" && path === "/token") {
      const f = b as Record<string, string>;
      const err = (status: number, error: string, error_description: string): Reply => ({
        status,
        body: { error, error_description },
      });
      if (f.client_id !== GOOGLE_FAKE.clientId || f.client_secret !== GOOGLE_FAKE.clientSecret)
        return err(401, "invalid_client", "Unauthorized");
      // Refreshing an access token: grant_type=refresh_token with the client's credentials
      // (https://developers.google.com/identity/protocols/oauth2/web-server#offline); a refresh token the
      // user or Google revoked answers 400 invalid_grant "Token has been expired or revoked."
      // (https://developers.google.com/identity/protocols/oauth2#expiration). Google keeps the refresh token.
      if (f.grant_type === "refresh_token") {
        const grant = refreshGrants.get(f.refresh_token ?? "");
        if (!grant || grant.revoked) return err(400, "invalid_grant", "Token has been expired or revoked.");
        refreshes++;
        return ok({
          access_token: issueToken(grant.email, grant.scopes),
          expires_in: GOOGLE_ACCESS_TOKEN_SECONDS,
          scope: grant.scopes.join(" "),
          token_type: "Bearer",
        });
      }
      if (f.grant_type !== "authorization_code") return err(400, "unsupported_grant_type", "Invalid grant_type");
      const code = codes.get(f.code ?? "");
      if (!code || code.used) return err(400, "invalid_grant", "Bad Request");
      if (f.redirect_uri !== code.redirectUri) return err(400, "redirect_uri_mismatch", "Bad Request");
      if (!f.code_verifier) return err(400, "invalid_grant", "Missing code verifier.");
      if (createHash("sha256").update(f.code_verifier).digest("base64url") !== code.challenge)
        return err(400, "invalid_grant", "Invalid code verifier.");
      code.used = true;
      let refresh: string | null = null;
      if (code.offline) {
        refresh = `1//fake-${randomBytes(16).toString("hex")}`;
        refreshGrants.set(refresh, { email: code.email, scopes: code.scopes, revoked: false });
      }
      return ok({
        access_token: issueToken(code.email, code.scopes),
        expires_in: GOOGLE_ACCESS_TOKEN_SECONDS,
        ...(refresh ? { refresh_token: refresh } : {}),
        scope: code.scopes.join(" "),
        token_type: "Bearer",
      });
    }

    if (host === "openidconnect.googleapis.com" && method === "GET" && path === "/v1/userinfo") {
      const tok = auth(headers, ["openid", "email", "profile"]);
      if (isReply(tok)) return tok;
      return ok({
        sub: createHash("sha256").update(tok.email).digest("hex").slice(0, 21),
        email: tok.email,
        email_verified: true,
        name: tok.email.split("@")[0],
      });
    }

    if (host === "analyticsadmin.googleapis.com") return analytics(method, path, headers, b);
    if (host === "tagmanager.googleapis.com") return tagManager(method, path, headers, b);
    if (host === "googleads.googleapis.com") return ads(method, path, headers, b);
    if (host === "merchantapi.googleapis.com") return merchant(method, path, url, headers, b);
    if (
      host === "mybusinessaccountmanagement.googleapis.com" ||
      host === "mybusinessbusinessinformation.googleapis.com"
    )
      return business(host, method, path, url, headers, b);
    return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
  }

  const GA_PROPS = GOOGLE_FAKE_ASSETS.google_analytics as readonly string[];
  const GA_ROLES = new Set([
    "predefinedRoles/viewer",
    "predefinedRoles/analyst",
    "predefinedRoles/editor",
    "predefinedRoles/admin",
    "predefinedRoles/no-cost-data",
    "predefinedRoles/no-revenue-data",
  ]);
  function analytics(method: string, path: string, headers: http.IncomingHttpHeaders, b: Json): Reply {
    if (method === "GET" && path === "/v1beta/accountSummaries") {
      const tok = auth(headers, [`${S}analytics.readonly`, `${S}analytics.edit`]);
      if (isReply(tok)) return tok;
      const names = ["Brand Web", "Brand App", "Brand Archive"];
      return ok({
        accountSummaries: [
          {
            name: "accountSummaries/100",
            account: "accounts/100",
            displayName: "Brand Co",
            propertySummaries: GA_PROPS.map((p, i) => ({ property: p, displayName: names[i] })),
          },
        ],
      });
    }
    const m = /^\/v1alpha\/(properties\/\d+)\/accessBindings(?:\/(\d+))?$/.exec(path);
    if (!m) return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
    const property = m[1]!;
    const tok = auth(
      headers,
      method === "GET"
        ? [`${S}analytics.manage.users`, `${S}analytics.manage.users.readonly`]
        : [`${S}analytics.manage.users`],
    );
    if (isReply(tok)) return tok;
    if (!GA_PROPS.includes(property)) return denied();
    const list = state.bindings.get(property) ?? [];
    if (method === "GET" && !m[2]) return ok({ accessBindings: list });
    // properties.accessBindings.delete: empty body, empty JSON answer
    if (method === "DELETE" && m[2]) {
      if (refused(property))
        return gErr(403, "PERMISSION_DENIED", "The caller does not have permission to manage users on this property.");
      const name = `${property}/accessBindings/${m[2]}`;
      if (!list.some((x) => x.name === name)) return gErr(404, "NOT_FOUND", "Access binding not found.");
      state.bindings.set(
        property,
        list.filter((x) => x.name !== name),
      );
      return ok({});
    }
    const roles = b.roles;
    if (!Array.isArray(roles) || roles.length === 0 || roles.some((r) => !GA_ROLES.has(String(r))))
      return gErr(400, "INVALID_ARGUMENT", `Invalid role(s): ${JSON.stringify(roles)}`);
    if (typeof b.user !== "string" || !b.user.includes("@"))
      return gErr(400, "INVALID_ARGUMENT", "user must be an email address");
    const blocked = grantSwitch();
    if (blocked) return blocked;
    if (refused(property))
      return gErr(403, "PERMISSION_DENIED", "The caller does not have permission to manage users on this property.");
    if (method === "POST" && !m[2]) {
      if (list.some((x) => same(x.user, b.user as string)))
        return gErr(409, "ALREADY_EXISTS", "An access binding for this user already exists.");
      const created = { name: `${property}/accessBindings/${nextId()}`, user: b.user, roles: roles as string[] };
      state.bindings.set(property, [...list, created]);
      return ok(created);
    }
    if (method === "PATCH" && m[2]) {
      const found = list.find((x) => x.name === `${property}/accessBindings/${m[2]}`);
      if (!found) return gErr(404, "NOT_FOUND", "Access binding not found.");
      found.roles = roles as string[];
      return ok(found);
    }
    return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
  }

  const GTM_PERMS = new Set(["read", "edit", "approve", "publish"]);
  const GTM_CONTAINERS = ["3001", "3002", "3003"];
  function tagManager(method: string, path: string, headers: http.IncomingHttpHeaders, b: Json): Reply {
    const base = "/tagmanager/v2";
    if (method === "GET" && (path === `${base}/accounts` || path === `${base}/accounts/2001/containers`)) {
      const tok = auth(headers, [`${S}tagmanager.readonly`, `${S}tagmanager.edit.containers`]);
      if (isReply(tok)) return tok;
      if (path.endsWith("/accounts"))
        return ok({ account: [{ path: "accounts/2001", accountId: "2001", name: "Brand Co" }] });
      const names = ["Brand Web", "Brand App", "Brand Archive"];
      return ok({
        container: GTM_CONTAINERS.map((c, i) => ({
          path: `accounts/2001/containers/${c}`,
          accountId: "2001",
          containerId: c,
          name: names[i],
          publicId: `GTM-BRAND${i + 1}`,
        })),
      });
    }
    const m = /^\/tagmanager\/v2\/accounts\/(\d+)\/user_permissions(?:\/(\d+))?$/.exec(path);
    if (!m) return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
    const tok = auth(headers, [`${S}tagmanager.manage.users`]);
    if (isReply(tok)) return tok;
    const account = m[1]!;
    if (account !== "2001") return gErr(404, "NOT_FOUND", "Not found or permission denied.");
    const list = state.gtmPermissions.get(account) ?? [];
    if (method === "GET" && !m[2]) return ok({ userPermission: list });
    // accounts.user_permissions.delete: empty answer
    if (method === "DELETE" && m[2]) {
      const p = `accounts/${account}/user_permissions/${m[2]}`;
      if (!list.some((x) => x.path === p)) return gErr(404, "NOT_FOUND", "User permission not found.");
      state.gtmPermissions.set(
        account,
        list.filter((x) => x.path !== p),
      );
      return { status: 204, body: "" };
    }
    const access = b.containerAccess;
    if (typeof b.emailAddress !== "string") return gErr(400, "INVALID_ARGUMENT", "emailAddress is required");
    if (!["user", "admin", "noAccess"].includes(String((b.accountAccess as Json | undefined)?.permission)))
      return gErr(400, "INVALID_ARGUMENT", "Invalid accountAccess.permission");
    if (!Array.isArray(access)) return gErr(400, "INVALID_ARGUMENT", "containerAccess must be a list");
    for (const a of access as Json[]) {
      if (!GTM_PERMS.has(String(a.permission)))
        return gErr(
          400,
          "INVALID_ARGUMENT",
          `Invalid value at 'user_permission.container_access[0].permission' (${String(a.permission)})`,
        );
      if (!GTM_CONTAINERS.includes(String(a.containerId)))
        return gErr(404, "NOT_FOUND", `Container ${String(a.containerId)} not found.`);
    }
    const blocked = grantSwitch();
    if (blocked) return blocked;
    const refusedContainer = (access as Json[]).find((a) =>
      refused(`accounts/${account}/containers/${String(a.containerId)}`),
    );
    if (refusedContainer)
      return gErr(403, "PERMISSION_DENIED", "You do not have permission to manage users of this container.");
    const record = {
      accountId: account,
      emailAddress: b.emailAddress,
      accountAccess: b.accountAccess as Json,
      containerAccess: access as { containerId: string; permission: string }[],
    };
    if (method === "POST" && !m[2]) {
      if (list.some((p) => same(p.emailAddress, b.emailAddress as string)))
        return gErr(409, "ALREADY_EXISTS", "User already has permissions in this account.");
      const created = { path: `accounts/${account}/user_permissions/${nextId()}`, ...record };
      state.gtmPermissions.set(account, [...list, created]);
      return ok(created);
    }
    if (method === "PUT" && m[2]) {
      const found = list.find((p) => p.path === `accounts/${account}/user_permissions/${m[2]}`);
      if (!found) return gErr(404, "NOT_FOUND", "User permission not found.");
      Object.assign(found, record);
      return ok(found);
    }
    return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
  }

  const ADS_ROLES = new Set(["ADMIN", "STANDARD", "READ_ONLY", "EMAIL_ONLY"]);
  const ADS_NAMES: Record<string, string> = {
    "4440001111": "Brand Search",
    "4440002222": "Brand Shopping",
    "4440003333": "Brand Archive",
    [GOOGLE_FAKE.managerId]: "Agency MCC",
  };
  function ads(method: string, path: string, headers: http.IncomingHttpHeaders, b: Json): Reply {
    const v = `/${GOOGLE_FAKE.adsVersion}`;
    if (!path.startsWith(`${v}/`)) return gErr(404, "NOT_FOUND", "Unsupported API version.");
    const tok = auth(headers, [`${S}adwords`]);
    if (isReply(tok)) return tok;
    if (headers["developer-token"] === undefined && !switches.cloudManaged)
      return adsErr(
        400,
        "INVALID_ARGUMENT",
        { requestError: "DEVELOPER_TOKEN_PARAMETER_MISSING" },
        "The developer-token parameter is required for all requests.",
      );
    // a developer token, when sent, must be the one Google issued (also under Cloud-managed access)
    if (headers["developer-token"] !== undefined && headers["developer-token"] !== GOOGLE_FAKE.developerToken) {
      return adsErr(
        401,
        "UNAUTHENTICATED",
        { authenticationError: "DEVELOPER_TOKEN_INVALID" },
        "The developer token is not valid.",
      );
    }
    if (method === "GET" && path === `${v}/customers:listAccessibleCustomers`)
      return ok({ resourceNames: adsAccess(tok).map((id) => `customers/${id}`) });
    const m = /^\/v\d+\/customers\/(\d+)\/([A-Za-z]+):(search|mutate)$/.exec(path);
    if (!m || method !== "POST") return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
    const [, customer, resource] = m as unknown as [string, string, string];
    // Reaching an account through a manager needs login-customer-id naming that manager.
    const login = headers["login-customer-id"];
    const reachable = adsAccess(tok).includes(customer) && (!login || adsAccess(tok).includes(String(login)));
    if (!reachable) {
      return adsErr(
        403,
        "PERMISSION_DENIED",
        { authorizationError: "USER_PERMISSION_DENIED" },
        "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
      );
    }
    if (resource === "googleAds") return adsSearch(customer, String(b.query ?? ""));
    // customers.customerUserAccesses.mutate: an update of access_role (updateMask "accessRole").
    if (resource === "customerUserAccesses") {
      const op = (b.operation ?? {}) as Json;
      const update = op.update as Json | undefined;
      if (!update || op.updateMask !== "accessRole")
        return adsErr(400, "INVALID_ARGUMENT", { fieldMaskError: "FIELD_NOT_FOUND" }, "The field mask is not valid.");
      if (!ADS_ROLES.has(String(update.accessRole)))
        return adsErr(400, "INVALID_ARGUMENT", { fieldError: "INVALID_VALUE" }, "The access role is not valid.");
      const rn = /^customers\/(\d+)\/customerUserAccesses\/(\d+)$/.exec(String(update.resourceName ?? ""));
      const users = state.adsUsers.get(customer) ?? [];
      const index = rn && rn[1] === customer ? users.findIndex((u, i) => (u.userId ?? String(i + 1)) === rn[2]) : -1;
      if (index < 0)
        return adsErr(400, "INVALID_ARGUMENT", { requestError: "RESOURCE_NAME_MALFORMED" }, "Malformed resource name.");
      const blocked = grantSwitch("ads");
      if (blocked) return blocked;
      if (refused(customer))
        return adsErr(
          403,
          "PERMISSION_DENIED",
          { authorizationError: "USER_PERMISSION_DENIED" },
          "User doesn't have permission to change this user's access.",
        );
      users[index]!.accessRole = String(update.accessRole);
      return ok({ result: { resourceName: update.resourceName } });
    }
    if (resource === "customerUserAccessInvitations") {
      const create = ((b.operation ?? {}) as Json).create as Json | undefined;
      if (!create)
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { requestError: "REQUIRED_FIELD_MISSING" },
          "operation.create is required.",
        );
      if (!ADS_ROLES.has(String(create.accessRole)))
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { requestError: "INVALID_ENUM_VALUE" },
          `Invalid access_role ${String(create.accessRole)}.`,
        );
      if (typeof create.emailAddress !== "string" || !create.emailAddress.includes("@"))
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { accessInvitationError: "INVALID_EMAIL_ADDRESS" },
          "The email address is invalid for sending an invitation.",
        );
      const blocked = grantSwitch("ads");
      if (blocked) return blocked;
      if (refused(customer))
        return adsErr(
          403,
          "PERMISSION_DENIED",
          { authorizationError: "USER_PERMISSION_DENIED" },
          "User doesn't have permission to manage users of this account.",
        );
      if ((state.adsUsers.get(customer) ?? []).some((u) => same(u.emailAddress, create.emailAddress as string))) {
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { accessInvitationError: "EMAIL_ADDRESS_ALREADY_HAS_ACCESS" },
          "Email address already has access to this customer.",
        );
      }
      const invites = state.adsInvites.get(customer) ?? [];
      if (invites.some((i) => same(i.emailAddress, create.emailAddress as string))) {
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { accessInvitationError: "EMAIL_ADDRESS_ALREADY_HAS_PENDING_INVITATION" },
          "Email address already has a pending invitation.",
        );
      }
      invites.push({
        emailAddress: create.emailAddress,
        accessRole: String(create.accessRole),
        invitationStatus: "PENDING",
      });
      state.adsInvites.set(customer, invites);
      return ok({ result: { resourceName: `customers/${customer}/customerUserAccessInvitations/${nextId()}` } });
    }
    if (resource === "customerClientLinks" && ((b.operation ?? {}) as Json).update) {
      // The manager ends its link: update status INACTIVE, updateMask "status".
      const op = b.operation as Json;
      const update = op.update as Json;
      const rn = /^customers\/(\d+)\/customerClientLinks\/(\d+)~(\d+)$/.exec(String(update.resourceName ?? ""));
      if (!rn || rn[1] !== customer || op.updateMask !== "status")
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { requestError: "RESOURCE_NAME_MALFORMED" },
          "Malformed resource name or update mask.",
        );
      const link = (state.links.get(rn[2]!) ?? []).find((l) => l.managerId === customer && l.linkId === rn[3]);
      if (!link)
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { mutateError: "RESOURCE_NOT_FOUND" },
          "The requested resource was not found.",
        );
      if (update.status !== "INACTIVE" || (link.status !== "ACTIVE" && link.status !== "PENDING"))
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { managerLinkError: "INVALID_STATUS_CHANGE" },
          "The changed status for mutate link is invalid.",
        );
      link.status = "INACTIVE";
      return ok({ result: { resourceName: update.resourceName } });
    }
    if (resource === "customerClientLinks") {
      const create = ((b.operation ?? {}) as Json).create as Json | undefined;
      const client = /^customers\/(\d{10})$/.exec(String(create?.clientCustomer ?? ""))?.[1];
      if (!create || !client)
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { requestError: "REQUIRED_FIELD_MISSING" },
          "operation.create.client_customer is required.",
        );
      if (customer !== GOOGLE_FAKE.managerId)
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { managerLinkError: "ACCOUNTS_NOT_COMPATIBLE_FOR_LINKING" },
          "The manager and client have incompatible account types.",
        );
      if (create.status !== "PENDING")
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { managerLinkError: "CREATING_ENABLED_LINK_NOT_ALLOWED" },
          "The link was created with status ACTIVE and not PENDING.",
        );
      if (!CLIENT_ADS.includes(client))
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { authenticationError: "CUSTOMER_NOT_FOUND" },
          "No customer found for the provided customer ID.",
        );
      const blocked = grantSwitch("ads");
      if (blocked) return blocked;
      if (refused(client))
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { managerLinkError: "TOO_MANY_MANAGERS" },
          "Client is already linked to too many managers.",
        );
      const links = state.links.get(client) ?? [];
      const existing = links.find((l) => l.managerId === customer && l.status !== "INACTIVE" && l.status !== "REFUSED");
      if (existing?.status === "ACTIVE")
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { managerLinkError: "ALREADY_MANAGED_BY_THIS_MANAGER" },
          "The client is already managed by this manager.",
        );
      if (existing?.status === "PENDING")
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { managerLinkError: "ALREADY_INVITED_BY_THIS_MANAGER" },
          "Client is already invited by this manager.",
        );
      const linkId = nextId();
      links.push({ managerId: customer, linkId, status: "PENDING" });
      state.links.set(client, links);
      return ok({ result: { resourceName: `customers/${customer}/customerClientLinks/${client}~${linkId}` } });
    }
    if (resource === "customerManagerLinks") {
      const op = (Array.isArray(b.operations) ? b.operations[0] : undefined) as Json | undefined;
      const update = op?.update as Json | undefined;
      const rn = /^customers\/(\d+)\/customerManagerLinks\/(\d+)~(\d+)$/.exec(String(update?.resourceName ?? ""));
      if (!update || !rn || rn[1] !== customer || op?.updateMask !== "status")
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { requestError: "RESOURCE_NAME_MALFORMED" },
          "Malformed resource name or update mask.",
        );
      const blocked = grantSwitch("ads");
      if (blocked) return blocked;
      const link = (state.links.get(customer) ?? []).find((l) => l.managerId === rn[2] && l.linkId === rn[3]);
      if (!link)
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { mutateError: "RESOURCE_NOT_FOUND" },
          "The requested resource was not found.",
        );
      if (update.status !== "ACTIVE" || link.status !== "PENDING")
        return adsErr(
          400,
          "INVALID_ARGUMENT",
          { managerLinkError: "INVALID_STATUS_CHANGE" },
          "The changed status for mutate link is invalid.",
        );
      link.status = "ACTIVE";
      return ok({ results: [{ resourceName: update.resourceName }] });
    }
    return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
  }

  function adsSearch(customer: string, query: string): Reply {
    const from = /\bFROM\s+([a-z_]+)/i.exec(query)?.[1];
    const whereValue = /WHERE\s+[a-z_.]+\s*=\s*'((?:[^'\\]|\\.)*)'/i.exec(query)?.[1]?.replace(/\\(.)/g, "$1");
    if (from === "customer")
      return ok({
        results: [
          {
            customer: {
              resourceName: `customers/${customer}`,
              id: customer,
              descriptiveName: ADS_NAMES[customer],
              manager: customer === GOOGLE_FAKE.managerId,
            },
          },
        ],
      });
    if (from === "customer_user_access_invitation") {
      return ok({
        results: (state.adsInvites.get(customer) ?? [])
          .filter((i) => !whereValue || same(i.emailAddress, whereValue))
          .map((i) => ({ customerUserAccessInvitation: i })),
      });
    }
    if (from === "customer_user_access") {
      return ok({
        results: (state.adsUsers.get(customer) ?? [])
          .filter((u) => !whereValue || same(u.emailAddress, whereValue))
          .map((u, i) => {
            const userId = u.userId ?? String(i + 1);
            return {
              customerUserAccess: {
                resourceName: `customers/${customer}/customerUserAccesses/${userId}`,
                userId,
                emailAddress: u.emailAddress,
                accessRole: u.accessRole,
              },
            };
          }),
      });
    }
    if (from === "customer_client_link") {
      // the manager's side: one row per client linked to this manager
      const rows = [...state.links].flatMap(([client, links]) =>
        links
          .filter((l) => l.managerId === customer && (!whereValue || whereValue === `customers/${client}`))
          .map((l) => ({ client, ...l })),
      );
      return ok({
        results: rows.map((l) => ({
          customerClientLink: {
            resourceName: `customers/${customer}/customerClientLinks/${l.client}~${l.linkId}`,
            clientCustomer: `customers/${l.client}`,
            managerLinkId: l.linkId,
            status: l.status,
          },
        })),
      });
    }
    if (from === "customer_manager_link") {
      const links = (state.links.get(customer) ?? []).filter(
        (l) => !whereValue || whereValue === `customers/${l.managerId}`,
      );
      return ok({
        results: links.map((l) => ({
          customerManagerLink: {
            resourceName: `customers/${customer}/customerManagerLinks/${l.managerId}~${l.linkId}`,
            managerCustomer: `customers/${l.managerId}`,
            managerLinkId: l.linkId,
            status: l.status,
          },
        })),
      });
    }
    return adsErr(
      400,
      "INVALID_ARGUMENT",
      { queryError: "INVALID_RESOURCE_NAME" },
      `Unsupported resource in query: ${from ?? "(none)"}`,
    );
  }

  const MERCHANT_RIGHTS = new Set(["STANDARD", "READ_ONLY", "ADMIN", "PERFORMANCE_REPORTING", "API_DEVELOPER"]);
  const MERCHANT_ACCOUNTS = GOOGLE_FAKE_ASSETS.google_merchant_center as readonly string[];
  function merchant(method: string, path: string, url: URL, headers: http.IncomingHttpHeaders, b: Json): Reply {
    const tok = auth(headers, [`${S}content`]);
    if (isReply(tok)) return tok;
    if (method === "GET" && path === "/accounts/v1/accounts") {
      const names = ["Brand Store", "Brand Outlet", "Brand Archive"];
      return ok({
        accounts: MERCHANT_ACCOUNTS.map((a, i) => ({ name: a, accountId: a.split("/")[1], accountName: names[i] })),
      });
    }
    const m = /^\/accounts\/v1\/(accounts\/\d+)\/users(?:\/([^/]+))?$/.exec(path);
    if (!m) return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
    const account = m[1]!;
    if (!MERCHANT_ACCOUNTS.includes(account)) return denied();
    const users = state.merchantUsers.get(account) ?? [];
    if (method === "GET" && m[2]) {
      const email = decodeURIComponent(m[2]);
      const u = users.find((x) => same(x.email, email));
      return u
        ? ok({ name: `${account}/users/${u.email}`, state: u.state, accessRights: u.accessRights })
        : gErr(404, "NOT_FOUND", `User ${email} not found.`);
    }
    // accounts.users.delete: the user is named by email
    if (method === "DELETE" && m[2]) {
      const email = decodeURIComponent(m[2]);
      if (refused(account))
        return gErr(403, "PERMISSION_DENIED", "The caller does not have admin access to this Merchant Center account.");
      if (!users.some((u) => same(u.email, email))) return gErr(404, "NOT_FOUND", `User ${email} not found.`);
      state.merchantUsers.set(
        account,
        users.filter((u) => !same(u.email, email)),
      );
      return ok({});
    }
    // accounts.users.patch with updateMask=accessRights: the user's rights become the list sent.
    if (method === "PATCH" && m[2]) {
      const email = decodeURIComponent(m[2]);
      const rights = b.accessRights;
      if (url.searchParams.get("updateMask") !== "accessRights")
        return gErr(400, "INVALID_ARGUMENT", "update_mask must name access_rights.");
      if (!Array.isArray(rights) || rights.length === 0 || rights.some((r) => !MERCHANT_RIGHTS.has(String(r))))
        return gErr(400, "INVALID_ARGUMENT", `Invalid access rights: ${JSON.stringify(rights)}`);
      const blocked = grantSwitch();
      if (blocked) return blocked;
      if (refused(account))
        return gErr(403, "PERMISSION_DENIED", "The caller does not have admin access to this Merchant Center account.");
      const u = users.find((x) => same(x.email, email));
      if (!u) return gErr(404, "NOT_FOUND", `User ${email} not found.`);
      u.accessRights = rights as string[];
      return ok({ name: `${account}/users/${u.email}`, state: u.state, accessRights: u.accessRights });
    }
    if (method === "POST" && !m[2]) {
      const userId = url.searchParams.get("userId") ?? "";
      const rights = b.accessRights;
      if (!userId.includes("@")) return gErr(400, "INVALID_ARGUMENT", "userId must be the user's email address.");
      if (!Array.isArray(rights) || rights.length === 0 || rights.some((r) => !MERCHANT_RIGHTS.has(String(r))))
        return gErr(400, "INVALID_ARGUMENT", `Invalid access rights: ${JSON.stringify(rights)}`);
      const blocked = grantSwitch();
      if (blocked) return blocked;
      if (refused(account))
        return gErr(403, "PERMISSION_DENIED", "The caller does not have admin access to this Merchant Center account.");
      if (users.some((u) => same(u.email, userId)))
        return gErr(409, "ALREADY_EXISTS", `User ${userId} already exists.`);
      users.push({ email: userId, accessRights: rights as string[], state: "PENDING" });
      state.merchantUsers.set(account, users);
      return ok({ name: `${account}/users/${userId}`, state: "PENDING", accessRights: rights });
    }
    return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
  }

  const LOCATIONS = GOOGLE_FAKE_ASSETS.google_business_profile as readonly string[];
  function business(
    host: string,
    method: string,
    path: string,
    url: URL,
    headers: http.IncomingHttpHeaders,
    b: Json,
  ): Reply {
    const tok = auth(headers, [`${S}business.manage`]);
    if (isReply(tok)) return tok;
    if (host === "mybusinessaccountmanagement.googleapis.com" && method === "GET" && path === "/v1/accounts") {
      return ok({ accounts: [{ name: "accounts/7001", accountName: "Brand Co", type: "PERSONAL" }] });
    }
    if (
      host === "mybusinessbusinessinformation.googleapis.com" &&
      method === "GET" &&
      path === "/v1/accounts/7001/locations"
    ) {
      if (!url.searchParams.get("readMask"))
        return gErr(400, "INVALID_ARGUMENT", "Request contains an invalid argument: read_mask is required.");
      const names = ["Brand Amsterdam", "Brand Rotterdam", "Brand Archive"];
      return ok({ locations: LOCATIONS.map((l, i) => ({ name: l, title: names[i] })) });
    }
    const m = /^\/v1\/(locations\/\d+)\/admins(?:\/(\d+))?$/.exec(path);
    if (host !== "mybusinessaccountmanagement.googleapis.com" || !m)
      return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
    const location = m[1]!;
    if (!LOCATIONS.includes(location)) return denied();
    const admins = state.admins.get(location) ?? [];
    // locations.admins.patch with updateMask=role: only the role changes.
    if (method === "PATCH" && m[2]) {
      if (url.searchParams.get("updateMask") !== "role")
        return gErr(400, "INVALID_ARGUMENT", "update_mask must name role.");
      if (!["OWNER", "MANAGER", "SITE_MANAGER"].includes(String(b.role)))
        return gErr(400, "INVALID_ARGUMENT", `Invalid role ${String(b.role)}`);
      const found = admins[Number(m[2]) - 1];
      if (!found) return gErr(404, "NOT_FOUND", "Admin not found.");
      const blocked = grantSwitch();
      if (blocked) return blocked;
      if (refused(location))
        return gErr(403, "PERMISSION_DENIED", "The caller does not have permission to change admins of this location.");
      found.role = String(b.role);
      return ok({ name: `${location}/admins/${m[2]}`, ...found });
    }
    if (m[2]) return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
    if (method === "GET") return ok({ admins: admins.map((a, i) => ({ name: `${location}/admins/${i + 1}`, ...a })) });
    if (method === "POST") {
      // PRIMARY_OWNER cannot be invited; SITE_MANAGER is valid for locations.
      if (!["OWNER", "MANAGER", "SITE_MANAGER"].includes(String(b.role)))
        return gErr(400, "INVALID_ARGUMENT", `Invalid role ${String(b.role)}`);
      if (typeof b.admin !== "string" || !b.admin.includes("@"))
        return gErr(400, "INVALID_ARGUMENT", "admin must be an email address.");
      const blocked = grantSwitch();
      if (blocked) return blocked;
      if (refused(location))
        return gErr(403, "PERMISSION_DENIED", "The caller does not have permission to invite admins to this location.");
      if (admins.some((a) => same(a.admin, b.admin as string)))
        return gErr(409, "ALREADY_EXISTS", "The user is already an admin of this location.");
      admins.push({ admin: b.admin, role: String(b.role), pendingInvitation: true });
      state.admins.set(location, admins);
      return ok({ name: `${location}/admins/${admins.length}`, admin: b.admin, role: b.role, pendingInvitation: true });
    }
    return gErr(404, "NOT_FOUND", `No route for ${method} ${path}`);
  }

  function readBody(req: http.IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => resolve(data));
    });
  }

  const reset = () => {
    calls.length = 0;
    tokens.clear();
    codes.clear();
    refreshGrants.clear();
    clockOffset = 0;
    refreshes = 0;
    switches = defaults();
    state = freshState();
  };
  const set = (s: Partial<GoogleFakeSwitches>) => {
    switches = { ...switches, ...s };
    if (s.alreadyShared) seedAlreadyShared();
  };

  const servers: http.Server[] = [];
  const hosts: Record<string, string> = {};
  for (const host of GOOGLE_FAKE_HOSTS) {
    const server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://fake.invalid");
      const raw = await readBody(req);
      const send = (r: Reply) => {
        const isText = typeof r.body === "string";
        res.writeHead(r.status, {
          "content-type": isText ? "text/html; charset=utf-8" : "application/json; charset=UTF-8",
          ...r.headers,
        });
        res.end(isText ? r.body : JSON.stringify(r.body));
      };
      if (url.pathname === "/__calls" && req.method === "GET") return send(ok(calls));
      if (url.pathname === "/__reset" && req.method === "POST") {
        reset();
        return send(ok({ reset: true }));
      }
      if (url.pathname === "/__switches" && req.method === "POST") {
        set(JSON.parse(raw || "{}") as Partial<GoogleFakeSwitches>);
        return send(ok(switches));
      }
      let body: unknown = null;
      const type = req.headers["content-type"] ?? "";
      if (raw && type.includes("application/json")) body = JSON.parse(raw);
      else if (raw && type.includes("application/x-www-form-urlencoded"))
        body = Object.fromEntries(new URLSearchParams(raw));
      const recorded: Record<string, string> = {};
      for (const h of ["authorization", "developer-token", "login-customer-id", "content-type"])
        if (typeof req.headers[h] === "string") recorded[h] = req.headers[h];
      calls.push({
        host,
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: recorded,
        body,
      });
      send(route(host, req.method ?? "GET", url, req.headers, body));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.ports?.[host] ?? 0, "127.0.0.1", () => resolve());
    });
    servers.push(server);
    hosts[host] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  return {
    hosts,
    calls,
    get switches() {
      return switches;
    },
    set,
    reset,
    hold,
    held,
    issueToken,
    now,
    advance: (ms: number) => {
      clockOffset += ms;
    },
    revokeRefreshTokens: (email: string) => {
      for (const g of refreshGrants.values()) if (same(g.email, email)) g.revoked = true;
      for (const [t, tok] of tokens) if (same(tok.email, email)) tokens.delete(t);
    },
    refreshCount: () => refreshes,
    acceptInvitations,
    overrides: Object.entries(hosts)
      .map(([h, o]) => `${h}=${o}`)
      .join(","),
    close: () => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))).then(() => undefined),
  };
}
