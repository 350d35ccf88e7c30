// A contract fake of the Meta endpoints the connector calls, written from Meta's reference
// pages (each handler names its page in lib/infra/connectors/meta/). Two loopback servers,
// one per host: www.facebook.com (the Login dialog) and graph.facebook.com (the Graph API).
// It refuses what Graph refuses: a missing or wrong appsecret_proof, an unknown or expired
// token, a redirect_uri or PKCE verifier that does not match the dialog, a used code, a
// Page call without the Page's token, a call the sign-in's permissions (the dialog's
// `scope`, as the client consented) do not cover, unknown tasks and roles, unknown assets, a
// partner removal without `business` or for a business that is no partner; errors come
// in Graph's `{ error: { message, type, code, error_subcode, fbtrace_id } }` shape.
//
// The agency's side: GET /{business-id}/business_users and /system_users list the agency's
// people (META_FAKE_PEOPLE), and POST /{asset-id}/assigned_users gives one of them tasks on an
// asset shared with their Business Manager ("Ad Account Assigned Users",
// https://developers.facebook.com/docs/marketing-api/reference/ad-account/assigned_users/ and Meta's
// api_specs/specs/AdAccount.json: `user` required, `tasks`; "Page Assigned Users",
// https://developers.facebook.com/docs/graph-api/reference/page/assigned_users/: `user` and `tasks`),
// refused for a person not in that Business Manager, tasks outside the asset type's enum, an asset
// not shared with it, or a person or asset listed in `refuseAssign` (Graph's #200 permissions error).
//
// Switches: `refuse` (assets whose owner refuses partners), `refuseAssign`, `shareAlready` (the agency is
// already a partner), `expireTokens`, `throttleNext` (Graph code 17 that many times, then
// normal), `serverErrorNext` / `serverErrorOn` (HTTP 500), `rateLimitAlways` (every Graph call
// answered with that rate-limit code, 4, 17, 32 or 613, and the `x-business-use-case-usage`
// header, "Rate Limits", https://developers.facebook.com/docs/graph-api/overview/rate-limiting),
// `outage` (every Graph call answered HTTP 503, code 2 "Service temporarily unavailable"),
// `denyConsent`, `loginAs`.
//
// Tokens keep time ("Handling Errors", https://developers.facebook.com/docs/graph-api/guides/error-handling):
// a user token past its lifetime (the code's short-lived token, the exchange's long-lived one, on
// a clock the test moves) is answered HTTP 400 OAuthException code 190, subcode 463 ("Session has
// expired on ..."); one whose user removed the app (`revokeApp`) code 190, subcode 458 ("The user
// has not authorized application ..."); a call the sign-in's permissions do not cover code 200
// ("(#200) Requires ... permission", the 200-299 "API Permission" family of the same page).
//
// The agency's side of a partner share: GET /{business-id}/client_ad_accounts, /client_pages,
// /client_product_catalogs and /client_pixels list the client assets shared with the agency's
// business ("Business Client Ad Accounts",
// https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/client_ad_accounts;
// "Business Client Pages", .../business/client_pages; "Business Client Product Catalogs",
// .../business/client_product_catalogs; "Business Client Pixels", .../business/client_pixels),
// with `permitted_tasks` (`permitted_roles` for catalogs).
// `GET /__calls` lists the recorded calls, `POST /__reset` clears calls and switches,
// `POST /__switch` sets switches from JSON (for Playwright specs in another process).

import { createHash, createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { createMetaAppTokens } from "@/test/support/fakes/meta-app-token-fake";
import type { AddressInfo } from "node:net";

export type RecordedCall = {
  host: string;
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  status: number;
};

type User = { id: string; name: string; email: string; businesses: { id: string; name: string }[] };
type Asset = {
  id: string;
  name: string;
  kind: "adaccount" | "page" | "catalog" | "pixel" | "instagram";
  business?: string;
};

export const META_FAKE_APP = { appId: "1234567890", appSecret: "meta-fake-app-secret-0123456789" };

export const META_FAKE_USERS: Record<"client" | "agency", User> = {
  client: {
    id: "10001",
    name: "Ana Client",
    email: "ana@client.test",
    businesses: [{ id: "910000000001", name: "Acme Corp" }],
  },
  agency: {
    id: "20002",
    name: "Olga Agency",
    email: "ops@agency.test",
    businesses: [
      { id: "770000000001", name: "Agency Main BM" },
      { id: "770000000002", name: "Agency Second BM" },
    ],
  },
};

/** The agency's people in its Business Manager 770000000001: business users, then system users. */
export const META_FAKE_PEOPLE = {
  business: "770000000001",
  users: [
    { id: "30001", name: "Ana Buyer", email: "ana@agency.test" },
    { id: "30002", name: "Ben Analyst", email: "ben@agency.test" },
  ],
  systemUsers: [{ id: "40001", name: "Reporting Bot" }],
} as const;

export const META_FAKE_ASSETS: Asset[] = [
  { id: "act_1001", name: "Acme Main Ads", kind: "adaccount" },
  { id: "act_1002", name: "Acme Brand Ads", kind: "adaccount" },
  { id: "act_1003", name: "Acme Archive Ads", kind: "adaccount" },
  { id: "2001", name: "Acme Page", kind: "page" },
  { id: "2002", name: "Acme Shop Page", kind: "page" },
  { id: "3001", name: "Acme Products", kind: "catalog", business: "910000000001" },
  { id: "3002", name: "Acme Outlet", kind: "catalog", business: "910000000001" },
  { id: "4001", name: "Acme Pixel", kind: "pixel", business: "910000000001" },
  { id: "4002", name: "Acme Checkout Pixel", kind: "pixel", business: "910000000001" },
  { id: "5001", name: "acme", kind: "instagram", business: "910000000001" },
];

// permitted_tasks each asset type accepts (see meta-roles.ts for the pages).
const TASKS: Record<string, string[]> = {
  adaccount: ["MANAGE", "ADVERTISE", "ANALYZE", "DRAFT", "AA_ANALYZE"],
  page: ["MANAGE", "CREATE_CONTENT", "MODERATE", "MESSAGING", "ADVERTISE", "ANALYZE"],
  catalog: ["MANAGE", "ADVERTISE", "MANAGE_AR"],
  pixel: ["ANALYZE", "UPLOAD", "ADVERTISE", "EDIT"],
};
const BUSINESS_ROLES = ["ADMIN", "EMPLOYEE", "FINANCE_EDITOR", "FINANCE_ANALYST", "ADS_RIGHTS_REVIEWER", "DEVELOPER"];

export type MetaFakeSwitches = {
  refuse: string[];
  expireTokens: boolean;
  throttleNext: number;
  /** Every Graph call answered with this rate-limit code (4, 17, 32 or 613); 0 is off. */
  rateLimitAlways: 0 | 4 | 17 | 32 | 613;
  /** Every Graph call answered HTTP 503, code 2. */
  outage: boolean;
  serverErrorNext: number;
  serverErrorOn: string[];
  denyConsent: boolean;
  loginAs: "client" | "agency";
  /** ad accounts and Pages where the signed-in user's tasks are only ADVERTISE and ANALYZE (not MANAGE) */
  limitedTasks: string[];
  /** person ids or asset ids whose assignment Meta refuses (permissions error) */
  refuseAssign: string[];
};

const defaults = (): MetaFakeSwitches => ({
  refuse: [],
  expireTokens: false,
  throttleNext: 0,
  rateLimitAlways: 0,
  outage: false,
  serverErrorNext: 0,
  serverErrorOn: [],
  denyConsent: false,
  loginAs: "client",
  limitedTasks: [],
  refuseAssign: [],
});

export interface MetaFake {
  hosts: Record<string, string>;
  calls: RecordedCall[];
  switches: MetaFakeSwitches;
  /** The agency business already has `tasks` on the asset. */
  shareAlready(assetId: string, businessId: string, tasks?: string[]): void;
  /** The agency's email is already invited to the client's Business Manager. */
  inviteAlready(businessId: string, email: string, role: string): void;
  /** Partners recorded per asset: assetId -> businessId -> tasks. */
  partners: Map<string, Map<string, string[]>>;
  /** Business Manager invitations: businessId -> [{ id, email, role }]. */
  invitations: Map<string, Person[]>;
  /** Business Manager members besides the signed-in user: businessId -> [{ id, email, role }]. */
  members: Map<string, Person[]>;
  /** The agency's email is already a member of the client's Business Manager with `role`. */
  memberAlready(businessId: string, email: string, role: string): void;
  /** Every access token the fake has issued (user and Page tokens). */
  issuedTokens(): string[];
  /** A token of the agency user (its dashboard sign-in: business_management, email). */
  agencyToken(): string;
  /** Meta's clock: user tokens expire on it; the test moves it. */
  now(): number;
  advance(ms: number): void;
  /** The user removes the app (Settings → Business integrations): every token of theirs answers code 190, subcode 458. */
  revokeApp(userId: string): void;
  /** People given tasks on assets: assetId -> person id -> tasks. */
  assigned: Map<string, Map<string, string[]>>;
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
/** The code exchange's short-lived user token, and the long-lived one (about 60 days, the documented sample's expires_in). */
export const SHORT_LIVED_SECONDS = 3600;
export const LONG_LIVED_SECONDS = 5183944;
type Person = { id: string; email: string; role: string };

function graphError(status: number, error: Json, headers?: Record<string, string>) {
  return {
    status,
    body: { error: { type: "OAuthException", fbtrace_id: randomBytes(6).toString("hex"), ...error } },
    ...(headers ? { headers } : {}),
  };
}

// The documented throttling answers ("Rate Limits", https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
// the message of each code, and the usage header Meta sends with them.
const RATE_LIMIT_MESSAGES: Record<number, string> = {
  4: "(#4) Application request limit reached",
  17: "(#17) User request limit reached",
  32: "(#32) Page request limit reached",
  613: "(#613) Calls to this api have exceeded the rate limit.",
};
function rateLimited(code: number) {
  const usage = {
    "910000000001": [
      {
        type: "ads_management",
        call_count: 100,
        total_cputime: 40,
        total_time: 35,
        estimated_time_to_regain_access: 5,
      },
    ],
  };
  return graphError(
    400,
    { code, message: RATE_LIMIT_MESSAGES[code], is_transient: true },
    { "x-business-use-case-usage": JSON.stringify(usage) },
  );
}

function parseList(raw: string | undefined): string[] | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw.replace(/'/g, '"')) as unknown;
    return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : null;
  } catch {
    return null;
  }
}

export async function startMetaFake(
  opts: { ports?: { graph?: number; www?: number }; app?: { appId: string; appSecret: string } } = {},
): Promise<MetaFake> {
  const app = opts.app ?? META_FAKE_APP;
  const calls: RecordedCall[] = [];
  const switches = defaults();
  const codes = new Map<
    string,
    { user: User; redirectUri: string; challenge: string | null; scopes: Set<string>; used: boolean }
  >();
  const tokens = new Map<string, { user: User; pageId?: string; scopes: Set<string>; expiresAt?: number }>();
  // Meta's clock, moved by the test: a user token expires on it (Page tokens live as their user's)
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  // users who removed the app: their tokens stop working at once
  const revoked = new Set<string>();
  const partners = new Map<string, Map<string, string[]>>();
  const invitations = new Map<string, Person[]>();
  const members = new Map<string, Person[]>();
  let personSeq = 0;
  const personId = (businessId: string) => `${businessId}${++personSeq + 100}`;
  const assigned = new Map<string, Map<string, string[]>>();
  const appTokens = createMetaAppTokens(app);

  const assetsOf = (user: User, kind: Asset["kind"]) =>
    user.id === META_FAKE_USERS.client.id ? META_FAKE_ASSETS.filter((a) => a.kind === kind) : [];
  const pageTokenFor = (userToken: string, pageId: string) => {
    const t = `EAAPAGE${pageId}x${createHash("sha256").update(userToken).digest("hex").slice(0, 16)}`;
    const owner = tokens.get(userToken)!;
    tokens.set(t, { user: owner.user, pageId, scopes: owner.scopes });
    return t;
  };
  const list = (data: Json[]) => ({
    status: 200,
    body: { data, paging: { cursors: { before: "MA==", after: "MQ==" } } },
  });

  function dialog(url: URL): { status: number; location?: string; body?: unknown } {
    // "Manually Build a Login Flow": GET /{version}/dialog/oauth
    if (!/^\/v\d+\.\d+\/dialog\/oauth$/.test(url.pathname)) return { status: 404, body: "Not found" };
    const q = url.searchParams;
    if (q.get("client_id") !== app.appId) return { status: 400, body: "Invalid App ID" };
    const redirectUri = q.get("redirect_uri");
    if (!redirectUri || !/^https?:\/\//.test(redirectUri))
      return { status: 400, body: "URL blocked: redirect_uri is missing or not valid" };
    if (q.get("response_type") !== "code" || !q.get("state"))
      return { status: 400, body: "response_type=code and state are required" };
    const challenge = q.get("code_challenge");
    if (challenge && q.get("code_challenge_method") !== "S256")
      return { status: 400, body: "code_challenge_method must be S256" };
    const back = new URL(redirectUri);
    back.searchParams.set("state", q.get("state")!);
    if (switches.denyConsent) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_code", "200");
      back.searchParams.set("error_description", "Permissions error");
      back.searchParams.set("error_reason", "user_denied");
      return { status: 302, location: back.toString() };
    }
    const code = `AQ${randomBytes(18).toString("base64url")}`;
    const scopes = new Set((q.get("scope") ?? "").split(",").filter(Boolean));
    codes.set(code, { user: META_FAKE_USERS[switches.loginAs], redirectUri, challenge, scopes, used: false });
    back.searchParams.set("code", code);
    return { status: 302, location: back.toString() };
  }

  function exchange(q: URLSearchParams) {
    // "Manually Build a Login Flow": GET /{version}/oauth/access_token
    if (q.get("client_id") !== app.appId)
      return graphError(400, { code: 101, message: "Error validating application. Invalid application ID." });
    if (q.get("client_secret") !== app.appSecret)
      return graphError(400, { code: 1, message: "Error validating client secret." });
    const entry = codes.get(q.get("code") ?? "");
    if (!entry)
      return graphError(400, { code: 100, message: "Invalid verification code format.", error_subcode: 36007 });
    if (entry.used)
      return graphError(400, { code: 100, message: "This authorization code has been used.", error_subcode: 36009 });
    if (q.get("redirect_uri") !== entry.redirectUri) {
      return graphError(400, {
        code: 100,
        error_subcode: 36008,
        message:
          "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      });
    }
    if (entry.challenge) {
      const verifier = q.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== entry.challenge)
        return graphError(400, { code: 100, message: "Invalid code verifier." });
    }
    entry.used = true;
    // the code's token is short-lived ("expiring in hours",
    // https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived)
    const token = `EAAFAKE${randomBytes(24).toString("base64url")}`;
    tokens.set(token, { user: entry.user, scopes: entry.scopes, expiresAt: now() + SHORT_LIVED_SECONDS * 1000 });
    return { status: 200, body: { access_token: token, token_type: "bearer", expires_in: SHORT_LIVED_SECONDS } };
  }

  function longLived(q: URLSearchParams) {
    // "Get a Long-Lived User Access Token": GET /oauth/access_token?grant_type=fb_exchange_token with
    // client_id, client_secret, fb_exchange_token; "You can not use an expired token to request a long-lived token"
    // (https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived)
    if (q.get("client_id") !== app.appId)
      return graphError(400, { code: 101, message: "Error validating application. Invalid application ID." });
    if (q.get("client_secret") !== app.appSecret)
      return graphError(400, { code: 1, message: "Error validating client secret." });
    const session = tokens.get(q.get("fb_exchange_token") ?? "");
    if (!session)
      return graphError(400, { code: 190, message: "Invalid OAuth access token - Cannot parse access token" });
    if (session.expiresAt !== undefined && session.expiresAt <= now())
      return graphError(400, {
        code: 190,
        error_subcode: 463,
        message: "Error validating access token: Session has expired.",
      });
    const token = `EAAFAKE${randomBytes(24).toString("base64url")}`;
    tokens.set(token, { user: session.user, scopes: session.scopes, expiresAt: now() + LONG_LIVED_SECONDS * 1000 });
    return { status: 200, body: { access_token: token, token_type: "bearer", expires_in: LONG_LIVED_SECONDS } };
  }

  function graph(
    method: string,
    url: URL,
    form: URLSearchParams,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    const m = /^\/v\d+\.\d+\/(.+)$/.exec(url.pathname);
    if (!m) return graphError(400, { code: 2500, message: "Unknown path components: " + url.pathname });
    const path = m[1]!.replace(/\/$/, "");
    const p = (k: string) => form.get(k) ?? url.searchParams.get(k) ?? undefined;
    if (path === "oauth/access_token" && url.searchParams.get("grant_type") === "client_credentials")
      return appTokens.appAccessToken(url.searchParams);
    if (path === "oauth/access_token" && url.searchParams.get("grant_type") === "fb_exchange_token")
      return longLived(url.searchParams);
    if (path === "oauth/access_token") return exchange(url.searchParams);
    if (path === "debug_token") {
      const reply = appTokens.debugToken(p("input_token"), p("access_token"), p("appsecret_proof"));
      if (reply) return reply;
    }

    const token = p("access_token");
    if (!token)
      return graphError(400, {
        code: 2500,
        message: "An active access token must be used to query information about the current user.",
      });
    const proof = p("appsecret_proof");
    if (!proof)
      return graphError(400, {
        type: "GraphMethodException",
        code: 100,
        message: "API calls from the server require an appsecret_proof argument",
      });
    if (proof !== createHmac("sha256", app.appSecret).update(token).digest("hex")) {
      return graphError(400, {
        type: "GraphMethodException",
        code: 100,
        message: "Invalid appsecret_proof provided in the API argument",
      });
    }
    const session = tokens.get(token);
    if (!session)
      return graphError(400, { code: 190, message: "Invalid OAuth access token - Cannot parse access token" });
    if (revoked.has(session.user.id))
      return graphError(400, {
        code: 190,
        error_subcode: 458,
        message: `Error validating access token: The user has not authorized application ${app.appId}.`,
      });
    if (switches.expireTokens || (session.expiresAt !== undefined && session.expiresAt <= now())) {
      const at = new Date(session.expiresAt ?? now()).toUTCString();
      return graphError(400, {
        code: 190,
        error_subcode: 463,
        message: `Error validating access token: Session has expired on ${at}. The current time is ${new Date(now()).toUTCString()}.`,
      });
    }
    if (switches.throttleNext > 0) {
      switches.throttleNext--;
      return graphError(400, { code: 17, message: "(#17) User request limit reached", is_transient: true });
    }
    if (switches.rateLimitAlways) return rateLimited(switches.rateLimitAlways);
    if (switches.outage)
      return graphError(503, { code: 2, message: "Service temporarily unavailable", is_transient: true });
    const [first, edge, ...rest] = path.split("/");
    if (switches.serverErrorNext > 0 || (method === "POST" && switches.serverErrorOn.includes(first!))) {
      if (switches.serverErrorNext > 0) switches.serverErrorNext--;
      return graphError(500, { code: 1, message: "An unknown error occurred", is_transient: true });
    }
    if (rest.length > 0) return graphError(400, { code: 2500, message: `Unknown path components: /${rest.join("/")}` });
    const user = session.user;
    // "Permissions Reference" (https://developers.facebook.com/docs/permissions): each edge
    // needs the permission the client granted in the Login dialog.
    const lacking = (...anyOf: string[]) =>
      anyOf.some((perm) => session.scopes.has(perm))
        ? null
        : graphError(403, { code: 200, message: `(#200) Requires ${anyOf.join(" or ")} permission for this action` });
    const needed = neededPermissions(method, first!, edge, user);
    const missing = needed.map((anyOf) => lacking(...anyOf)).find((e) => e !== null);
    if (missing) return missing;

    if (method === "GET" && first === "me" && edge === undefined)
      return { status: 200, body: { id: user.id, name: user.name, email: user.email } };
    if (method === "GET" && first === "me" && edge === "businesses")
      return list(user.businesses.map((b) => ({ ...b })));
    // The session user's tasks: `user_tasks` on an ad account ("Ad Account", fields), `tasks` on a Page ("User Accounts").
    const tasksOf = (id: string) =>
      switches.limitedTasks.includes(id)
        ? ["ADVERTISE", "ANALYZE"]
        : ["MANAGE", "CREATE_CONTENT", "MODERATE", "ADVERTISE", "ANALYZE"];
    const wants = (f: string) => (p("fields") ?? "").split(",").includes(f);
    if (method === "GET" && first === "me" && edge === "adaccounts")
      return list(
        assetsOf(user, "adaccount").map((a) => ({
          id: a.id,
          name: a.name,
          ...(wants("user_tasks") ? { user_tasks: tasksOf(a.id) } : {}),
        })),
      );
    if (method === "GET" && first === "me" && edge === "accounts") {
      const withToken = (p("fields") ?? "").split(",").includes("access_token");
      return list(
        assetsOf(user, "page").map((a) => ({
          id: a.id,
          name: a.name,
          ...(withToken ? { access_token: pageTokenFor(token, a.id) } : {}),
          ...(wants("tasks") ? { tasks: tasksOf(a.id) } : {}),
        })),
      );
    }

    const business = user.businesses.find((b) => b.id === first);
    if (
      business &&
      method === "GET" &&
      (edge === "owned_product_catalogs" || edge === "owned_pixels" || edge === "instagram_accounts")
    ) {
      const kind = edge === "owned_product_catalogs" ? "catalog" : edge === "owned_pixels" ? "pixel" : "instagram";
      return list(
        assetsOf(user, kind)
          .filter((a) => a.business === business.id)
          .map((a) => (kind === "instagram" ? { id: a.id, username: a.name } : { id: a.id, name: a.name })),
      );
    }
    // The agency's side: the client-owned assets shared with this business (see the header for the pages).
    const CLIENT_EDGES: Record<string, Asset["kind"]> = {
      client_ad_accounts: "adaccount",
      client_pages: "page",
      client_product_catalogs: "catalog",
      client_pixels: "pixel",
    };
    if (business && method === "GET" && edge && CLIENT_EDGES[edge]) {
      const kind = CLIENT_EDGES[edge];
      return list(
        META_FAKE_ASSETS.filter((a) => a.kind === kind && partners.get(a.id)?.has(business.id)).map((a) => ({
          id: a.id,
          name: a.name,
          [kind === "catalog" ? "permitted_roles" : "permitted_tasks"]: partners.get(a.id)!.get(business.id)!,
        })),
      );
    }
    if (business && edge === "business_users" && method === "POST") {
      const email = p("email");
      const role = p("role");
      if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
        return graphError(400, {
          code: 100,
          message: "(#100) The parameter email is required and must be a valid email address",
        });
      if (!role || !BUSINESS_ROLES.includes(role))
        return graphError(400, {
          code: 100,
          message: `(#100) Param role must be one of {${BUSINESS_ROLES.join(", ")}}`,
        });
      if (switches.refuse.includes(business.id))
        return graphError(400, {
          code: 200,
          message: "(#200) Permissions error",
          error_user_msg: "Only admins of this business can add people.",
        });
      const list0 = invitations.get(business.id) ?? [];
      if (list0.some((i) => i.email.toLowerCase() === email.toLowerCase()))
        return graphError(400, { code: 100, message: "(#100) This person has already been invited to this business." });
      if ((members.get(business.id) ?? []).some((i) => i.email.toLowerCase() === email.toLowerCase()))
        return graphError(400, { code: 100, message: "(#100) This person is already a member of this business." });
      const id = personId(business.id);
      invitations.set(business.id, [...list0, { id, email, role }]);
      return { status: 200, body: { id } };
    }
    if (business && edge === "pending_users" && method === "GET") {
      const email = p("email");
      const rows = (invitations.get(business.id) ?? []).filter(
        (i) => !email || i.email.toLowerCase() === email.toLowerCase(),
      );
      return list(rows.map((r) => ({ id: r.id, email: r.email, role: r.role, status: "PENDING" })));
    }
    if (business && edge === "business_users" && method === "GET") {
      const people = business.id === META_FAKE_PEOPLE.business ? META_FAKE_PEOPLE.users : [];
      return list([
        { id: `${business.id}1`, name: user.name, email: user.email, role: "ADMIN" },
        ...(members.get(business.id) ?? []),
        ...people.map((u) => ({ ...u, role: "EMPLOYEE" })),
      ]);
    }

    // "Business User" and "Business Role Request", Updating: POST /{id} with `role` raises (or
    // changes) a member's or a pending invitation's role
    // (https://developers.facebook.com/docs/marketing-api/reference/business-user/#Updating,
    // https://developers.facebook.com/docs/marketing-api/reference/business-role-request/#Updating).
    const person = [...members.values(), ...invitations.values()].flat().find((x) => x.id === first);
    if (person && method === "POST" && edge === undefined) {
      if (!session.scopes.has("business_management"))
        return graphError(403, {
          code: 200,
          message: "(#200) Requires business_management permission for this action",
        });
      const role = p("role");
      if (!role || !BUSINESS_ROLES.includes(role))
        return graphError(400, {
          code: 100,
          message: `(#100) Param role must be one of {${BUSINESS_ROLES.join(", ")}}`,
        });
      person.role = role;
      return { status: 200, body: { success: true } };
    }
    // "Business System Users": GET /{business-id}/system_users
    if (business && edge === "system_users" && method === "GET")
      return list(
        (business.id === META_FAKE_PEOPLE.business ? META_FAKE_PEOPLE.systemUsers : []).map((u) => ({
          ...u,
          role: "EMPLOYEE",
        })),
      );

    const target = META_FAKE_ASSETS.find((a) => a.id === first && (a.kind === "adaccount" || a.kind === "page"));
    if (target && edge === "assigned_users" && method === "POST") return assignUser(target, user, p);

    const asset = META_FAKE_ASSETS.find((a) => a.id === first && a.kind !== "instagram");
    if (asset && (edge === "agencies" || edge === "shared_agencies")) {
      if (asset.kind === "page" && session.pageId !== asset.id)
        return graphError(400, { code: 210, message: "(#210) This call requires a Page access token." });
      if (!assetsOf(user, asset.kind).includes(asset)) return unsupported(method, first!);
      if (method === "GET" && (edge === "agencies" || asset.kind === "pixel")) {
        const rows = [...(partners.get(asset.id) ?? new Map<string, string[]>())].map(([id, tasks]) => ({
          id,
          name: `Business ${id}`,
          ...(edge === "agencies" ? { permitted_tasks: tasks, access_status: "CONFIRMED" } : {}),
        }));
        return list(rows);
      }
      if (method === "POST" && edge === "agencies") {
        const businessId = p("business");
        if (!businessId || !/^\d+$/.test(businessId))
          return graphError(400, { code: 100, message: "(#100) Param business must be a valid ID" });
        const tasks = parseList(p("permitted_tasks"));
        if (!tasks || tasks.length === 0)
          return graphError(400, { code: 100, message: "(#100) The parameter permitted_tasks is required" });
        const allowed = TASKS[asset.kind]!;
        const bad = tasks.findIndex((t) => !allowed.includes(t));
        if (bad >= 0)
          return graphError(400, {
            code: 100,
            message: `(#100) Param permitted_tasks[${bad}] must be one of {${allowed.join(", ")}}`,
          });
        if (switches.refuse.includes(asset.id)) {
          return graphError(400, {
            code: 200,
            message: "(#200) Permissions error",
            error_user_title: "Can't add partner",
            error_user_msg: `${asset.name} does not allow new partners. Ask its admin to turn on partner access.`,
          });
        }
        // A business already a partner: its tasks become the list sent. Meta documents no refusal
        // for it, and this is the stricter reading: a list with fewer tasks would lower the access.
        const current = partners.get(asset.id) ?? new Map<string, string[]>();
        current.set(businessId, tasks);
        partners.set(asset.id, current);
        return { status: 200, body: { success: true } };
      }
      // "Ad Account Agencies" / "Page Agencies", Deleting: dissociate a business (`business` required).
      if (method === "DELETE" && edge === "agencies" && asset.kind !== "pixel") {
        const businessId = p("business");
        if (!businessId || !/^\d+$/.test(businessId))
          return graphError(400, { code: 100, message: "(#100) Param business must be a valid ID" });
        if (switches.refuse.includes(asset.id))
          return graphError(400, {
            code: 200,
            message: "(#200) Permissions error",
            error_user_msg: `Only an admin of ${asset.name} can remove partners.`,
          });
        const current = partners.get(asset.id);
        if (!current?.has(businessId))
          return graphError(400, { code: 100, message: "(#100) The business is not a partner of this object." });
        current.delete(businessId);
        return { status: 200, body: { success: true } };
      }
    }
    return unsupported(method, first!);
  }

  /** POST /{ad-account-id|page-id}/assigned_users by a user of the Business Manager the asset is shared with. */
  function assignUser(asset: Asset, user: User, p: (k: string) => string | undefined) {
    const userId = p("user");
    if (!userId || !/^\d+$/.test(userId))
      return graphError(400, { code: 100, message: "(#100) The parameter user is required" });
    const tasks = parseList(p("tasks"));
    if (!tasks || tasks.length === 0)
      return graphError(400, { code: 100, message: "(#100) The parameter tasks is required" });
    const allowed = TASKS[asset.kind]!;
    const bad = tasks.findIndex((t) => !allowed.includes(t));
    if (bad >= 0)
      return graphError(400, {
        code: 100,
        message: `(#100) Param tasks[${bad}] must be one of {${allowed.join(", ")}}`,
      });
    // Meta's definition of the edge (AdAccount.json / Page.json in facebook-business-sdk-codegen) has
    // `user` and `tasks` only; `business` is a parameter of the edge's GET.
    if (p("business") !== undefined)
      return graphError(400, { code: 100, message: "(#100) Param business is not a valid parameter of this call" });
    // The asset must be shared with a Business Manager of the caller (its partners).
    const via = user.businesses.map((b) => b.id).filter((id) => partners.get(asset.id)?.has(id));
    if (via.length === 0) return unsupported("POST", asset.id);
    const people: readonly { id: string }[] =
      via[0] === META_FAKE_PEOPLE.business ? [...META_FAKE_PEOPLE.users, ...META_FAKE_PEOPLE.systemUsers] : [];
    if (!people.some((u) => u.id === userId))
      return graphError(400, { code: 100, message: `(#100) User ${userId} is not a member of this business` });
    if (switches.refuseAssign.includes(userId) || switches.refuseAssign.includes(asset.id))
      return graphError(403, {
        code: 200,
        message: "(#200) Permissions error",
        error_user_msg: `You don't have permission to assign people to ${asset.name}.`,
      });
    const current = assigned.get(asset.id) ?? new Map<string, string[]>();
    current.set(userId, tasks);
    assigned.set(asset.id, current);
    return { status: 200, body: { success: true } };
  }

  /** The permissions (each entry: any one of them) a Graph call needs. */
  function neededPermissions(method: string, first: string, edge: string | undefined, user: User): string[][] {
    if (first === "me") {
      if (edge === "adaccounts") return [["ads_management", "ads_read"]];
      if (edge === "accounts") return [["pages_show_list"]];
      if (edge === "businesses") return [["business_management"]];
      return [];
    }
    if (user.businesses.some((b) => b.id === first)) {
      if (edge === "owned_product_catalogs") return [["business_management"], ["catalog_management"]];
      if (edge === "owned_pixels") return [["business_management"], ["ads_management", "ads_read"]];
      if (edge === "instagram_accounts") return [["business_management"], ["instagram_basic"]];
      if (edge === "client_ad_accounts" || edge === "client_pixels")
        return [["business_management"], ["ads_management", "ads_read"]];
      if (edge === "client_pages") return [["business_management"], ["pages_show_list"]];
      if (edge === "client_product_catalogs") return [["business_management"], ["catalog_management"]];
      return [["business_management"]];
    }
    const asset = META_FAKE_ASSETS.find((a) => a.id === first);
    if (edge === "assigned_users") return [["business_management"]];
    if (asset?.kind === "adaccount" || asset?.kind === "pixel")
      return [["ads_management"], ...(method === "POST" ? [["business_management"]] : [])];
    if (asset?.kind === "page") return [["pages_show_list"]];
    if (asset?.kind === "catalog") return [["catalog_management"]];
    return [];
  }

  function unsupported(method: string, id: string) {
    return graphError(400, {
      code: 100,
      error_subcode: 33,
      type: "GraphMethodException",
      message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    });
  }

  const servers: http.Server[] = [];
  const hosts: Record<string, string> = {};

  async function serve(host: "graph.facebook.com" | "www.facebook.com", port: number) {
    const server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://fake");
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          "content-type": typeof body === "string" ? "text/plain" : "application/json",
          ...headers,
        });
        res.end(typeof body === "string" ? body : JSON.stringify(body));
      };
      if (url.pathname === "/__calls") return send(200, calls);
      if (url.pathname === "/__reset" && req.method === "POST") {
        fake.reset();
        return send(200, { ok: true });
      }
      if (url.pathname === "/__switch" && req.method === "POST") {
        Object.assign(switches, JSON.parse(raw || "{}") as Partial<MetaFakeSwitches>);
        return send(200, switches);
      }
      const form = new URLSearchParams(
        (req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded") ? raw : "",
      );
      const out = host === "www.facebook.com" ? dialog(url) : graph(req.method ?? "GET", url, form);
      calls.push({
        host,
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(form),
        status: out.status,
      });
      if ("location" in out && out.location) return send(302, "", { location: out.location });
      send(out.status, out.body, "headers" in out && out.headers ? out.headers : {});
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", resolve);
    });
    servers.push(server);
    hosts[host] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const fake: MetaFake = {
    hosts,
    calls,
    switches,
    partners,
    invitations,
    members,
    inviteAlready(businessId, email, role) {
      invitations.set(businessId, [...(invitations.get(businessId) ?? []), { id: personId(businessId), email, role }]);
    },
    memberAlready(businessId, email, role) {
      members.set(businessId, [...(members.get(businessId) ?? []), { id: personId(businessId), email, role }]);
    },
    shareAlready(assetId, businessId, tasks = []) {
      const current = partners.get(assetId) ?? new Map<string, string[]>();
      current.set(businessId, tasks);
      partners.set(assetId, current);
    },
    issuedTokens: () => [...tokens.keys()],
    assigned,
    agencyToken() {
      const token = `EAAFAKE${randomBytes(24).toString("base64url")}`;
      tokens.set(token, { user: META_FAKE_USERS.agency, scopes: new Set(["business_management", "email"]) });
      return token;
    },
    now,
    advance(ms) {
      clockOffset += ms;
    },
    revokeApp(userId) {
      revoked.add(userId);
    },
    reset() {
      clockOffset = 0;
      revoked.clear();
      calls.length = 0;
      Object.assign(switches, defaults());
      partners.clear();
      invitations.clear();
      members.clear();
      assigned.clear();
    },
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };

  await serve("graph.facebook.com", opts.ports?.graph ?? 0);
  await serve("www.facebook.com", opts.ports?.www ?? 0);
  return fake;
}

/** `PLATFORM_HOST_OVERRIDES` for a started fake. */
export function hostOverrides(hosts: Record<string, string>): string {
  return Object.entries(hosts)
    .map(([h, o]) => `${h}=${o}`)
    .join(",");
}
