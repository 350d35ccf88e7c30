// Checks the requests a connector sent (as a contract fake recorded them) against the
// platform's own published description: the fragments of Pinterest's OpenAPI document,
// TikTok's official SDK definitions, Microsoft's SDK service definitions, HubSpot's official
// Node.js SDK request factories and models, or the field list
// written down from a documentation page, kept in test/fixtures/platform-descriptions/ with
// their source. The schema language is the JSON Schema subset those descriptions use:
// type, properties, required, additionalProperties, items, enum, pattern, min/max length,
// items and value, oneOf/anyOf/allOf, nullable.
import fs from "node:fs";
import path from "node:path";
import type { RecordedCall } from "@/test/support/fakes/fake-platform-server";

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  format?: string;
};

export type Parameter = { name: string; in: "query" | "path" | "header"; required: boolean; schema?: Schema };
export type Operation = { requestBody?: Schema | null; requestBodyRequired?: boolean; parameters?: Parameter[] };
export type Description = { _source: string; operations: Record<string, Operation> };

export function loadDescription(file: string): Description {
  return JSON.parse(
    fs.readFileSync(path.join(process.cwd(), "test/fixtures/platform-descriptions", file), "utf8"),
  ) as Description;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(want: string, value: unknown): boolean {
  const got = typeOf(value);
  return got === want || (want === "number" && got === "integer");
}

/** Every way `value` breaks `schema`, each naming where (`body.accesses[0].permissions`). */
export function schemaErrors(schema: Schema, value: unknown, at = "body"): string[] {
  if (value === null && schema.nullable) return [];
  const errors: string[] = [];
  if (schema.allOf) for (const s of schema.allOf) errors.push(...schemaErrors(s, value, at));
  for (const [key, list] of [
    ["oneOf", schema.oneOf],
    ["anyOf", schema.anyOf],
  ] as const) {
    if (!list) continue;
    const passing = list.filter((s) => schemaErrors(s, value, at).length === 0).length;
    if (key === "oneOf" ? passing !== 1 : passing === 0)
      errors.push(`${at}: matches ${passing} of the ${key} alternatives`);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => typeMatches(t, value)))
      return [...errors, `${at}: expected ${types.join("|")}, got ${typeOf(value)}`];
  }
  if (schema.enum && !schema.enum.includes(value))
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === "string") {
    if (schema.pattern && !new RegExp(schema.pattern).test(value))
      errors.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength)
      errors.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      errors.push(`${at}: longer than ${schema.maxLength}`);
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      errors.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, i) => errors.push(...schemaErrors(schema.items!, item, `${at}[${i}]`)));
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (obj[name] === undefined) errors.push(`${at}.${name}: required`);
    for (const [name, v] of Object.entries(obj)) {
      const prop = schema.properties?.[name];
      if (prop) errors.push(...schemaErrors(prop, v, `${at}.${name}`));
      else if (schema.additionalProperties === false) errors.push(`${at}.${name}: not in the description`);
      else if (typeof schema.additionalProperties === "object")
        errors.push(...schemaErrors(schema.additionalProperties, v, `${at}.${name}`));
    }
  }
  return errors;
}

/** A query or path value (always text on the wire) read as the schema's type. */
function fromText(schema: Schema | undefined, text: string): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === "integer" || type === "number") return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  if (type === "array") return text.split(",");
  return text;
}

function templateMatch(template: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const re = new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a?: string, b?: string) => (names.push((a ?? b)!), "([^/]+)"))}$`,
  );
  const m = re.exec(actual);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
}

/** The described operation a call is (`"PATCH /businesses/{business_id}/partners/assets"`), with its path values. */
export function operationOf(
  desc: Description,
  call: { method: string; path: string },
  prefix = "",
): { key: string; op: Operation; pathValues: Record<string, string> } | null {
  const p = prefix && call.path.startsWith(prefix) ? call.path.slice(prefix.length) : call.path;
  for (const [key, op] of Object.entries(desc.operations)) {
    const [method, template] = key.split(" ") as [string, string];
    if (method !== call.method) continue;
    const pathValues = templateMatch(template, p);
    if (pathValues) return { key, op, pathValues };
  }
  return null;
}

/** Every way a recorded call breaks its operation's description (path and query values, headers, body). */
export function callErrors(op: Operation, call: RecordedCall, pathValues: Record<string, string>): string[] {
  const errors: string[] = [];
  const known = new Set<string>();
  for (const p of op.parameters ?? []) {
    const raw =
      p.in === "query" ? call.query[p.name] : p.in === "path" ? pathValues[p.name] : call.headers[p.name.toLowerCase()];
    if (p.in === "query") known.add(p.name);
    if (raw === undefined) {
      if (p.required) errors.push(`${p.in} ${p.name}: required`);
      continue;
    }
    if (p.schema) errors.push(...schemaErrors(p.schema, fromText(p.schema, raw), `${p.in} ${p.name}`));
  }
  for (const name of Object.keys(call.query))
    if (op.parameters && !known.has(name)) errors.push(`query ${name}: not in the description`);
  if (op.requestBody) {
    if (call.body === null || call.body === undefined) {
      if (op.requestBodyRequired !== false) errors.push("body: required");
    } else errors.push(...schemaErrors(op.requestBody, call.body));
  } else if (op.requestBody === undefined && call.body !== null && call.body !== undefined && call.method === "GET") {
    errors.push("body: a GET sends none");
  }
  return errors;
}

/**
 * Checks every recorded call to the described API: each must be a described operation (or
 * one of `undescribed`, each with the reason it is not in the description), and satisfy it.
 */
export function describedCallErrors(
  desc: Description,
  calls: readonly RecordedCall[],
  opts: { prefix?: string; only?: (c: RecordedCall) => boolean; undescribed?: Record<string, string> } = {},
): { checked: Set<string>; errors: string[] } {
  const checked = new Set<string>();
  const errors: string[] = [];
  for (const call of calls) {
    if (opts.only && !opts.only(call)) continue;
    if (opts.undescribed && `${call.method} ${call.path}` in opts.undescribed) continue;
    const found = operationOf(desc, call, opts.prefix);
    if (!found) {
      errors.push(`${call.method} ${call.path}: not an operation of the description`);
      continue;
    }
    checked.add(found.key);
    for (const e of callErrors(found.op, call, found.pathValues)) errors.push(`${found.key}: ${e}`);
  }
  return { checked, errors };
}
