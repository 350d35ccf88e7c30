// Contract fake of the HubSpot endpoints the HubSpot connector calls, written from HubSpot's
// documentation and its official SDK's request models (HubSpot/hubspot-api-nodejs,
// codegen/settings/users and codegen/oauth; test/fixtures/platform-descriptions/hubspot-api-nodejs-sdk.json):
// app.hubspot.com's /oauth/authorize consent page, and api.hubapi.com's POST /oauth/v1/token,
// GET /oauth/v1/access-tokens/{token} (token metadata: hub_id, hub_domain, user), GET
// /settings/v3/users/roles, GET and DELETE /settings/v3/users/{email}?idProperty=EMAIL and POST
// /settings/v3/users/ (User provisioning,
// https://developers.hubspot.com/docs/api-reference/settings-user-provisioning-v3/guide). It
// refuses what HubSpot refuses: a wrong client, a changed redirect_uri, unknown scopes, an
// unknown or reused code (BAD_AUTH_CODE), a missing token or scope (MISSING_SCOPES), a create
// body that is not a UserProvisionRequest (checked against the SDK description: email
// required; firstName, lastName, roleId, primaryTeamId, secondaryTeamIds, sendWelcomeEmail,
// nothing else), an unknown role, a paid-seat role without billing-write, an existing user
// (409), with HubSpot's `{ status: "error", message, correlationId, category }` bodies.
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
const SCOPES = [
  "oauth",
  "settings.users.read",
  "settings.users.write",
  "settings.users.teams.read",
  "crm.objects.contacts.read",
];
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
};

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

  function authorize(req: FakeRequest): FakeResponse {
    const q = req.query;
    if (q.client_id !== HUBSPOT_FAKE.clientId) return { status: 400, text: "Invalid client_id" };
    if (!oauth.redirectAllowed(q.redirect_uri))
      return { status: 400, text: "The redirect URL does not match the app's" };
    const scopes = (q.scope ?? "").split(" ").filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.includes(s))) return { status: 400, text: "Invalid scope" };
    return oauth.sendBack(q.redirect_uri, q.state, { as: switches.signInAs, scopes });
  }

  function token(req: FakeRequest): FakeResponse {
    const b = (req.body ?? {}) as Record<string, string>;
    if (b.client_id !== HUBSPOT_FAKE.clientId || b.client_secret !== HUBSPOT_FAKE.clientSecret)
      return fail(400, "BAD_CLIENT_ID", "Invalid client_id or client_secret");
    if (b.grant_type !== "authorization_code") return fail(400, "BAD_GRANT_TYPE", "Invalid grant_type");
    const issued = oauth.pending(b.code, undefined);
    if (!issued) return fail(400, "BAD_AUTH_CODE", "missing or unknown auth code");
    if (issued.redirectUri !== b.redirect_uri) return fail(400, "BAD_REDIRECT_URI", "redirect_uri does not match");
    const t = oauth.exchange(issued, "hs_", issued.grant);
    return {
      status: 200,
      json: {
        access_token: t,
        refresh_token: `hsr_${crypto.randomBytes(8).toString("hex")}`,
        expires_in: 1800,
        token_type: "bearer",
      },
    };
  }

  function api(req: FakeRequest): FakeResponse {
    const meta = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(req.path);
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const grant = oauth.tokenGrant(meta ? decodeURIComponent(meta[1]!) : bearer);
    if (switches.expiredToken)
      return fail(401, "EXPIRED_AUTHENTICATION", "The OAuth token used to make this call expired.");
    if (!grant)
      return meta
        ? fail(404, "OBJECT_NOT_FOUND", "Token not found")
        : fail(401, "INVALID_AUTHENTICATION", "Authentication credentials not found.");
    if (switches.rateLimitAlways)
      return {
        ...fail(429, "RATE_LIMITS", "You have reached your ten_secondly_rolling limit."),
        headers: { "retry-after": "0" },
      };
    if (switches.rateLimitOnce) {
      switches.rateLimitOnce = false;
      return {
        ...fail(429, "RATE_LIMITS", "You have reached your ten_secondly_rolling limit."),
        headers: { "retry-after": "0" },
      };
    }
    const portal = grant.as === "agency" ? HUBSPOT_FAKE.agencyPortal : HUBSPOT_FAKE.portal;
    if (meta && req.method === "GET")
      return {
        status: 200,
        json: {
          token: decodeURIComponent(meta[1]!),
          user: portal.user,
          hub_domain: portal.hubDomain,
          scopes: grant.scopes,
          hub_id: Number(portal.hubId),
          app_id: 777,
          expires_in: 1700,
          user_id: Number(portal.userId),
          token_type: "access",
        },
      };
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
      if (req.query.idProperty !== "EMAIL")
        return fail(400, "VALIDATION_ERROR", "This fake looks users up by email (idProperty=EMAIL)");
      const email = decodeURIComponent(one[1]!).toLowerCase();
      if (req.method === "GET") {
        const scopeError = need("settings.users.read");
        if (scopeError) return scopeError;
        const user = users.get(email);
        return user
          ? { status: 200, json: { ...user, ...(user.roleIds[0] ? { roleId: user.roleIds[0] } : {}) } }
          : fail(404, "OBJECT_NOT_FOUND", "User not found");
      }
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
    },
  });

  return {
    ...platform,
    switches,
    users,
    addUser(user) {
      const row: HubSpotUserRow = { id: String(nextId++), roleIds: [], superAdmin: false, ...user };
      users.set(row.email.toLowerCase(), row);
      return row;
    },
  };
}
