// The surface inventory: every way into the app, listed from the tree and sent the same bad
// inputs. Route handlers (app/**/route.ts, each exported method), server actions (files
// marked "use server"), the MCP endpoint's tools (as tools/list answers) and the sign-in
// callbacks (next-auth's providers) each have a row in a table below that says how to call
// them; a surface in the tree without a row, or a row without a surface, fails the first tests.
// Every row is then sent what applies to it: a NUL in a string field (body, query or path
// segment), a 1 MB field, malformed JSON, and its id in upper case where the path takes one.
// Expected: a 4xx in the surface's own error shape (an upper-case id names the same object as
// the stored spelling), never a 5xx and never a hang. The server actions' probes live beside
// the one text boundary (untrusted-text.integration.test.ts globs the same files); here their
// list is held to the tree and their ids to the one spelling. Every V2 route enforces the scope
// lib/surfaces/v2/operation-scopes.ts gives its operation, which the OpenAPI document and MCP read.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";

const fake = vi.hoisted(() => ({
  session: null as { userId: string; agencyId?: string } | null,
  headers: new Headers(),
}));
vi.mock("next-auth", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getServerSession: async () => fake.session,
}));
vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  headers: async () => fake.headers,
}));

const { getDb } = await import("@/lib/infra/db/db");
const { createUser } = await import("@/lib/core/users/create-user");
const { createClient } = await import("@/lib/core/clients/create-client");
const { createRequest } = await import("@/lib/core/requests/create-request");
const { createWebhook } = await import("@/lib/core/webhooks/create-webhook");
const { ZCreateClientBody } = await import("@/lib/core/clients/schemas");
const { ZCreateRequestBody } = await import("@/lib/core/requests/schemas");
const { requestLinkToken, requestLinkTokenSelect } = await import("@/lib/core/request-records/request-links");
const { startApiServer } = await import("@/test/support/api-server");
const { seedV2Agency } = await import("@/test/support/v2-fixtures");
const { TAB_AGENCY_HEADER } = await import("@/lib/surfaces/dashboard/tab-agency-header");
const { authOptions } = await import("@/lib/surfaces/dashboard/auth-options");
const { STAFF_PROVIDERS } = await import("@/lib/infra/sso/staff-providers");
const { resetRateLimiters } = await import("@/lib/infra/rate-limit/rate-limit");
const { openSecret } = await import("@/lib/infra/secrets/secret-box");
const { createApiKey } = await import("@/lib/core/api-keys/create-api-key");
const { API_SCOPES } = await import("@/lib/core/auth/scopes");
const { OPERATION_SCOPES, scopesOf } = await import("@/lib/surfaces/v2/operation-scopes");
const { openApiDocument } = await import("@/lib/surfaces/v2/openapi/openapi-document");

const NUL = "a\u0000b";
const MEGABYTE = "x".repeat(1024 * 1024);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** How a surface answers a refusal. */
type Shape =
  | "v2" // { error: { code, message }, meta: { requestId } }
  | "v1" // { error: true, msg } (or V1's { status: "fail", message } when throttled)
  | "json-error" // { error: { code, message } }: the dashboard's reads and the other JSON routes
  | "json-rpc" // { jsonrpc: "2.0", error: { code: <number>, message, data: { code } } }: MCP
  | "client-form" // { error: { code: "invalid_input" | "too_large" | ... } } for a script's JSON call
  | "html" // a page in HTML with its status
  | "plain" // a status and a short text (the logo)
  | "redirect"; // a redirect naming the problem, the way a browser is sent back

interface RouteRow {
  /** The URL, with {id}, {token}, {clientId}... filled from the seeded objects. */
  url: string;
  auth: "v2" | "v1" | "dashboard" | "none";
  shape: Shape;
  /** A valid JSON body: each string leaf is sent a NUL and 1 MB, and the body malformed. */
  body?: Record<string, unknown>;
  /** A query parameter the route reads: sent a NUL. */
  query?: string;
  /** The placeholder of the URL sent a NUL instead (a token or id the route reads). */
  segment?: string;
  /** The seeded object whose id the path takes: sent in upper case too. */
  id?: "client" | "request" | "webhook" | "email" | "agency";
  /** A route that reads nothing a caller sends (no body, query or segment): only never a 5xx. */
  inert?: string;
  /** The status an inert route must answer (else only: some answer, and not a 5xx). */
  status?: number;
  /** Where this route's bad input is sent instead, when it cannot run outside Next.js's server. */
  elsewhere?: string;
}

const ROUTES: Record<string, RouteRow> = {
  // client pages (HTML; a token only)
  "GET (client)/embed/[token]": { url: "/embed/{token}", auth: "none", shape: "html", segment: "token" },
  "GET (client)/i/[token]": { url: "/i/{token}", auth: "none", shape: "html", segment: "token" },
  "GET (client)/l/[token]": { url: "/l/{token}", auth: "none", shape: "html", segment: "token" },
  "GET (client)/r/[token]": { url: "/r/{token}", auth: "none", shape: "html", segment: "token" },
  // the client pages' form posts and callbacks
  "GET api/access/[token]/connect/[serviceId]": {
    url: "/api/access/{token}/connect/meta_ads",
    auth: "none",
    shape: "redirect",
    segment: "token",
  },
  "POST api/access/[token]/forward/[action]": {
    url: "/api/access/{token}/forward/forward",
    auth: "none",
    shape: "client-form",
    body: { name: "Bea Colleague", email: "bea@client.test", note: "Please", service: "meta_ads" },
  },
  "POST api/access/[token]/intake": {
    url: "/api/access/{token}/intake",
    auth: "none",
    shape: "client-form",
    body: { "q.00000000-0000-4000-8000-000000000000": "https://client.test" },
  },
  "POST api/access/[token]/services/[serviceId]/[action]": {
    url: "/api/access/{token}/services/meta_ads/skip",
    auth: "none",
    shape: "client-form",
    body: { surface: "invite" },
  },
  "GET api/access/callback": { url: "/api/access/callback", auth: "none", shape: "redirect", query: "state" },
  "POST api/access/client-access/[token]/remove": {
    url: "/api/access/client-access/{token}/remove",
    auth: "none",
    shape: "redirect",
    body: { grantId: "g" },
  },
  "POST api/access/removal/[token]/confirm": {
    url: "/api/access/removal/{token}/confirm",
    auth: "none",
    shape: "redirect",
    body: { confirm: "yes" },
  },
  "GET api/access/removal/[token]/start": {
    url: "/api/access/removal/{token}/start",
    auth: "none",
    shape: "redirect",
    segment: "token",
  },
  "GET api/access/site-approval": { url: "/api/access/site-approval", auth: "none", shape: "redirect", query: "state" },
  "POST api/access/static/[token]": {
    url: "/api/access/static/{token}",
    auth: "none",
    shape: "client-form",
    body: { name: "Vi Visitor", email: "vi@visitor.test", company: "Co", language: "English", formToken: "t" },
  },
  "GET api/agencies/[id]/logo": { url: "/api/agencies/{agency}/logo", auth: "none", shape: "plain", id: "agency" },
  // sign-in (next-auth): its callbacks are rows of SIGN_IN below
  // next-auth reads Next.js's request scope (cookies()): its callbacks are SIGN_IN's rows, sent
  // through next-auth's core handler below, and the built server's route gets malformed bodies
  // and bad callbackUrls in test/process/auth-routes.process.test.ts
  "GET api/auth/[...nextauth]": {
    url: "/api/auth/session",
    auth: "none",
    shape: "json-error",
    elsewhere: "SIGN_IN; test/process/auth-routes.process.test.ts",
  },
  "POST api/auth/[...nextauth]": {
    url: "/api/auth/callback/credentials",
    auth: "none",
    shape: "json-error",
    elsewhere: "SIGN_IN; test/process/auth-routes.process.test.ts",
  },
  "GET api/bench/baseline": { url: "/api/bench/baseline", auth: "none", shape: "json-error", inert: "off (404)" },
  // the dashboard's reads (session and the tab's agency)
  "GET api/dashboard/accounts/connect/[platform]": {
    url: "/api/dashboard/accounts/connect/meta",
    auth: "dashboard",
    shape: "redirect",
    query: "returnTo",
  },
  "GET api/dashboard/accounts/connect/callback": {
    url: "/api/dashboard/accounts/connect/callback",
    auth: "dashboard",
    shape: "redirect",
    query: "state",
  },
  "POST api/dashboard/accounts/connect/finish": {
    url: "/api/dashboard/accounts/connect/finish",
    auth: "dashboard",
    shape: "redirect",
    body: { session: "00000000-0000-4000-8000-000000000000", choice: "act_1" },
  },
  "GET api/dashboard/accounts": { url: "/api/dashboard/accounts", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/api-keys": { url: "/api/dashboard/api-keys", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/audit/export": {
    url: "/api/dashboard/audit/export",
    auth: "dashboard",
    shape: "json-error",
    query: "action",
  },
  "GET api/dashboard/branding": { url: "/api/dashboard/branding", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/clients/[id]/export": {
    url: "/api/dashboard/clients/{client}/export",
    auth: "dashboard",
    shape: "json-error",
    id: "client",
  },
  "GET api/dashboard/clients/[id]/profile": {
    url: "/api/dashboard/clients/{client}/profile",
    auth: "dashboard",
    shape: "json-error",
    id: "client",
  },
  "GET api/dashboard/clients/[id]": {
    url: "/api/dashboard/clients/{client}",
    auth: "dashboard",
    shape: "json-error",
    id: "client",
  },
  "GET api/dashboard/clients/export": {
    url: "/api/dashboard/clients/export",
    auth: "dashboard",
    shape: "json-error",
    query: "q",
  },
  "GET api/dashboard/clients": { url: "/api/dashboard/clients", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/emails/[id]": {
    url: "/api/dashboard/emails/{email}",
    auth: "dashboard",
    shape: "json-error",
    id: "email",
  },
  "GET api/dashboard/emails": { url: "/api/dashboard/emails", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/intake": { url: "/api/dashboard/intake", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/notifications": {
    url: "/api/dashboard/notifications",
    auth: "dashboard",
    shape: "json-error",
    query: "q",
  },
  "GET api/dashboard/requests/[id]": {
    url: "/api/dashboard/requests/{request}",
    auth: "dashboard",
    shape: "json-error",
    id: "request",
  },
  "GET api/dashboard/requests/export": {
    url: "/api/dashboard/requests/export",
    auth: "dashboard",
    shape: "json-error",
    query: "q",
  },
  "GET api/dashboard/requests": { url: "/api/dashboard/requests", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/static-link": {
    url: "/api/dashboard/static-link",
    auth: "dashboard",
    shape: "json-error",
    query: "q",
  },
  "GET api/dashboard/usage": { url: "/api/dashboard/usage", auth: "dashboard", shape: "json-error", query: "q" },
  "GET api/dashboard/webhooks/[id]/deliveries": {
    url: "/api/dashboard/webhooks/{webhook}/deliveries",
    auth: "dashboard",
    shape: "json-error",
    id: "webhook",
  },
  "GET api/dashboard/webhooks/[id]": {
    url: "/api/dashboard/webhooks/{webhook}",
    auth: "dashboard",
    shape: "json-error",
    id: "webhook",
  },
  "GET api/dashboard/webhooks": { url: "/api/dashboard/webhooks", auth: "dashboard", shape: "json-error", query: "q" },
  // operations
  "GET api/health/live": { url: "/api/health/live", auth: "none", shape: "json-error", inert: "reads no input" },
  "GET api/health/ready": { url: "/api/health/ready", auth: "none", shape: "json-error", inert: "reads no input" },
  "GET api/health": { url: "/api/health", auth: "none", shape: "json-error", inert: "reads no input" },
  "GET api/metrics": { url: "/api/metrics", auth: "none", shape: "json-error", inert: "a bearer token only" },
  // MCP: one POST carries every tool (MCP_TOOLS below); GET and DELETE have no session to serve
  "POST api/mcp": { url: "/api/mcp", auth: "v2", shape: "json-rpc", inert: "its tools are MCP_TOOLS' rows" },
  "GET api/mcp": { url: "/api/mcp", auth: "v2", shape: "json-rpc", inert: "no stream is served", status: 405 },
  "DELETE api/mcp": { url: "/api/mcp", auth: "v2", shape: "json-rpc", inert: "no session to end", status: 405 },
  // V1
  ...Object.fromEntries(
    METHODS.map((m) => [`${m} api/v1/[...path]`, { url: "/api/v1/unknown/route", auth: "v1", shape: "v1" }]),
  ),
  "POST api/v1/clients/create": {
    url: "/api/v1/clients/create",
    auth: "v1",
    shape: "v1",
    body: { name: "Ana", email: "ana@client.test" },
  },
  "GET api/v1/clients/retrieve": { url: "/api/v1/clients/retrieve", auth: "v1", shape: "v1", query: "id" },
  "POST api/v1/clients/update": {
    url: "/api/v1/clients/update",
    auth: "v1",
    shape: "v1",
    body: { id: "{client}", name: "Ana B" },
  },
  "POST api/v1/links/create": {
    url: "/api/v1/links/create",
    auth: "v1",
    shape: "v1",
    body: { clientID: "{client}", requestedServices: {} },
  },
  "GET api/v1/links/retrieve": { url: "/api/v1/links/retrieve", auth: "v1", shape: "v1", query: "id" },
  "POST api/v1/links/update": { url: "/api/v1/links/update", auth: "v1", shape: "v1", body: { id: "{request}" } },
  "GET api/v1/migration-guide": { url: "/api/v1/migration-guide", auth: "none", shape: "v1", inert: "a document" },
  // V2
  ...Object.fromEntries(
    METHODS.map((m) => [`${m} api/v2/[...path]`, { url: "/api/v2/unknown/route", auth: "v2", shape: "v2" }]),
  ),
  ...Object.fromEntries(METHODS.map((m) => [`${m} api/v2`, { url: "/api/v2", auth: "v2", shape: "v2" }])),
  "GET api/v2/accounts": { url: "/api/v2/accounts", auth: "v2", shape: "v2", query: "platform" },
  "GET api/v2/clients/[id]/access": { url: "/api/v2/clients/{client}/access", auth: "v2", shape: "v2", id: "client" },
  "GET api/v2/clients/[id]": { url: "/api/v2/clients/{client}", auth: "v2", shape: "v2", id: "client" },
  "PATCH api/v2/clients/[id]": {
    url: "/api/v2/clients/{client}",
    auth: "v2",
    shape: "v2",
    id: "client",
    body: { name: "Ana Renamed", company: "Co" },
  },
  "POST api/v2/clients": {
    url: "/api/v2/clients",
    auth: "v2",
    shape: "v2",
    body: { name: "Ana", email: "ana@client.test", company: "Co" },
  },
  "GET api/v2/clients": { url: "/api/v2/clients", auth: "v2", shape: "v2", query: "email" },
  "GET api/v2/me": { url: "/api/v2/me", auth: "v2", shape: "v2", query: "x" },
  "GET api/v2/openapi.json": { url: "/api/v2/openapi.json", auth: "none", shape: "v2", inert: "the document" },
  "POST api/v2/requests/[id]/cancel": {
    url: "/api/v2/requests/{request}/cancel",
    auth: "v2",
    shape: "v2",
    id: "request",
  },
  "GET api/v2/requests/[id]": { url: "/api/v2/requests/{request}", auth: "v2", shape: "v2", id: "request" },
  "POST api/v2/requests": {
    url: "/api/v2/requests",
    auth: "v2",
    shape: "v2",
    body: { clientId: "{client}", requestedServices: {}, thankYouMessage: "Thanks" },
  },
  "GET api/v2/requests": { url: "/api/v2/requests", auth: "v2", shape: "v2", query: "status" },
  "GET api/v2/services": { url: "/api/v2/services", auth: "v2", shape: "v2", query: "platform" },
  "GET api/v2/usage": { url: "/api/v2/usage", auth: "v2", shape: "v2", query: "x" },
  "GET api/v2/webhooks/[id]/deliveries": {
    url: "/api/v2/webhooks/{webhook}/deliveries",
    auth: "v2",
    shape: "v2",
    id: "webhook",
  },
  "POST api/v2/webhooks/[id]/pause": {
    url: "/api/v2/webhooks/{webhook}/pause",
    auth: "v2",
    shape: "v2",
    id: "webhook",
  },
  "POST api/v2/webhooks/[id]/resume": {
    url: "/api/v2/webhooks/{webhook}/resume",
    auth: "v2",
    shape: "v2",
    id: "webhook",
  },
  "POST api/v2/webhooks/[id]/rotate-secret": {
    url: "/api/v2/webhooks/{webhook}/rotate-secret",
    auth: "v2",
    shape: "v2",
    id: "webhook",
  },
  "GET api/v2/webhooks/[id]": { url: "/api/v2/webhooks/{webhook}", auth: "v2", shape: "v2", id: "webhook" },
  "PATCH api/v2/webhooks/[id]": {
    url: "/api/v2/webhooks/{webhook}",
    auth: "v2",
    shape: "v2",
    id: "webhook",
    body: { url: "https://93.184.216.34/hooks/inventory" },
  },
  "DELETE api/v2/webhooks/[id]": { url: "/api/v2/webhooks/{spare}", auth: "v2", shape: "v2", segment: "spare" },
  "POST api/v2/webhooks/[id]/test": {
    url: "/api/v2/webhooks/{webhook}/test",
    auth: "v2",
    shape: "v2",
    segment: "webhook",
  },
  "POST api/v2/webhooks": {
    url: "/api/v2/webhooks",
    auth: "v2",
    shape: "v2",
    body: { url: "https://93.184.216.34/hooks/inventory", events: ["request.created"] },
  },
  "GET api/v2/webhooks": { url: "/api/v2/webhooks", auth: "v2", shape: "v2", query: "cursor" },
};

/** The MCP tools (tools/list) and a valid argument object of each. */
const MCP_TOOLS: Record<string, { args: Record<string, unknown>; id?: "request" }> = {
  find_or_create_client: { args: { email: "ana@client.test", name: "Ana", company: "Co" } },
  list_catalog: { args: {} },
  list_accounts: { args: {} },
  create_request: {
    args: { clientId: "{client}", idempotencyKey: "inventory-1", thankYouMessage: "Thanks", requestedServices: {} },
  },
  get_request: { args: { requestId: "{request}" }, id: "request" },
  list_open_requests: { args: {} },
  cancel_request: { args: { requestId: "{request}" }, id: "request" },
  get_usage: { args: {} },
};

/**
 * The sign-in callbacks next-auth serves (/api/auth/callback/{provider}): the password form's
 * fields, and the query of each staff identity provider's redirect back (configured or not:
 * an unconfigured one must refuse as cleanly).
 */
const SIGN_IN: Record<string, { method: "POST" | "GET"; fields: Record<string, string> }> = {
  credentials: { method: "POST", fields: { email: "a@agency.test", password: "correct horse battery staple 42" } },
  google: { method: "GET", fields: { code: "c", state: "s" } },
  microsoft: { method: "GET", fields: { code: "c", state: "s" } },
  oidc: { method: "GET", fields: { code: "c", state: "s" } },
};

let server: Awaited<ReturnType<typeof startApiServer>>;
let key: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startApiServer();
  const a = await seedV2Agency({ platforms: ["meta", "google"] });
  key = a.key;
  ids.agency = a.agencyId;
  const client = await createClient({
    agencyId: a.agencyId,
    input: ZCreateClientBody.parse({ name: "Inventory Client", email: "inventory@client.test" }),
  });
  ids.client = client.id;
  const request = await createRequest({
    agencyId: a.agencyId,
    source: "api",
    input: ZCreateRequestBody.parse({
      clientId: client.id,
      requestedServices: {
        meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: a.accounts.meta! }] },
      },
      sendEmail: true,
    }),
  });
  ids.request = request.id;
  const db = await getDb();
  ids.token = requestLinkToken(
    await db.accessRequest.findUniqueOrThrow({ where: { id: request.id }, select: requestLinkTokenSelect }),
  );
  ids.email = (await db.email.findFirstOrThrow({ where: { agencyId: a.agencyId } })).id;
  const hook = { url: "https://93.184.216.34/hooks/inventory", events: ["request.created" as const] };
  ids.webhook = (await createWebhook({ agencyId: a.agencyId, input: hook })).webhook.id;
  ids.spare = (await createWebhook({ agencyId: a.agencyId, input: hook })).webhook.id;
  const user = await createUser({
    agencyId: a.agencyId,
    email: `inventory-${Date.now()}@agency.test`,
    password: "correct horse battery staple 42",
    emailVerified: true,
  });
  fake.session = { userId: user.id, agencyId: a.agencyId };
  fake.headers = new Headers({ [TAB_AGENCY_HEADER]: a.agencyId });
}, 60_000);
afterAll(() => server?.close());

/** The tree's route handlers: "METHOD dir" for each exported HTTP method of each app/**\/route.ts. */
async function routesInTree(): Promise<Map<string, { file: string; method: string }>> {
  const out = new Map<string, { file: string; method: string }>();
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : e.name === "route.ts" ? [full] : [];
    });
  for (const file of walk(path.resolve("app"))) {
    const mod = (await import(file)) as Record<string, unknown>;
    const dir = path.relative("app", path.dirname(file)).split(path.sep).join("/");
    for (const method of METHODS) if (typeof mod[method] === "function") out.set(`${method} ${dir}`, { file, method });
  }
  return out;
}

/** The tree's server actions: "file#name" for each exported function of each "use server" file. */
async function actionsInTree(): Promise<string[]> {
  const out: string[] = [];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === "node_modules" ? [] : walk(full);
      return /\.tsx?$/.test(e.name) && /^["']use server["']/.test(fs.readFileSync(full, "utf8")) ? [full] : [];
    });
  for (const file of ["app", "lib", "components"].flatMap((d) => walk(path.resolve(d)))) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, fn] of Object.entries(mod))
      if (typeof fn === "function") out.push(`${path.relative(".", file).split(path.sep).join("/")}#${name}`);
  }
  return out.sort();
}

const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_m, k: string) => ids[k] ?? `{${k}}`);
function fillDeep(v: unknown): unknown {
  if (typeof v === "string") return fill(v);
  if (Array.isArray(v)) return v.map(fillDeep);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [fill(k), fillDeep(x)]));
  return v;
}

/** Every way to put `value` into one string leaf of `sample`: [path, mutated sample]. */
function withInEachString(sample: unknown, value: string, at = ""): [string, unknown][] {
  if (typeof sample === "string") return [[at, value]];
  if (sample && typeof sample === "object" && !Array.isArray(sample))
    return Object.entries(sample).flatMap(([k, v]) =>
      withInEachString(v, value, at ? `${at}.${k}` : k).map(([p, m]): [string, unknown] => [p, { ...sample, [k]: m }]),
    );
  if (Array.isArray(sample))
    return sample.flatMap((v, i) =>
      withInEachString(v, value, `${at}[${i}]`).map(([p, m]): [string, unknown] => [
        p,
        sample.map((x, j) => (j === i ? m : x)),
      ]),
    );
  return [];
}

interface Sent {
  status: number;
  type: string;
  text: string;
  location: string | null;
}

/** Sends one request to a row's surface; a hang fails the test through the timeout. */
async function send(
  row: RouteRow,
  method: string,
  opts: { url?: string; body?: string | URLSearchParams; contentType?: string; file?: string } = {},
): Promise<Sent> {
  const url = opts.url ?? fill(row.url);
  const headers: Record<string, string> = { accept: "application/json" };
  if (row.auth === "v2") headers.authorization = `Bearer ${key}`;
  if (row.auth === "v1") headers["x-auth"] = key;
  if (row.auth === "dashboard") headers[TAB_AGENCY_HEADER] = ids.agency!;
  if (row.url.startsWith("/api/mcp")) headers.accept = "application/json, text/event-stream";
  if (opts.body !== undefined)
    headers["content-type"] =
      opts.contentType ??
      (opts.body instanceof URLSearchParams ? "application/x-www-form-urlencoded" : "application/json");
  const init: RequestInit = { method, headers, redirect: "manual", signal: AbortSignal.timeout(10_000) };
  if (opts.body !== undefined) init.body = opts.body;
  let res: Response;
  try {
    res = await call(url, method, init, opts.file);
  } catch (err) {
    // no answer within the limit (a hang) or a dropped connection: reported as status 0
    return { status: 0, type: "", text: `no answer: ${String(err)}`, location: null };
  }
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    text: await res.text(),
    location: res.headers.get("location"),
  };
}

async function call(url: string, method: string, init: RequestInit, file: string | undefined): Promise<Response> {
  let res: Response;
  const direct = file && (!url.startsWith("/api/") || url.startsWith("/api/auth/"));
  if (direct) {
    // the client pages (outside app/api) and next-auth (which reads NextRequest's nextUrl) are
    // called as Next.js calls them: the handler with a NextRequest and its params
    const mod = (await import(file)) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
    const segments = new URL(url, server.url).pathname.split("/").slice(1).map(decodeURIComponent);
    const params = url.startsWith("/api/auth/") ? { nextauth: segments.slice(2) } : { token: segments[1] ?? "" };
    res = await mod[method]!(new NextRequest(`${server.url}${url}`, init as never), {
      params: Promise.resolve(params),
    });
  } else res = await fetch(`${server.url}${url}`, init);
  return res;
}

/** The refusal is a 4xx (a redirect for a browser's surfaces) in the surface's shape. */
function expectRefusal(row: RouteRow, got: Sent, what: string) {
  const where = `${what}: ${got.status} ${got.text.slice(0, 300)}`;
  expect.soft(got.status, where).toBeGreaterThan(0);
  expect.soft(got.status, where).toBeLessThan(500);
  if (row.shape === "redirect") {
    expect.soft([302, 303, 307, 400, 404, 413], where).toContain(got.status);
    return;
  }
  expect.soft(got.status, where).toBeGreaterThanOrEqual(400);
  if (row.shape === "html") {
    expect.soft(got.type, where).toMatch(/text\/html/);
    return;
  }
  if (row.shape === "plain") return;
  const body = JSON.parse(got.text) as Record<string, unknown> & { error?: unknown; meta?: { requestId?: string } };
  if (row.shape === "v1") {
    expect.soft(body.error === true || body.status === "fail", where).toBe(true);
    expect.soft(typeof (body.msg ?? body.message), where).toBe("string");
    return;
  }
  if (row.shape === "json-rpc") {
    const rpc = body.error as { code?: unknown; message?: unknown; data?: { code?: unknown } } | undefined;
    expect.soft(body.jsonrpc, where).toBe("2.0");
    expect.soft(typeof rpc?.code, where).toBe("number");
    expect.soft(typeof rpc?.data?.code, where).toBe("string");
    return;
  }
  const error = body.error as { code?: string; message?: string };
  expect.soft(typeof error?.code, where).toBe("string");
  if (row.shape === "v2") {
    expect.soft(error.code, where).toMatch(/^[A-Z_]+$/);
    expect.soft(typeof error.message, where).toBe("string");
    expect.soft(body.meta?.requestId, where).toMatch(/^req_/);
  }
}

describe("the surface inventory", () => {
  it("lists every route handler of the tree, and nothing else", async () => {
    const tree = await routesInTree();
    const dirs = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.split(" ")[1]!))].sort();
    // every route file has its rows, and every row is a method its file exports
    expect(dirs(tree.keys())).toEqual(dirs(Object.keys(ROUTES)));
    expect(Object.keys(ROUTES).filter((k) => !tree.has(k))).toEqual([]);
  });

  it("answers the methods a route file exports only to refuse them with 405 in its shape", async () => {
    const tree = await routesInTree();
    for (const name of [...tree.keys()].filter((k) => !ROUTES[k])) {
      resetRateLimiters();
      const [method, dir] = name.split(" ") as [string, string];
      const row = Object.entries(ROUTES).find(([k]) => k.split(" ")[1] === dir)![1];
      const got = await send(row, method, { file: tree.get(name)!.file });
      expect(got.status, `${name}: ${got.text.slice(0, 200)}`).toBe(405);
      expectRefusal(row, got, name);
    }
  }, 60_000);

  it("takes a webhook id in upper case in the dashboard's rotate action, sealing under the stored id", async () => {
    const { rotateWebhookSecretAction } = await import("@/app/(dashboard)/dashboard/webhooks/webhook-actions");
    const r = await rotateWebhookSecretAction({ id: ids.webhook!.toUpperCase() });
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    const { secret } = (r as { data: { secret: string } }).data;
    const row = await (
      await getDb()
    ).webhookSecret.findFirstOrThrow({ where: { webhookId: ids.webhook!, expiresAt: null } });
    expect(openSecret(row.secretEncrypted, ids.webhook!)).toBe(secret);
  });

  it("lists every server action of the tree, and nothing else", async () => {
    const tree = await actionsInTree();
    expect(tree.length).toBeGreaterThan(50);
    expect(tree).toEqual(
      Object.entries(ACTIONS)
        .flatMap(([file, names]) => names.map((n) => `${file}#${n}`))
        .sort(),
    );
  });

  it("lists every MCP tool the endpoint serves, and nothing else", async () => {
    const got = await send(ROUTES["POST api/mcp"]!, "POST", {
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(got.status, got.text).toBe(200);
    const names = (rpcResult(got) as { tools: { name: string }[] }).tools.map((t) => t.name).sort();
    expect(names).toEqual(Object.keys(MCP_TOOLS).sort());
  });

  it("lists every sign-in callback next-auth serves: the password and each staff identity provider", () => {
    const ids = [...authOptions().providers.map((p) => p.id), ...STAFF_PROVIDERS];
    expect(ids.sort()).toEqual(Object.keys(SIGN_IN).sort());
  });
});

describe("every V2 route, its scope", () => {
  /** The document's operations as route rows: "METHOD api/v2/<dir>" → operationId. */
  function documentedOperations(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [p, item] of Object.entries(openApiDocument().paths ?? {}))
      for (const method of METHODS) {
        const op = (item as Record<string, { operationId?: string } | undefined>)[method.toLowerCase()];
        if (op?.operationId && op.operationId in OPERATION_SCOPES)
          out.set(`${method} api/v2${p.replace(/\{(\w+)\}/g, "[$1]")}`, op.operationId);
      }
    return out;
  }

  it("has one row in the scope table per documented operation, each served by a V2 route", async () => {
    const documented = documentedOperations();
    expect([...documented.values()].sort()).toEqual(Object.keys(OPERATION_SCOPES).sort());
    const tree = await routesInTree();
    for (const route of documented.keys()) expect(tree.has(route), route).toBe(true);
    // and every V2 route that takes a key is one of them (the catch-all and the root answer 404)
    const keyed = [...tree.keys()].filter(
      (k) => / api\/v2\//.test(k) && ROUTES[k]?.auth === "v2" && !k.endsWith("/[...path]"),
    );
    expect(keyed.filter((k) => !documented.has(k))).toEqual([]);
  });

  it("refuses a key without the table's scope and accepts one holding it, on every route", async () => {
    const agencyId = ids.agency!;
    for (const [route, operation] of documentedOperations()) {
      const [method] = route.split(" ") as [string];
      const row = ROUTES[route]!;
      const needed = scopesOf(operation as keyof typeof OPERATION_SCOPES);
      // a malformed body: a route that gets past the scope check refuses it and changes nothing
      const body = method === "GET" ? undefined : "{";
      const callWith = async (scopes: readonly (typeof API_SCOPES)[number][]) => {
        resetRateLimiters();
        const k = (await createApiKey({ agencyId, scopes: [...scopes] })).key;
        const res = await fetch(`${server.url}${fill(row.url)}`, {
          method,
          headers: { authorization: `Bearer ${k}`, "content-type": "application/json", "idempotency-key": "scope-k" },
          body,
        });
        return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
      };
      if (needed === null) {
        // any valid key: one holding a single unrelated scope
        const got = await callWith(["usage:read"]);
        expect(got.body.error?.code, route).not.toBe("CAPABILITY_REQUIRED");
        continue;
      }
      const without = await callWith(API_SCOPES.filter((s) => !needed.includes(s)));
      expect(without.status, route).toBe(403);
      expect(without.body.error?.code, route).toBe("CAPABILITY_REQUIRED");
      for (const scope of needed) expect(without.body.error?.message, route).toContain(scope);
      for (const scope of needed) {
        const got = await callWith([scope]);
        expect(got.body.error?.code, `${route} with ${scope}`).not.toBe("CAPABILITY_REQUIRED");
        expect(got.status, `${route} with ${scope}`).not.toBe(403);
      }
    }
  }, 60_000);
});

describe("every route handler, sent bad input", () => {
  it("answers a NUL, a 1 MB field and malformed JSON with a 4xx in its shape, never a 5xx or a hang", async () => {
    const tree = await routesInTree();
    for (const [name, row] of Object.entries(ROUTES)) {
      if (row.elsewhere) continue;
      resetRateLimiters();
      const [method] = name.split(" ") as [string];
      const file = tree.get(name)?.file;
      if (row.body) {
        const body = fillDeep(row.body);
        // HTML forms (the client pages', the identity picker) post form fields; the APIs take JSON
        const encode = (input: unknown) =>
          row.shape === "client-form" || row.shape === "redirect"
            ? new URLSearchParams(input as Record<string, string>)
            : JSON.stringify(input);
        for (const [field, input] of withInEachString(body, NUL))
          expectRefusal(row, await send(row, method, { body: encode(input), file }), `${name} NUL in ${field}`);
        for (const [field, input] of withInEachString(body, MEGABYTE))
          expectRefusal(row, await send(row, method, { body: encode(input), file }), `${name} 1 MB ${field}`);
        expectRefusal(row, await send(row, method, { body: '{"name": ', file }), `${name} malformed JSON`);
      } else if (row.query) {
        const url = `${fill(row.url)}?${row.query}=${encodeURIComponent(NUL)}`;
        expectRefusal(row, await send(row, method, { url, file }), `${name} NUL in ?${row.query}`);
      } else if (row.segment || row.id) {
        const value = ids[row.segment ?? row.id!]!;
        const url = fill(row.url).replace(value, encodeURIComponent(NUL));
        expectRefusal(row, await send(row, method, { url, file }), `${name} NUL in the path`);
      } else {
        // nothing the caller sends is read (or the route is a catch-all): never a 5xx
        const got = await send(row, method, { url: `${fill(row.url)}?x=${encodeURIComponent(NUL)}`, file });
        expect.soft(got.status, `${name}: ${got.status} ${got.text.slice(0, 200)}`).toBeGreaterThan(0);
        expect.soft(got.status, `${name}: ${got.status} ${got.text.slice(0, 200)}`).toBeLessThan(500);
        if (row.status) expect.soft(got.status, `${name}: ${got.text.slice(0, 200)}`).toBe(row.status);
        if (!row.inert) expectRefusal(row, got, `${name} unknown route`);
      }
    }
  }, 120_000);

  it("names the same object with its id in upper case as in the stored spelling", async () => {
    const tree = await routesInTree();
    for (const [name, row] of Object.entries(ROUTES)) {
      if (!row.id) continue;
      resetRateLimiters();
      const [method] = name.split(" ") as [string];
      const id = ids[row.id]!;
      const url = fill(row.url).replace(id, id.toUpperCase());
      const body = row.body ? JSON.stringify(fillDeep(row.body)) : undefined;
      const file = tree.get(name)?.file;
      const got = await send(row, method, { url, file, ...(body ? { body } : {}) });
      const where = `${name} upper case: ${got.status} ${got.text.slice(0, 200)}`;
      if (method === "GET") expect(got.status, where).toBe((await send(row, method, { file })).status);
      else expect(got.status, where).toBeLessThan(300);
    }
  }, 60_000);
});

/** Calls one MCP tool over the endpoint (stateless JSON-RPC); answers the HTTP answer. */
function mcpCall(name: string, args: unknown, raw?: string): Promise<Sent> {
  const body =
    raw ?? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });
  return send(ROUTES["POST api/mcp"]!, "POST", { body });
}

type ToolAnswer = {
  isError?: boolean;
  structuredContent?: { error?: { code: string; details?: { field?: string }[] } };
};

describe("every MCP tool, sent bad input", () => {
  it("refuses a NUL in each string argument as VALIDATION_FAILED naming it, never INTERNAL", async () => {
    for (const [name, tool] of Object.entries(MCP_TOOLS)) {
      resetRateLimiters();
      for (const [field, args] of withInEachString(fillDeep(tool.args), NUL)) {
        const got = await mcpCall(name, args);
        const where = `${name} NUL in ${field}: ${got.status} ${got.text.slice(0, 300)}`;
        expect(got.status, where).toBeLessThan(500);
        const answer = rpcResult(got) as ToolAnswer;
        expect(answer.isError, where).toBe(true);
        expect(answer.structuredContent?.error?.code, where).toBe("VALIDATION_FAILED");
        expect(
          answer.structuredContent?.error?.details?.map((d) => d.field),
          where,
        ).toContain(field);
      }
    }
  }, 60_000);

  it("refuses a 1 MB argument as the API does (413) and malformed JSON as a parse error (400)", async () => {
    for (const [name, tool] of Object.entries(MCP_TOOLS)) {
      resetRateLimiters();
      for (const [field, args] of withInEachString(fillDeep(tool.args), MEGABYTE)) {
        const got = await mcpCall(name, args);
        expect(got.status, `${name} 1 MB ${field}: ${got.text.slice(0, 200)}`).toBe(413);
      }
    }
    const malformed = await mcpCall("get_usage", null, '{"jsonrpc": "2.0", ');
    expect(malformed.status, malformed.text).toBe(400);
    expect((JSON.parse(malformed.text) as { error?: { code?: number } }).error?.code).toBe(-32700);
  }, 60_000);

  it("finds the same request by its id in upper case", async () => {
    const got = await mcpCall("get_request", { requestId: ids.request!.toUpperCase() });
    const answer = rpcResult(got) as ToolAnswer;
    expect(answer.isError, got.text.slice(0, 300)).toBeFalsy();
  });
});

describe("every sign-in callback, sent bad input", () => {
  // next-auth's core handler, what its route hands every request to (not in its package exports)
  const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
    AuthHandler: (p: { req: Record<string, unknown>; options: unknown }) => Promise<{
      status?: number;
      body?: Record<string, unknown>;
      redirect?: string;
      cookies?: { name: string; value: string }[];
    }>;
  };

  it("names the problem for a NUL or 1 MB in each field in the sign-in page's error, never the database's", async () => {
    const jar: Record<string, string> = {};
    const headers = { host: "localhost:3999" };
    const csrf = await AuthHandler({
      req: { action: "csrf", method: "GET", query: {}, cookies: {}, headers },
      options: authOptions(),
    });
    for (const c of csrf.cookies ?? []) jar[c.name] = c.value;
    for (const [provider, { method, fields }] of Object.entries(SIGN_IN)) {
      for (const value of [NUL, MEGABYTE]) {
        for (const [field, input] of withInEachString(fields, value)) {
          resetRateLimiters();
          const sent = input as Record<string, string>;
          const res = await AuthHandler({
            req: {
              action: "callback",
              providerId: provider,
              method,
              body: method === "POST" ? { ...sent, csrfToken: String(csrf.body!.csrfToken) } : {},
              query: method === "GET" ? sent : {},
              cookies: { ...jar },
              headers,
            },
            options: authOptions(),
          });
          const where = `${provider} ${field} ${value.length}: ${JSON.stringify(res).slice(0, 300)}`;
          expect(res.status ?? 302, where).toBeLessThan(500);
          // a redirect to the sign-in page naming the error, or next-auth's own 4xx for a
          // provider that is not configured here
          if (res.redirect) expect(res.redirect, where).toMatch(/[?&]error=[A-Za-z-]+/);
          else expect(res.status, where).toBeGreaterThanOrEqual(400);
          expect(res.redirect ?? "", where).not.toMatch(/prisma|invalid byte|22021/i);
        }
      }
    }
  }, 60_000);
});

function rpcResult(got: Sent): unknown {
  // the streamable HTTP transport may answer as JSON or as one SSE event
  const json = got.type.includes("text/event-stream")
    ? got.text
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5))
        .join("")
    : got.text;
  const msg = JSON.parse(json) as { result?: unknown; error?: unknown };
  return msg.result ?? msg;
}

/** The server actions, by file: what each "use server" file exports. */
const ACTIONS: Record<string, string[]> = {
  "app/(auth)/join/[token]/join-actions.ts": ["acceptInviteAction"],
  "app/(auth)/login/resend-verification-actions.ts": ["resendVerificationAction"],
  "app/(auth)/signup/sign-up-actions.ts": ["signUpAction"],
  "app/(dashboard)/dashboard/accounts/account-actions.ts": [
    "connectAccountAction",
    "disconnectAccountAction",
    "listAgencyPeopleAction",
    "setAssigneesAction",
  ],
  "app/(dashboard)/dashboard/api-keys/api-key-actions.ts": ["createApiKeyAction", "revokeApiKeyAction"],
  "app/(dashboard)/dashboard/branding/branding-actions.ts": ["updateBrandingAction"],
  "app/(dashboard)/dashboard/clients/access-actions.ts": [
    "askAgainAction",
    "checkAccessNowAction",
    "confirmChecklistRemovalAction",
    "removeClientAccessAction",
    "sendRemovalLinkAction",
    "setAccessCheckScheduleAction",
  ],
  "app/(dashboard)/dashboard/clients/client-actions.ts": [
    "addClientNoteAction",
    "createClientAction",
    "deleteClientAction",
    "deleteProspectAction",
    "updateClientAction",
  ],
  "app/(dashboard)/dashboard/demo-actions.ts": ["removeDemoDataAction"],
  "app/(dashboard)/dashboard/home-actions.ts": ["dismissChecklistAction", "sendReminderAction"],
  "app/(dashboard)/dashboard/instance/platforms/platform-actions.ts": [
    "savePlatformCredentialsAction",
    "setPlatformSwitchesAction",
    "verifyPlatformAction",
  ],
  "app/(dashboard)/dashboard/instance/platforms/staff-sign-in-actions.ts": [
    "saveStaffProviderAction",
    "verifyStaffProviderAction",
  ],
  "app/(dashboard)/dashboard/intake/intake-actions.ts": [
    "addIntakeQuestionAction",
    "moveIntakeQuestionAction",
    "removeIntakeQuestionAction",
    "setIntakeEnabledAction",
    "updateIntakeQuestionAction",
  ],
  "app/(dashboard)/dashboard/notifications/notification-actions.ts": [
    "markReadAction",
    "savePreferencesAction",
    "saveSlackAction",
    "saveTeamsAction",
    "testTeamsAction",
  ],
  "app/(dashboard)/dashboard/reminders/reminder-actions.ts": ["updateReminderSettingsAction"],
  "app/(dashboard)/dashboard/requests/request-actions.ts": [
    "acceptInvitationAction",
    "createRequestAction",
    "editRequestAction",
    "previewAsClientAction",
    "previewExistingRequestAction",
    "requestAgencyAction",
  ],
  "app/(dashboard)/dashboard/security/security-actions.ts": [
    "beginTwoFactorAction",
    "changePasswordAction",
    "confirmTwoFactorAction",
    "disableTwoFactorAction",
    "requireTeamTwoFactorAction",
  ],
  "app/(dashboard)/dashboard/security/sso-domain-actions.ts": [
    "checkDomainTxtAction",
    "claimDomainAction",
    "claimDomainByDnsAction",
    "confirmDomainAction",
    "removeDomainAction",
    "setDomainPolicyAction",
  ],
  "app/(dashboard)/dashboard/static-link/static-link-actions.ts": [
    "regenerateStaticLinkAction",
    "updateStaticLinkAction",
  ],
  "app/(dashboard)/dashboard/team/team-actions.ts": [
    "changeRoleAction",
    "createInviteAction",
    "removeMemberAction",
    "revokeInviteAction",
  ],
  "app/(dashboard)/dashboard/usage/usage-actions.ts": ["changePlanAction"],
  "app/(dashboard)/dashboard/verify-email-actions.ts": ["resendMyVerificationAction"],
  "app/(dashboard)/dashboard/webhooks/webhook-actions.ts": [
    "createWebhookAction",
    "deleteWebhookAction",
    "pauseWebhookAction",
    "resumeWebhookAction",
    "rotateWebhookSecretAction",
    "sendTestEventAction",
    "updateWebhookAction",
  ],
};
