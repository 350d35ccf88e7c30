// Property-based run of the API against its own OpenAPI document (what Schemathesis does):
// requests generated with fast-check from the document's schemas for every operation, sent
// over real HTTP, with 200 cases in all. Every answer must be below 500, one of the
// operation's documented statuses, match that response's schema (ajv, JSON Schema 2020-12),
// and an error's code must be one the document lists for that status: a schema-valid request
// is accepted or refused for a documented reason.
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { call, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { schemaArbitrary } from "@/test/support/schema-arbitrary";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { openApiDocument } from "@/lib/surfaces/v2/openapi/openapi-document";
import { listCatalog } from "@/lib/core/catalog/catalog";

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; schema: Schema; required?: boolean }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: Schema } } }>;
}

const TOTAL_CASES = 200;
let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
const ids = { clients: [] as string[], requests: [] as string[], webhooks: [] as string[] };

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta", "google"] });
  const api = (method: string, path: string, body?: unknown) => call(server.url, a.key, method, path, { body });
  const client = await api("POST", "/clients", { name: "Seed", email: "seed@example.com" });
  ids.clients.push(client.body.data.id);
  const request = await api("POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] },
    },
  });
  ids.requests.push(request.body.data.id);
  const hook = await api("POST", "/webhooks", { url: "http://127.0.0.1:9/hook", events: ["*"] });
  ids.webhooks.push(hook.body.data.id);
});
afterAll(() => server.close());

it(`answers ${TOTAL_CASES} generated requests without a 5xx, each as its document says`, async () => {
  const doc = JSON.parse(JSON.stringify(openApiDocument())) as Schema;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ components: doc.components }, "doc");
  const validate = (schema: Schema) =>
    ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')));

  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item))
      if (path !== "/openapi.json") operations.push({ ...op, method: method.toUpperCase(), path });
  }
  const serviceIds = listCatalog().map((s) => s.id);
  const overrides: Record<string, fc.Arbitrary<unknown>> = {
    clientId: fc.oneof(fc.constantFrom(...ids.clients), fc.uuid()),
    internalAccountId: fc.oneof(fc.constantFrom(...Object.values(a.accounts)), fc.string({ maxLength: 10 })),
    // Loopback or literal addresses only: a generated host name would be looked up in DNS.
    url: fc.constantFrom(
      "http://127.0.0.1:9/hook",
      "https://127.0.0.1/hook",
      "https://10.0.0.1/x",
      "http://[::1]:9/x",
      "ftp://127.0.0.1/x",
    ),
  };
  const idOf = (path: string) =>
    fc.oneof(
      fc.constantFrom(
        ...(path.startsWith("/clients") ? ids.clients : path.startsWith("/requests") ? ids.requests : ids.webhooks),
      ),
      fc.uuid(),
    );

  const perOperation = Math.floor(TOTAL_CASES / operations.length);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const op of operations) {
    const params = op.parameters ?? [];
    const query = fc.record(
      Object.fromEntries(
        params.filter((p) => p.in === "query").map((p) => [p.name, schemaArbitrary(doc, p.schema, overrides, p.name)]),
      ),
      {
        requiredKeys: [],
      },
    );
    const bodySchema = op.requestBody?.content["application/json"].schema;
    let body: fc.Arbitrary<unknown> = fc.constant(undefined);
    if (bodySchema) {
      const resolved = bodySchema.$ref ? doc : bodySchema;
      const services = (resolved.properties as Record<string, Schema> | undefined)?.requestedServices;
      const local = services
        ? {
            ...overrides,
            requestedServices: fc.dictionary(
              fc.constantFrom(...serviceIds, "no_such_service"),
              schemaArbitrary(doc, services.additionalProperties as Schema, overrides, "requestedServices.*"),
              { maxKeys: 2 },
            ),
          }
        : overrides;
      body = schemaArbitrary(doc, bodySchema, local);
    }
    const idempotencyKey = params.find((p) => p.name === "Idempotency-Key");
    const key = idempotencyKey ? schemaArbitrary(doc, idempotencyKey.schema) : fc.constant(null);
    const id = op.path.includes("{id}") ? idOf(op.path) : fc.constant("");

    await fc.assert(
      fc.asyncProperty(query, body, key, id, async (q, b, k, pathId) => {
        resetRateLimiters();
        const search = new URLSearchParams(
          Object.entries(q as Record<string, unknown>).map(([n, v]) => [n, String(v)]),
        ).toString();
        const path = op.path.replace("{id}", String(pathId)) + (search ? `?${search}` : "");
        const res = await call(server.url, a.key, op.method, path, { body: b, idempotencyKey: k as string | null });
        const label = `${op.method} ${path} ${JSON.stringify(b)?.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const documented = op.responses[String(res.status)];
        if (res.status >= 500 || !documented) return void failures.push(`undocumented or 5xx: ${label}`);
        const schema = documented.content?.["application/json"].schema;
        if (schema) {
          const check = validate(schema);
          if (!check(res.body)) return void failures.push(`schema mismatch ${ajv.errorsText(check.errors)}: ${label}`);
        }
        if (res.status >= 400 && !documented.description.includes(`\`${res.body.error.code}\``))
          failures.push(`code not documented for ${res.status}: ${label}`);
      }),
      { numRuns: perOperation, seed: 20261123, endOnFailure: true },
    );
  }
  expect(failures).toEqual([]);
  // The run reached the handlers, not only the validation: successes and refusals both.
  const count = (from: number, to: number) =>
    [...statuses].filter(([s]) => s >= from && s < to).reduce((n, [, c]) => n + c, 0);
  expect(count(200, 300), JSON.stringify([...statuses])).toBeGreaterThan(TOTAL_CASES / 5);
  expect(count(400, 500)).toBeGreaterThan(TOTAL_CASES / 5);
});
