// Rules the zod schemas cannot state in JSON Schema, written into the generated document so
// that generators and fuzzers see them: the create-request rule (at least one service or the
// intake form) and the control characters every query parameter refuses
// (lib/surfaces/http/query-controls.ts).
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from "openapi3-ts/oas31";
import { SERVICE_IDS } from "@/lib/core/catalog/catalog";

/** ECMA-262 pattern of a value with no C0 control character and no DEL. */
export const NO_CONTROL_CHARACTERS_PATTERN = "^[^\\u0000-\\u001F\\u007F]*$";
const CONTROL_SENTENCE = "Must not contain control characters (U+0000-U+001F, U+007F): 400 `VALIDATION_FAILED`.";

const REQUEST_RULE: SchemaObject["anyOf"] = [
  { required: ["requestedServices"], properties: { requestedServices: { minProperties: 1 } } },
  {
    required: ["intakeForm"],
    properties: { intakeForm: { required: ["requested"], properties: { requested: { const: true } } } },
  },
];

function operations(doc: OpenAPIObject): OperationObject[] {
  return Object.values(doc.paths ?? {}).flatMap((item) =>
    (["get", "put", "post", "delete", "patch"] as const).flatMap((m) => (item[m] ? [item[m]] : [])),
  );
}

/** Adds the stated rules to the document in place. */
export function applyDocumentRules(doc: OpenAPIObject): void {
  const body = doc.paths?.["/requests"]?.post?.requestBody;
  const schema = body && "content" in body ? body.content["application/json"]?.schema : undefined;
  if (schema && !("$ref" in schema)) schema.anyOf = REQUEST_RULE;

  // requestedServices is keyed by service id: the body's schema checks each key against the
  // catalog (with the API's own message), and the document names the keys' type, so typed
  // clients refuse a key that is not a service id.
  for (const op of operations(doc)) {
    const b = op.requestBody;
    const s = b && "content" in b ? b.content["application/json"]?.schema : undefined;
    const services = s && !("$ref" in s) ? s.properties?.requestedServices : undefined;
    // inline, so the body's schema validates on its own (a validator given just this schema)
    if (services && !("$ref" in services)) services.propertyNames = { type: "string", enum: [...SERVICE_IDS] };
  }

  for (const op of operations(doc)) {
    for (const p of (op.parameters ?? []) as ParameterObject[]) {
      const s = p.schema as SchemaObject | undefined;
      if (p.in !== "query" || !s || s.type !== "string" || s.enum || s.format || s.pattern) continue;
      s.pattern = NO_CONTROL_CHARACTERS_PATTERN;
      p.description = [p.description ?? s.description, CONTROL_SENTENCE].filter(Boolean).join(" ");
    }
  }
}
