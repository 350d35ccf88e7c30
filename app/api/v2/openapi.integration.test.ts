// The OpenAPI document: valid OpenAPI 3.1 (swagger-parser), served without authentication,
// every route the app serves under /api/v2 documented and every documented route served,
// the documented scopes enforced as written, and real responses of every operation
// conforming to the documented schemas.
import fs from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import {
  call,
  expectError,
  expectOk,
  seedV2Agency,
  type ApiResponse,
  type SeededV2Agency,
} from "@/test/support/v2-fixtures";
import { openApiDocument } from "@/lib/surfaces/v2/openapi/openapi-document";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { API_SCOPES, type ApiScope } from "@/lib/core/auth/scopes";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";

type Json = Record<string, unknown>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const V2_DIR = path.resolve(import.meta.dirname);
const ID = "00000000-0000-4000-8000-000000000000";

let server: Awaited<ReturnType<typeof startApiServer>>;
let receiver: WebhookReceiver;
const doc = openApiDocument() as unknown as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};

beforeAll(async () => {
  server = await startApiServer();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});
// many calls per agency within a minute: the rate limit has its own test (errors-and-limits)
beforeEach(() => resetRateLimiters());

/** Route files under app/api/v2 as OpenAPI paths ("/clients/{id}"), catch-alls left out. */
function routeFiles(dir = V2_DIR, rel: string[] = []): { file: string; path: string }[] {
  const out: { file: string; path: string }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...routeFiles(path.join(dir, entry.name), [...rel, entry.name]));
    else if (entry.name === "route.ts" && !rel.some((s) => s.startsWith("[..."))) {
      out.push({
        file: path.join(dir, entry.name),
        path: `/${rel.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`,
      });
    }
  }
  return out;
}

/**
 * The (method, path) pairs the app serves: every exported method handler that, called
 * without a key, does not answer 405 (an `otherMethods` stub) or 404 (not an endpoint).
 */
async function servedOperations(): Promise<string[]> {
  const served: string[] = [];
  for (const route of routeFiles()) {
    const mod = (await import(route.file)) as Record<string, (req: Request, ctx: unknown) => Promise<Response>>;
    const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], ID]));
    for (const method of METHODS) {
      const handler = mod[method];
      if (!handler) continue;
      const url = `http://127.0.0.1/api/v2${route.path.replace(/\{\w+\}/g, ID)}`;
      const res = await handler(new Request(url, { method }), { params: Promise.resolve(params) });
      if (res.status !== 405 && res.status !== 404) served.push(`${method} ${route.path}`);
    }
  }
  return served.sort();
}

function documentedOperations(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
    .sort();
}

function operation(method: string, p: string) {
  const op = doc.paths[p]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${p} is not documented`);
  return op as {
    responses: Record<string, { content?: { "application/json": { schema: Json } } }>;
    "x-required-scope": string | string[] | null;
    security: Json[];
    operationId: string;
    parameters?: Json[];
  };
}

// A validator for the JSON Schema keywords the generated document uses; enough to check
// that real responses match the documented shapes without another dependency.
function violations(schema: Json, value: unknown, at = "$"): string[] {
  if (typeof schema.$ref === "string")
    return violations(doc.components.schemas[schema.$ref.split("/").pop()!]!, value, at);
  const errs: string[] = [];
  const types = schema.type === undefined ? undefined : ([] as string[]).concat(schema.type as string | string[]);
  const actual =
    value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  if (types && !types.includes(actual) && !(actual === "integer" && types.includes("number")))
    return [`${at}: ${actual} is not ${types.join("|")}`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    errs.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === "string") {
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength)
      errs.push(`${at}: longer than ${schema.maxLength}`);
    if (typeof schema.minLength === "number" && value.length < schema.minLength)
      errs.push(`${at}: shorter than ${schema.minLength}`);
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern).test(value))
      errs.push(`${at}: does not match ${schema.pattern}`);
    if (schema.format === "uuid" && !/^[0-9a-f-]{36}$/i.test(value)) errs.push(`${at}: not a uuid`);
    if (schema.format === "date-time" && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value))
      errs.push(`${at}: not a date-time`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) errs.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) errs.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items)
    value.forEach((v, i) => errs.push(...violations(schema.items as Json, v, `${at}[${i}]`)));
  if (actual === "object") {
    const obj = value as Json;
    const props = (schema.properties ?? {}) as Record<string, Json>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) errs.push(`${at}.${r}: required`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errs.push(...violations(props[k], v, `${at}.${k}`));
      else if (schema.additionalProperties === undefined || schema.additionalProperties === false)
        errs.push(`${at}.${k}: not documented`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === "object")
        errs.push(...violations(schema.additionalProperties as Json, v, `${at}.${k}`));
    }
  }
  return errs;
}

/** Asserts the response is one the operation documents, with a body matching its schema. */
function conforms(method: string, p: string, res: ApiResponse) {
  const response = operation(method, p).responses[String(res.status)];
  expect(response, `${method} ${p} does not document ${res.status}: ${res.text}`).toBeDefined();
  const schema = response!.content?.["application/json"]?.schema;
  expect(schema, `${method} ${p} ${res.status} has no JSON schema`).toBeDefined();
  expect(violations(schema!, res.body), `${method} ${p} ${res.status}`).toEqual([]);
  return res;
}

describe("the document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as { openapi: string }).openapi).toBe("3.1.0");
    const ids = documentedOperations().map((o) => operation(o.split(" ")[0]!, o.split(" ")[1]!).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents every route the app serves under /api/v2, and every documented route is served", async () => {
    const served = await servedOperations();
    expect(served.length).toBeGreaterThanOrEqual(23);
    expect(documentedOperations()).toEqual(served);
  });

  it("is served at GET /api/v2/openapi.json without authentication, the same document every time", async () => {
    const res = await fetch(`${server.url}/api/v2/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(await (await fetch(`${server.url}/api/v2/openapi.json`)).text()).toBe(JSON.stringify(body));
    const post = await call(server.url, "", "POST", "/openapi.json", { key: null, body: {} });
    expectError(post, 405, "METHOD_NOT_ALLOWED");
  });

  it("documents, for every authenticated operation, the bearer scheme, its scope, 401, 403, 429 and 500", () => {
    for (const o of documentedOperations()) {
      const [method, p] = o.split(" ") as [string, string];
      if (p === "/openapi.json") continue;
      const op = operation(method, p);
      const scope = op["x-required-scope"];
      // a list of scopes: any one suffices, one alternative requirement each
      expect(op.security, o).toEqual(
        Array.isArray(scope) ? scope.map((s) => ({ apiKey: [s] })) : [{ apiKey: scope ? [scope] : [] }],
      );
      for (const status of ["401", "403", "429", "500"]) expect(op.responses[status], `${o} ${status}`).toBeDefined();
      if (p.includes("{id}")) expect(op.responses["404"], o).toBeDefined();
      if (method === "POST" && ["/clients", "/requests", "/webhooks"].includes(p)) {
        expect(
          op.parameters?.some((x) => x.in === "header" && x.name === "Idempotency-Key" && x.required === true),
          o,
        ).toBe(true);
        expect(op.responses["409"], o).toBeDefined();
      }
    }
    expect(operation("GET", "/accounts")["x-required-scope"]).toEqual(["requests:create", "accounts:read"]);
    expect(operation("GET", "/services")["x-required-scope"]).toBeNull();
    expect(operation("GET", "/me")["x-required-scope"]).toBeNull();
    expect(operation("GET", "/webhooks")["x-required-scope"]).toBe("webhooks:read");
    expect(operation("POST", "/webhooks")["x-required-scope"]).toBe("webhooks:write");
  });
});

describe("rules the document states and the API enforces", () => {
  const ajv = new Ajv2020({ strict: false });

  it("POST /requests needs a service or the intake form: the body schema refuses neither, as the API does", async () => {
    const op = operation("POST", "/requests") as unknown as {
      requestBody: { content: Record<string, { schema: Json }> };
    };
    const body = op.requestBody.content["application/json"]!.schema;
    const valid = ajv.compile(body);
    expect(valid({ clientId: ID })).toBe(false);
    expect(valid({ clientId: ID, requestedServices: {} })).toBe(false);
    expect(valid({ clientId: ID, intakeForm: { requested: false } })).toBe(false);
    expect(valid({ clientId: ID, requestedServices: { meta_ads: {} } })).toBe(true);
    expect(valid({ clientId: ID, intakeForm: { requested: true } })).toBe(true);

    const a = await seedV2Agency({ platforms: ["meta"] });
    const client = expectOk(
      await call(server.url, a.key, "POST", "/clients", { body: { name: "R", email: "r@example.com" } }),
      201,
    );
    const res = await call(server.url, a.key, "POST", "/requests", { body: { clientId: client.id } });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(res.body.error.details.map((d: { field?: string }) => d.field)).toContain("requestedServices");
  });

  it("query parameters refuse control characters: the document's pattern and the API agree", async () => {
    const email = (operation("GET", "/clients").parameters as { name: string; schema: Json }[]).find(
      (p) => p.name === "email",
    )!;
    const valid = ajv.compile(email.schema);
    expect(valid("a@example.com")).toBe(true);
    for (const bad of ["a\u0000b", "a\nb", "a\u007fb", "\u001f"]) expect(valid(bad), JSON.stringify(bad)).toBe(false);
    const a = await seedV2Agency({ platforms: ["meta"] });
    for (const bad of ["%00", "a%0Ab", "%7F"]) {
      const res = await call(server.url, a.key, "GET", `/clients?email=${bad}`);
      expectError(res, 400, "VALIDATION_FAILED");
      expect(res.body.error.details[0].field).toBe("email");
    }
  });

  it("webhook entries need no API key (security: [])", () => {
    const webhooks = (openApiDocument() as unknown as { webhooks: Record<string, { post: Json }> }).webhooks;
    expect(Object.keys(webhooks).length).toBeGreaterThan(0);
    for (const [type, item] of Object.entries(webhooks)) expect(item.post.security, type).toEqual([]);
  });
});

describe("the documented scopes are the enforced scopes", () => {
  it("a key with every scope but the documented one is refused; a key with only that one is not", async () => {
    const a = await seedV2Agency({ platforms: [] });
    const keys = new Map<string, string>();
    const keyWith = async (scopes: ApiScope[]) => {
      const name = scopes.join(",");
      if (!keys.has(name)) keys.set(name, (await createApiKey({ agencyId: a.agencyId, scopes })).key);
      return keys.get(name)!;
    };
    for (const o of documentedOperations()) {
      const [method, p] = o.split(" ") as [string, string];
      if (p === "/openapi.json") continue;
      const documented = operation(method, p)["x-required-scope"] as ApiScope | ApiScope[] | null;
      const anyOf = documented === null ? [] : Array.isArray(documented) ? documented : [documented];
      const url = p.replace("{id}", ID);
      const body = method === "GET" ? undefined : {};
      if (anyOf.length) {
        const without = await call(
          server.url,
          await keyWith(API_SCOPES.filter((s) => !anyOf.includes(s))),
          method,
          url,
          { body },
        );
        const message = expectError(without, 403, "CAPABILITY_REQUIRED").message;
        for (const s of anyOf) expect(message, o).toContain(s);
      }
      for (const scope of anyOf.length
        ? anyOf
        : ([method === "GET" && p === "/me" ? "usage:read" : "requests:update"] as ApiScope[])) {
        const only = await call(server.url, await keyWith([scope]), method, url, { body });
        expect(only.body?.error?.code, `${o} with ${scope}: ${only.text}`).not.toBe("CAPABILITY_REQUIRED");
      }
    }
  });
});

describe("real responses match the documented schemas", () => {
  let a: SeededV2Agency;
  const api = (method: string, p: string, opts?: Parameters<typeof call>[4]) =>
    call(server.url, a.key, method, p, opts);

  beforeAll(async () => {
    a = await seedV2Agency({ platforms: ["meta", "google"] });
  });

  it("(the checker itself catches missing, extra and mistyped fields)", async () => {
    const me = expectOk(await api("GET", "/me"));
    const schema = operation("GET", "/me").responses["200"]!.content!["application/json"].schema;
    expect(violations(schema, { data: me, meta: { requestId: "req_x" } })).toEqual([]);
    expect(violations(schema, { data: { ...me, extra: 1 }, meta: { requestId: "req_x" } })).toEqual([
      "$.data.extra: not documented",
    ]);
    expect(violations(schema, { data: { agency: me.agency }, meta: { requestId: "x" } })).toHaveLength(2);
    expect(
      violations(schema, { data: { ...me, agency: { id: 1, name: null } }, meta: { requestId: "req_x" } }),
    ).toHaveLength(2);
  });

  it("for every operation's success and typical failures", async () => {
    conforms("GET", "/me", await api("GET", "/me"));
    conforms("GET", "/services", await api("GET", "/services"));
    conforms("GET", "/accounts", await api("GET", "/accounts"));
    conforms("GET", "/usage", await api("GET", "/usage"));

    const c = expectOk(
      conforms(
        "POST",
        "/clients",
        await api("POST", "/clients", {
          body: { name: "N", email: "n@example.com", metadata: { k: "v" }, externalClientId: "oa-1" },
        }),
      ),
      201,
    );
    conforms(
      "POST",
      "/clients",
      await api("POST", "/clients", { body: { name: "N", email: "n@example.com", externalClientId: "oa-1" } }),
    );
    conforms("POST", "/clients", await api("POST", "/clients", { body: { name: 1 } }));
    conforms(
      "POST",
      "/clients",
      await api("POST", "/clients", { rawBody: "x", headers: { "content-type": "text/plain" } }),
    );
    conforms("GET", "/clients", await api("GET", "/clients?limit=1"));
    conforms("GET", "/clients/{id}", await api("GET", `/clients/${c.id}`));
    conforms("GET", "/clients/{id}", await api("GET", `/clients/${ID}`));
    conforms(
      "PATCH",
      "/clients/{id}",
      await api("PATCH", `/clients/${c.id}`, { body: { company: "Co", website: "" } }),
    );
    conforms("PATCH", "/clients/{id}", await api("PATCH", `/clients/${c.id}`, { body: { externalClientId: "oa-2" } }));

    const body = {
      clientId: c.id,
      requestedServices: {
        meta_ads: {
          accessLevel: "admin",
          optional: true,
          requestedAccountLinks: [{ internalAccountId: a.accounts.meta, businessManagerId: "bm" }],
        },
        google_ads_mcc: { requestedAccountLinks: [{ internalAccountId: a.accounts.google, adsMccAccountId: "1" }] },
      },
      thankYouMessage: "t",
      redirectUrl: "https://x.example",
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const r = expectOk(conforms("POST", "/requests", await api("POST", "/requests", { body })), 201);
    await applyRequestAction({
      agencyId: a.agencyId,
      requestId: r.id,
      action: { kind: "grant", serviceId: "meta_ads" },
      grantedAssets: [{ id: "1", name: null, accessLevel: "admin" }],
    });
    conforms("GET", "/requests", await api("GET", "/requests?limit=1"));
    conforms("GET", "/requests/{id}", await api("GET", `/requests/${r.id}`));
    conforms("POST", "/requests/{id}/cancel", await api("POST", `/requests/${r.id}/cancel`));
    conforms("POST", "/requests/{id}/cancel", await api("POST", `/requests/${ID}/cancel`));

    const hook = expectOk(
      conforms(
        "POST",
        "/webhooks",
        await api("POST", "/webhooks", { body: { url: receiver.url("/oa"), events: ["*"] } }),
      ),
      201,
    );
    conforms("GET", "/webhooks", await api("GET", "/webhooks"));
    conforms("GET", "/webhooks/{id}", await api("GET", `/webhooks/${hook.id}`));
    conforms(
      "PATCH",
      "/webhooks/{id}",
      await api("PATCH", `/webhooks/${hook.id}`, { body: { events: ["request.created"] } }),
    );
    conforms("POST", "/webhooks/{id}/pause", await api("POST", `/webhooks/${hook.id}/pause`));
    conforms("POST", "/webhooks/{id}/resume", await api("POST", `/webhooks/${hook.id}/resume`));
    conforms("POST", "/webhooks/{id}/rotate-secret", await api("POST", `/webhooks/${hook.id}/rotate-secret`));
    conforms("POST", "/webhooks/{id}/test", await api("POST", `/webhooks/${hook.id}/test`));
    conforms("GET", "/webhooks/{id}/deliveries", await api("GET", `/webhooks/${hook.id}/deliveries`));
    conforms("DELETE", "/webhooks/{id}", await api("DELETE", `/webhooks/${hook.id}`));
    conforms("GET", "/webhooks/{id}", await api("GET", `/webhooks/${hook.id}`));
  });
});
