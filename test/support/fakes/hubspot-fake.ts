// Contract fake of the HubSpot endpoints the HubSpot connector calls, written from HubSpot's
// documentation and its official SDK's request models (HubSpot/hubspot-api-nodejs,
// codegen/settings/users and codegen/oauth; test/fixtures/platform-descriptions/hubspot-api-nodejs-sdk.json):
// app.hubspot.com's /oauth/authorize consent page, and api.hubapi.com's POST /oauth/v1/token,
// POST /oauth/v3/token/introspect (Token introspection endpoint,
// https://developers.hubspot.com/docs/api-reference/auth-oauth-v3/public-token/post-oauth-v3-token-introspect:
// a form of client_id, client_secret, token, token_type_hint; `active`, hub_id, hub_domain,
// user, user_id, scopes), GET /settings/v3/users/roles, GET, PUT and DELETE
// /settings/v3/users/{userId} (by id, or by email with idProperty=EMAIL) and POST
// /settings/v3/users/ (User provisioning,
// https://developers.hubspot.com/docs/api-reference/settings-user-provisioning-v3/guide). The
// deprecated GET /oauth/v1/access-tokens/{token} is not served. It refuses what HubSpot
// refuses: a wrong client, a changed redirect_uri, an install URL without one of the app's
// required scopes or with a scope the app does not have (Scopes reference,
// https://developers.hubspot.com/scopes: required scopes "must be present in the scope query
// parameter in your app's install URL for successful installation", and `oauth` is required
// of every app), an unknown or reused code (BAD_AUTH_CODE), a missing token or scope
// (MISSING_SCOPES), a role changed by anything but PUT /settings/v3/users/{userId} with a
// PublicUserUpdate (405 for PATCH or POST on a user; 409 for a create of an existing user), a create
// body that is not a UserProvisionRequest (checked against the SDK description: email
// required; firstName, lastName, roleId, primaryTeamId, secondaryTeamIds, sendWelcomeEmail,
// nothing else), an unknown role, a paid-seat role without billing-write, an existing user
// (409), with HubSpot's `{ status: "error", message, correlationId, category }` bodies.
//
// Tokens keep time: an access token lives 1800 s (`expires_in`; "Expiration of OAuth access
// tokens is changing", https://developers.hubspot.com/changelog/upcoming-expiration-of-oauth-access-tokens-is-changing)
// on the fake's clock, which the test moves (`advance`): then the API answers 401
// EXPIRED_AUTHENTICATION and introspection `active: false`. grant_type=refresh_token ("Refresh an
// access token", https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/refresh-oauth-token)
// answers a new access token and the same refresh token, which does not expire; once the app is
// uninstalled (`uninstall`) it answers 400 BAD_REFRESH_TOKEN and the access tokens stop working.
//
// Switches: `expiredToken` (401), `forbidden` (403: the signed-in user may not add users),
// `rateLimitOnce` (the next API call answers 429), `rateLimitAlways`, `serverError` (creates
// answer 500), `conflictOnCreate` (409), `signInAs` ("agency": the agency's own portal and user).
import crypto from "node:crypto";
import { createFakeOAuth } from "@/test/support/fakes/fake-oauth";
import { loadDescription, schemaErrors } from "@/test/support/platform-description";
import {
  startFakePlatform,
  type FakePlatform,
  type FakeRequest,
  type FakeResponse,
} from "@/test/support/fakes/fake-platform-server";

export const HUBSPOT_FAKE = {
  clientId: "hubspot-fake-client-0123",
  clientSecret: "hubspot-fake-secret-0123456789",
  portal: { hubId: "24681357", hubDomain: "acme.com", user: "owner@acme.test", userId: "111" },
  agencyPortal: { hubId: "13572468", hubDomain: "agency.test", user: "crm@agency.test", userId: "222" },
  agencyEmail: "crm@agency.test",
  roles: [
    { id: "101", name: "Standard user", requiresBillingWrite: false },
    { id: "102", name: "View only", requiresBillingWrite: false },
    { id: "103", name: "Sales Hub seat", requiresBillingWrite: true },
  ],
} as const;

/** HubSpot's official SDK's description of the calls the connector makes. */
export const HUBSPOT_DESCRIPTION = loadDescription("hubspot-api-nodejs-sdk.json");
const USER_PROVISION_REQUEST = HUBSPOT_DESCRIPTION.operations["POST /settings/v3/users/"]!.requestBody!;
const PUBLIC_USER_UPDATE = HUBSPOT_DESCRIPTION.operations["PUT /settings/v3/users/{userId}"]!.requestBody!;
const INTROSPECT_FORM = HUBSPOT_DESCRIPTION.operations["POST /oauth/v3/token/introspect"]!.requestBody!;
/** The app as the operator configures it on HubSpot (the Platforms page's note). */
const APP_SCOPES = {
  required: ["oauth"],
  conditionallyRequired: ["settings.users.read", "settings.users.write"],
  optional: [] as string[],
};
export const HUBSPOT_INSUFFICIENT_SCOPES = "Authorization failed because the provided scopes are insufficient";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type HubSpotUserRow = {
  id: string;
  email: string;
  roleIds: string[];
  superAdmin: boolean;
  primaryTeamId?: string;
};
type Grant = { as: "client" | "agency"; scopes: string[] };

export type HubSpotFakeSwitches = {
  expiredToken: boolean;
  forbidden: boolean;
  rateLimitOnce: boolean;
  rateLimitAlways: boolean;
  serverError: boolean;
  /** the create answers 409: a user with the email was added since the connector's read */
  conflictOnCreate: boolean;
  signInAs: "client" | "agency";
  /** the portal's roles (none on a free portal) */
  roles: { id: string; name: string; requiresBillingWrite: boolean }[];
};

export type HubSpotFake = FakePlatform & {
  switches: HubSpotFakeSwitches;
  users: Map<string, HubSpotUserRow>;
  addUser(user: Partial<HubSpotUserRow> & { email: string }): HubSpotUserRow;
  /** HubSpot's clock: access tokens expire on it; the test moves it */
  now(): number;
  advance(ms: number): void;
  /** the app is uninstalled from the account: refresh tokens answer BAD_REFRESH_TOKEN, access tokens stop */
  uninstall(): void;
  /** refresh grants answered with new tokens */
  refreshCount(): number;
};

/** An access token's lifetime (expires_in). */
export const HUBSPOT_ACCESS_TOKEN_SECONDS = 1800;

const fail = (status: number, category: string, message: string): FakeResponse => ({
  status,
  json: { status: "error", message, correlationId: crypto.randomUUID(), category },
});

export async function startHubSpotFake(
  opts: { ports?: Record<string, number>; redirectUris?: string[]; consentPage?: boolean } = {},
): Promise<HubSpotFake> {
  const oauth = createFakeOAuth<Grant>({
    redirectUris: opts.redirectUris,
    consentPage: opts.consentPage ? "HubSpot" : undefined,
  });
  const users = new Map<string, HubSpotUserRow>();
  const switches: HubSpotFakeSwitches = {
    expiredToken: false,
    forbidden: false,
    rateLimitOnce: false,
    rateLimitAlways: false,
    serverError: false,
    conflictOnCreate: false,
    signInAs: "client",
    roles: HUBSPOT_FAKE.roles.map((r) => ({ ...r })),
  };
  let nextId = 9000;
  let clockOffset = 0;
  let refreshes = 0;
  const now = () => Date.now() + clockOffset;
  const tokenExpiry = new Map<string, number>();
  const revokedTokens = new Set<string>();
  const refreshTokens = new Map<string, Grant & { revoked: boolean }>();
  const tokenAnswer = (accessToken: string, refreshToken: string): FakeResponse => {
    tokenExpiry.set(accessToken, now() + HUBSPOT_ACCESS_TOKEN_SECONDS * 1000);
    return {
      status: 200,
      json: {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: HUBSPOT_ACCESS_TOKEN_SECONDS,
        token_type: "bearer",
      },
    };
  };
  const dead = (t: string) => {
    const expiry = tokenExpiry.get(t);
    return revokedTokens.has(t) || (expiry !== undefined && expiry <= now());
  };

  function authorize(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (q.client_id !== HUBSPOT_FAKE.clientId) return { status: 400, text: "Invalid client_id" };
    if (!oauth.redirectAllowed(q.redirect_uri))
      return { status: 400, text: "The redirect URL does not match the app's" };
    const scopes = (q.scope ?? "").split(" ").filter(Boolean);
    const optional = (q.optional_scope ?? "").split(" ").filter(Boolean);
    const known = [...APP_SCOPES.required, ...APP_SCOPES.conditionallyRequired, ...APP_SCOPES.optional];
    if (APP_SCOPES.required.some((s) => !scopes.includes(s))) return { status: 400, text: HUBSPOT_INSUFFICIENT_SCOPES };
    if ([...scopes, ...optional].some((s) => !known.includes(s)))
      return {
        status: 400,
        text: "Authorization failed because there is a mismatch between the scopes in the install URL and the app's configured scopes",
      };
    return oauth.sendBack(q.redirect_uri, q.state, { as: switches.signInAs, scopes });
  }

  function token(req: FakeRequest): FakeResponse {
    const b = (req.body ?? {}) as Record<string, string>;
    if (b.client_id !== HUBSPOT_FAKE.clientId || b.client_secret !== HUBSPOT_FAKE.clientSecret)
      return fail(400, "BAD_CLIENT_ID", "Invalid client_id or client_secret");
    if (b.grant_type === "refresh_token") {
      const grant = refreshTokens.get(b.refresh_token ?? "");
      if (!grant || grant.revoked) return fail(400, "BAD_REFRESH_TOKEN", "missing or invalid refresh token");
      refreshes++;
      const t = oauth.exchange({ redirectUri: "", used: false, grant }, "hs_", { as: grant.as, scopes: grant.scopes });
      return tokenAnswer(t, b.refresh_token!);
    }
    if (b.grant_type !== "authorization_code") return fail(400, "BAD_GRANT_TYPE", "Invalid grant_type");
    const issued = oauth.pending(b.code, undefined);
    if (!issued) return fail(400, "BAD_AUTH_CODE", "missing or unknown auth code");
    if (issued.redirectUri !== b.redirect_uri) return fail(400, "BAD_REDIRECT_URI", "redirect_uri does not match");
    const t = oauth.exchange(issued, "hs_", issued.grant);
    const refresh = `hsr_${crypto.randomBytes(8).toString("hex")}`;
    refreshTokens.set(refresh, { ...issued.grant, revoked: false });
    return tokenAnswer(t, refresh);
  }

  function introspect(req: FakeRequest): FakeResponse {
    const b = (req.body ?? {}) as Record<string, string>;
    const invalid = schemaErrors(INTROSPECT_FORM, b);
    if (invalid.length > 0) return fail(400, "VALIDATION_ERROR", `Invalid input: ${invalid.join("; ")}`);
    if (b.client_id !== HUBSPOT_FAKE.clientId || b.client_secret !== HUBSPOT_FAKE.clientSecret)
      return fail(400, "BAD_CLIENT_ID", "Invalid client_id or client_secret");
    const grant = oauth.tokenGrant(b.token);
    if (!grant || switches.expiredToken || dead(b.token ?? "")) return { status: 200, json: { active: false } };
    const limit = takeLimit();
    if (limit) return limit;
    const portal = grant.as === "agency" ? HUBSPOT_FAKE.agencyPortal : HUBSPOT_FAKE.portal;
    return {
      status: 200,
      json: {
        active: true,
        token: b.token,
        token_use: "access_token",
        token_type: "bearer",
        client_id: HUBSPOT_FAKE.clientId,
        app_id: 777,
        hub_id: Number(portal.hubId),
        hub_domain: portal.hubDomain,
        user: portal.user,
        user_id: Number(portal.userId),
        scopes: grant.scopes,
        expires_in: 1700,
        is_private_distribution: false,
      },
    };
  }

  /** The rate-limit switches: HubSpot's 429 in place of the answer. */
  function takeLimit(): FakeResponse | null {
    const answer = {
      ...fail(429, "RATE_LIMITS", "You have reached your ten_secondly_rolling limit."),
      headers: { "retry-after": "0" },
    };
    if (switches.rateLimitAlways) return answer;
    if (switches.rateLimitOnce) {
      switches.rateLimitOnce = false;
      return answer;
    }
    return null;
  }

  function api(req: FakeRequest): FakeResponse {
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const grant = oauth.tokenGrant(bearer);
    if (switches.expiredToken || (grant && dead(bearer)))
      return fail(401, "EXPIRED_AUTHENTICATION", "The OAuth token used to make this call expired.");
    if (!grant) return fail(401, "INVALID_AUTHENTICATION", "Authentication credentials not found.");
    const limit = takeLimit();
    if (limit) return limit;
    const need = (scope: string) =>
      grant.scopes.includes(scope)
        ? null
        : fail(
            403,
            "MISSING_SCOPES",
            `This app hasn't been granted all required scopes to make this call. Required: ${scope}`,
          );
    if (grant.as === "agency") return fail(403, "MISSING_SCOPES", "This fake only serves the client's portal users");
    if (req.path === "/settings/v3/users/roles" && req.method === "GET")
      return need("settings.users.read") ?? { status: 200, json: { results: switches.roles } };
    if ((req.path === "/settings/v3/users" || req.path === "/settings/v3/users/") && req.method === "POST") {
      const scopeError = need("settings.users.write");
      if (scopeError) return scopeError;
      if (switches.forbidden) return fail(403, "FORBIDDEN", "You don't have permission to add users to this account.");
      if (switches.serverError) return fail(500, "INTERNAL_ERROR", "Internal error");
      const invalid = schemaErrors(USER_PROVISION_REQUEST, req.body ?? null);
      if (invalid.length > 0) return fail(400, "VALIDATION_ERROR", `Invalid input JSON: ${invalid.join("; ")}`);
      const b = req.body as Record<string, unknown> & { email: string };
      if (!EMAIL.test(b.email)) return fail(400, "VALIDATION_ERROR", `${b.email} is not a valid email address`);
      let roleIds: string[] = [];
      if (b.roleId !== undefined) {
        const role = switches.roles.find((r) => r.id === b.roleId);
        if (!role) return fail(400, "VALIDATION_ERROR", `Unknown roleId ${String(b.roleId)}`);
        if (role.requiresBillingWrite)
          return fail(403, "MISSING_SCOPES", "Assigning a role with paid seats requires the billing-write scope.");
        roleIds = [role.id];
      }
      if (users.has(b.email.toLowerCase()) || switches.conflictOnCreate)
        return fail(409, "CONFLICT", "A user with this email already exists.");
      const user: HubSpotUserRow = { id: String(nextId++), email: b.email, roleIds, superAdmin: false };
      users.set(b.email.toLowerCase(), user);
      return { status: 201, json: { ...user, ...(roleIds[0] ? { roleId: roleIds[0] } : {}) } };
    }
    const one = /^\/settings\/v3\/users\/([^/]+)$/.exec(req.path);
    if (one) {
      const idProperty = req.query.idProperty ?? "USER_ID";
      if (idProperty !== "EMAIL" && idProperty !== "USER_ID")
        return fail(400, "VALIDATION_ERROR", `Unknown idProperty ${idProperty}`);
      const key = decodeURIComponent(one[1]!).toLowerCase();
      const byId = () => [...users.values()].find((u) => u.id === key);
      const email = idProperty === "EMAIL" ? key : (byId()?.email.toLowerCase() ?? `no user ${key}`);
      const shown = (user: HubSpotUserRow) => ({
        ...user,
        ...(user.roleIds[0] ? { roleId: user.roleIds[0] } : {}),
      });
      if (req.method === "GET") {
        const scopeError = need("settings.users.read");
        if (scopeError) return scopeError;
        const user = users.get(email);
        return user ? { status: 200, json: shown(user) } : fail(404, "OBJECT_NOT_FOUND", "User not found");
      }
      // UsersApi.replace: the one documented way to change a user's role.
      if (req.method === "PUT") {
        const scopeError = need("settings.users.write");
        if (scopeError) return scopeError;
        if (switches.forbidden)
          return fail(403, "FORBIDDEN", "You don't have permission to edit users in this account.");
        const invalid = schemaErrors(PUBLIC_USER_UPDATE, req.body ?? null);
        if (invalid.length > 0) return fail(400, "VALIDATION_ERROR", `Invalid input JSON: ${invalid.join("; ")}`);
        const user = users.get(email);
        if (!user) return fail(404, "OBJECT_NOT_FOUND", "User not found");
        const b = req.body as { roleId?: string };
        if (b.roleId !== undefined) {
          const role = switches.roles.find((r) => r.id === b.roleId);
          if (!role) return fail(400, "VALIDATION_ERROR", `Unknown roleId ${b.roleId}`);
          if (role.requiresBillingWrite)
            return fail(403, "MISSING_SCOPES", "Assigning a role with paid seats requires the billing-write scope.");
          user.roleIds = [role.id];
        }
        return { status: 200, json: shown(user) };
      }
      if (req.method === "PATCH" || req.method === "POST")
        return fail(405, "METHOD_NOT_ALLOWED", `${req.method} is not supported on a user: update it with PUT`);
      if (req.method === "DELETE") {
        const scopeError = need("settings.users.write");
        if (scopeError) return scopeError;
        if (switches.forbidden)
          return fail(403, "FORBIDDEN", "You don't have permission to remove users from this account.");
        if (!users.delete(email)) return fail(404, "OBJECT_NOT_FOUND", "User not found");
        return { status: 204 };
      }
    }
    return fail(404, "OBJECT_NOT_FOUND", `No resource ${req.method} ${req.path}`);
  }

  const platform = await startFakePlatform({
    hosts: ["app.hubspot.com", "api.hubapi.com"],
    ports: opts.ports,
    handler: (req) => {
      if (req.host === "app.hubspot.com")
        return req.method === "GET" && req.path === "/oauth/authorize"
          ? authorize(req)
          : { status: 404, text: "not found" };
      if (req.method === "POST" && req.path === "/oauth/v1/token") return token(req);
      if (req.method === "POST" && req.path === "/oauth/v3/token/introspect") return introspect(req);
      return api(req);
    },
    onReset: () => {
      users.clear();
      switches.expiredToken = false;
      switches.forbidden = false;
      switches.rateLimitOnce = false;
      switches.rateLimitAlways = false;
      switches.serverError = false;
      switches.conflictOnCreate = false;
      switches.signInAs = "client";
      switches.roles = HUBSPOT_FAKE.roles.map((r) => ({ ...r }));
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
    users,
    now,
    advance(ms) {
      clockOffset += ms;
    },
    uninstall() {
      for (const r of refreshTokens.values()) r.revoked = true;
      for (const t of tokenExpiry.keys()) revokedTokens.add(t);
    },
    refreshCount: () => refreshes,
    addUser(user) {
      const row: HubSpotUserRow = { id: String(nextId++), roleIds: [], superAdmin: false, ...user };
      users.set(row.email.toLowerCase(), row);
      return row;
    },
  };
}
