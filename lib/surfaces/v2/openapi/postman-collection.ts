// A Postman collection (v2.1, also imported by Bruno and Insomnia) built from the published
// OpenAPI document, and its environment file. One folder per tag, one request per operation
// with the bearer key, a fresh Idempotency-Key on creates and an example body of the required
// fields. It runs as a flow, top to bottom (newman, or Postman's runner): the folders go in the
// order a first integration takes (account, catalog, clients, requests, webhooks; deletes
// last), each create leaves its id in a collection variable (`clientId`, `requestId`,
// `webhookId`) that the requests after it use as their path `id`, the catalog's answers choose
// a service the agency can request, and every request tests its status, the envelope and the
// answer's fields. `npm run collection` writes both files to api-collection/.
import type { OpenAPIObject } from "openapi3-ts/oas31";

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { in: string; name: string; description?: string; schema?: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses?: Record<string, { content?: { "application/json"?: { schema: Schema } } }>;
}

function resolve(doc: OpenAPIObject, schema: Schema): Schema {
  if (typeof schema.$ref !== "string") return schema;
  return schema.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, key) => (node as Schema)[key], doc) as Schema;
}

/** A small example value: required properties only, the first enum value, a placeholder per format. */
function example(doc: OpenAPIObject, raw: Schema, name = ""): unknown {
  const schema = resolve(doc, raw);
  if ("example" in schema) return schema.example;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = Object.entries((schema.properties as Record<string, Schema>) ?? {});
      const required = new Set((schema.required as string[]) ?? []);
      // an update that needs at least one field gets the first one
      const chosen = properties.filter(([k]) => required.has(k));
      if (chosen.length === 0 && (schema.minProperties as number) > 0 && properties[0]) chosen.push(properties[0]);
      return Object.fromEntries(chosen.map(([k, v]) => [k, example(doc, v, k)]));
    }
    case "array": {
      const items = (schema.items as Schema) ?? {};
      return Array.isArray(items.enum)
        ? [(items.enum as unknown[])[0]]
        : (schema.minItems as number) > 0
          ? [example(doc, items, name)]
          : [];
    }
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    case "string":
      if (schema.format === "uuid") return `{{${name}}}`;
      if (schema.format === "uri") return name === "url" ? "{{webhookUrl}}" : "https://example.com/done";
      if (schema.format === "date-time") return "2030-01-01T00:00:00.000Z";
      if (name === "email") return "client@example.com";
      return name ? `<${name}>` : "<text>";
    default:
      return null;
  }
}

/** The folders in the order a first integration takes; a tag not listed goes last. */
const FLOW = ["Account", "Catalog", "Clients", "Requests", "Webhooks", "Meta"];

/** The collection variable a path `id` takes: /clients/{id} → clientId (set by "Create a client"). */
function idVariable(path: string): string {
  return `${path.split("/")[1]!.replace(/s$/, "")}Id`;
}

/** What an answer leaves in collection variables for the requests after it (`body` is its JSON). */
const CAPTURES: Record<string, string[]> = {
  createClient: ['pm.collectionVariables.set("clientId", body.data.id);'],
  createRequest: ['pm.collectionVariables.set("requestId", body.data.id);'],
  createWebhook: ['pm.collectionVariables.set("webhookId", body.data.id);'],
  // a connected account that can receive a service, for "Create an access request"
  listAccounts: [
    'const account = body.data.find((a) => a.status === "connected" && a.services.length > 0);',
    'pm.test("a connected account can receive access (else connect one on the dashboard)", () => pm.expect(account).to.be.an("object"));',
    "if (account) {",
    '  pm.collectionVariables.set("internalAccountId", account.internalAccountId);',
    '  pm.collectionVariables.set("accountServices", JSON.stringify(account.services));',
    "}",
  ],
  // one of that account's services needing no extra link fields, with its first role
  listServices: [
    'const offered = JSON.parse(pm.collectionVariables.get("accountServices") || "[]");',
    "const service = body.data.find((s) => offered.includes(s.id) && s.accountLinkFields.every((f) => !f.required && !f.requiredWhen));",
    'pm.test("a service the account can receive", () => pm.expect(service).to.be.an("object"));',
    "if (service) {",
    '  const link = { internalAccountId: pm.collectionVariables.get("internalAccountId") };',
    "  const wanted = service.roles.length ? { accessLevel: service.roles[0].value } : {};",
    '  pm.collectionVariables.set("requestedServices", JSON.stringify({ [service.id]: { ...wanted, requestedAccountLinks: [link] } }));',
    "}",
  ],
};

/**
 * The webhook folder needs a receiver the instance can reach (its URL must resolve to a public
 * address, and the test delivery is sent to it). Without `webhookUrl` the folder's requests are
 * skipped (Postman's `pm.execution.skipRequest()`, in a folder's pre-request script it applies to
 * each request of the folder: https://learning.postman.com/docs/tests-and-scripts/write-scripts/postman-sandbox-reference/pm-execution/),
 * so a first run without one passes instead of failing every assertion of the folder.
 */
const FOLDER_PREREQUEST: Record<string, string[]> = {
  Webhooks: [
    'if (!pm.variables.get("webhookUrl")) {',
    '  console.log("webhookUrl is not set: skipping " + pm.info.requestName + " (set it to a receiver of yours to run the webhook folder).");',
    "  pm.execution.skipRequest();",
    "}",
  ],
};

/** Bodies the flow fills from earlier answers instead of the schema's example. */
const BODIES: Record<string, string> = {
  createRequest: '{\n  "clientId": "{{clientId}}",\n  "requestedServices": {{requestedServices}}\n}',
};

/** The first 2xx status of an operation and the schema of its JSON answer. */
function success(op: Operation): { status: number; schema: Schema } {
  const [status, response] = Object.entries(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code))!;
  return { status: Number(status), schema: response.content?.["application/json"]?.schema ?? {} };
}

/** The test script of one request: its status, the envelope, the answer's fields, then its captures. */
function testScript(doc: OpenAPIObject, path: string, op: Operation): string[] {
  const { status, schema } = success(op);
  const lines = [
    `pm.test("status ${status}", () => pm.response.to.have.status(${status}));`,
    "const body = pm.response.json();",
  ];
  if (op.operationId === "getOpenApiDocument")
    return [...lines, 'pm.test("an OpenAPI 3.1 document", () => pm.expect(body.openapi).to.match(/^3\\.1\\./));'];
  const envelope = resolve(doc, schema);
  const properties = (envelope.properties ?? {}) as Record<string, Schema>;
  const data = resolve(doc, properties.data ?? {});
  const list = data.type === "array";
  const item = list ? resolve(doc, (data.items as Schema) ?? {}) : data;
  const fields = (item.required as string[] | undefined) ?? [];
  const paged = "nextCursor" in ((properties.meta?.properties as object | undefined) ?? {});
  lines.push(
    'pm.test("the envelope: data and meta.requestId", () => {',
    `  pm.expect(body.data).to.be.an("${list ? "array" : "object"}");`,
    "  pm.expect(body.meta.requestId).to.match(/^req_/);",
    ...(paged ? ['  pm.expect(body.meta).to.have.property("nextCursor");'] : []),
    "});",
  );
  if (fields.length > 0) {
    const subject = list ? "body.data[0]" : "body.data";
    lines.push(
      `pm.test("${list ? "each item has" : "data has"} ${fields.join(", ")}", () => {`,
      ...(list ? [`  if (body.data.length === 0) return;`] : []),
      `  pm.expect(${subject}).to.include.all.keys(${fields.map((f) => JSON.stringify(f)).join(", ")});`,
      "});",
    );
  }
  const hasId = !list && "id" in ((item.properties as object | undefined) ?? {});
  if (path.includes("{id}") && hasId) {
    const variable = idVariable(path);
    lines.push(
      `pm.test("data.id is the ${variable} captured", () => pm.expect(body.data.id).to.eql(pm.collectionVariables.get("${variable}")));`,
    );
  }
  return [...lines, ...(CAPTURES[op.operationId] ?? [])];
}

export function postmanCollection(doc: OpenAPIObject) {
  const folders = new Map<string, { method: string; entry: unknown }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, Operation>)) {
      const op = raw;
      const segments = path
        .split("/")
        .filter(Boolean)
        .map((s) => s.replace(/^\{(.+)\}$/, ":$1"));
      const header = [
        ...(op.operationId === "getOpenApiDocument" ? [] : [{ key: "Authorization", value: "Bearer {{apiKey}}" }]),
        ...(op.parameters ?? [])
          .filter((p) => p.in === "header")
          .map((p) => ({ key: p.name, value: "{{$guid}}", description: p.description })),
        ...(op.requestBody ? [{ key: "Content-Type", value: "application/json" }] : []),
      ];
      const query = (op.parameters ?? [])
        .filter((p) => p.in === "query")
        .map((p) => ({ key: p.name, value: "", disabled: true, description: p.description }));
      const variable = (op.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => ({ key: p.name, value: `{{${idVariable(path)}}}`, description: p.description }));
      const body = op.requestBody
        ? {
            mode: "raw",
            raw:
              BODIES[op.operationId] ??
              JSON.stringify(example(doc, op.requestBody.content["application/json"].schema), null, 2),
            options: { raw: { language: "json" } },
          }
        : undefined;
      const entry = {
        name: op.summary ?? op.operationId,
        event: [{ listen: "test", script: { type: "text/javascript", exec: testScript(doc, path, op) } }],
        request: {
          method: method.toUpperCase(),
          header,
          url: {
            raw: `{{baseUrl}}/api/v2${segments.length ? "/" + segments.join("/") : ""}`,
            host: ["{{baseUrl}}"],
            path: ["api", "v2", ...segments],
            query,
            variable,
          },
          ...(body ? { body } : {}),
          description: op.description,
        },
      };
      const tag = op.tags?.[0] ?? "Other";
      folders.set(tag, [...(folders.get(tag) ?? []), { method, entry }]);
    }
  }
  const rank = (tag: string) => (FLOW.includes(tag) ? FLOW.indexOf(tag) : FLOW.length);
  return {
    info: {
      name: doc.info.title,
      description:
        "Generated from the V2 OpenAPI document by `npm run collection`. Runs top to bottom as a flow: set `baseUrl` and " +
        "`apiKey` (the environment file beside it has both), and `webhookUrl` to a receiver of yours (the webhook " +
        "folder sends it a test delivery; without it that folder is skipped). Each create leaves its id in a collection variable for the requests after it.",
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    variable: [
      { key: "baseUrl", value: "http://localhost:3000" },
      { key: "apiKey", value: "" },
      { key: "webhookUrl", value: "" },
      ...["clientId", "requestId", "webhookId", "internalAccountId", "accountServices", "requestedServices"].map(
        (key) => ({ key, value: "" }),
      ),
    ],
    item: [...folders]
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([name, entries]) => ({
        name,
        ...(FOLDER_PREREQUEST[name]
          ? { event: [{ listen: "prerequest", script: { type: "text/javascript", exec: FOLDER_PREREQUEST[name] } }] }
          : {}),
        // deletes last, so the requests after a create still find what it made
        item: [...entries.filter((e) => e.method !== "delete"), ...entries.filter((e) => e.method === "delete")].map(
          (e) => e.entry,
        ),
      })),
  };
}

/** The environment file beside the collection: the values to set before a run. */
export function postmanEnvironment(doc: OpenAPIObject) {
  return {
    name: `${doc.info.title}: local instance`,
    values: [
      { key: "baseUrl", value: "http://localhost:3000", type: "default", enabled: true },
      { key: "apiKey", value: "", type: "secret", enabled: true },
      { key: "webhookUrl", value: "", type: "default", enabled: true },
    ],
  };
}
