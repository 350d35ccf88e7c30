// A Postman collection (v2.1, also imported by Bruno and Insomnia) built from the published
// OpenAPI document: one folder per tag, one request per operation with the bearer key, a fresh
// Idempotency-Key on creates, the path id and query parameters as variables, and an example
// body of the required fields. `npm run collection` writes it to api-collection/.
import type { OpenAPIObject } from "openapi3-ts/oas31";

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { in: string; name: string; description?: string; schema?: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
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
      const properties = (schema.properties as Record<string, Schema>) ?? {};
      const required = new Set((schema.required as string[]) ?? []);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, example(doc, v, k)]),
      );
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
      if (schema.format === "uri") return "https://example.com/hook";
      if (schema.format === "date-time") return "2030-01-01T00:00:00.000Z";
      if (name === "email") return "client@example.com";
      return name ? `<${name}>` : "<text>";
    default:
      return null;
  }
}

export function postmanCollection(doc: OpenAPIObject) {
  const folders = new Map<string, unknown[]>();
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
        .map((p) => ({ key: p.name, value: "", description: p.description }));
      const body = op.requestBody
        ? {
            mode: "raw",
            raw: JSON.stringify(example(doc, op.requestBody.content["application/json"].schema), null, 2),
            options: { raw: { language: "json" } },
          }
        : undefined;
      const entry = {
        name: op.summary ?? op.operationId,
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
      folders.set(tag, [...(folders.get(tag) ?? []), entry]);
    }
  }
  return {
    info: {
      name: doc.info.title,
      description:
        "Generated from the V2 OpenAPI document by `npm run collection`. Set the `baseUrl` and `apiKey` variables.",
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    variable: [
      { key: "baseUrl", value: "http://localhost:3000" },
      { key: "apiKey", value: "" },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}
