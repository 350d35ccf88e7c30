// A structural compatibility check of two OpenAPI 3.1 documents: what an integrator coded
// against in `before` must still hold in `after`. Each operation, parameter, request and
// response field, webhook payload field, enum value and status code of `before` becomes one
// entry (`GET /requests/{id} 200 body.data.status`) with its types and enum values; an entry
// that disappears, loses a type or loses an enum value is breaking, as is a parameter or
// request field that becomes required. Whatever `after` adds passes.
type Json = Record<string, unknown>;

export interface Shape {
  types: Set<string>;
  enum: Set<string> | null;
  required: boolean;
}

export type Surface = Map<string, Shape>;

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function resolve(doc: Json, schema: Json, seen: Set<string>): { schema: Json; ref: string | null } {
  const ref = typeof schema.$ref === "string" ? schema.$ref : null;
  if (!ref) return { schema, ref: null };
  if (seen.has(ref)) return { schema: {}, ref };
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, "").split("/"))
    node = isObject(node) ? node[part.replace(/~1/g, "/")] : undefined;
  return { schema: isObject(node) ? node : {}, ref };
}

function add(
  out: Surface,
  key: string,
  shape: { types?: Iterable<string>; enum?: Iterable<string> | null; required?: boolean },
) {
  const entry = out.get(key) ?? { types: new Set<string>(), enum: null, required: false };
  for (const t of shape.types ?? []) entry.types.add(t);
  if (shape.enum) entry.enum = new Set([...(entry.enum ?? []), ...shape.enum]);
  entry.required ||= shape.required ?? false;
  out.set(key, entry);
}

// `branch`: the schema is one of a oneOf/anyOf's alternatives, whose `required` lists hold only
// when that alternative is the one taken, so they make no field required of every caller.
function walk(doc: Json, out: Surface, at: string, raw: unknown, required: boolean, seen: Set<string>, branch = false) {
  if (!isObject(raw)) return;
  const { schema, ref } = resolve(doc, raw, seen);
  const inner = ref ? new Set([...seen, ref]) : seen;
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];
  const values = Array.isArray(schema.enum)
    ? schema.enum.map(String)
    : "const" in schema
      ? [String(schema.const)]
      : null;
  add(out, at, { types: types.map(String), enum: values, required });
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    const list = schema[key];
    if (Array.isArray(list))
      for (const sub of list) walk(doc, out, at, sub, required && key === "allOf", inner, branch || key !== "allOf");
  }
  if (isObject(schema.properties)) {
    const req = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, sub] of Object.entries(schema.properties))
      walk(doc, out, `${at}.${name}`, sub, req.has(name) && !branch, inner);
  }
  if (schema.items) walk(doc, out, `${at}[]`, schema.items, false, inner);
  if (isObject(schema.additionalProperties)) walk(doc, out, `${at}{}`, schema.additionalProperties, false, inner);
}

function content(doc: Json, out: Surface, at: string, body: unknown, required: boolean) {
  if (!isObject(body)) return;
  const resolved = resolve(doc, body, new Set()).schema;
  if (!isObject(resolved.content)) return;
  for (const [type, media] of Object.entries(resolved.content))
    if (isObject(media)) walk(doc, out, `${at} ${type}`, media.schema, required, new Set());
}

/** Every entry of a document's contract surface: operations, parameters, bodies, status codes, webhooks. */
export function surface(doc: Json): Surface {
  const out: Surface = new Map();
  const operations: [string, Json, Json[]][] = [];
  for (const [p, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as Json[]) : [];
    for (const m of METHODS) if (isObject(item[m])) operations.push([`${m.toUpperCase()} ${p}`, item[m], shared]);
  }
  for (const [name, item] of Object.entries(isObject(doc.webhooks) ? doc.webhooks : {})) {
    if (!isObject(item)) continue;
    for (const m of METHODS) if (isObject(item[m])) operations.push([`WEBHOOK ${name}`, item[m], []]);
  }
  for (const [op, operation, shared] of operations) {
    add(out, op, {});
    const params = [...shared, ...(Array.isArray(operation.parameters) ? (operation.parameters as Json[]) : [])];
    for (const raw of params) {
      const param = resolve(doc, raw, new Set()).schema;
      const at = `${op} ${String(param.in)}:${String(param.name)}`;
      walk(doc, out, at, param.schema, param.required === true, new Set());
    }
    const body = operation.requestBody;
    if (isObject(body))
      content(doc, out, `${op} request`, body, resolve(doc, body, new Set()).schema.required === true);
    for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
      add(out, `${op} ${status}`, {});
      content(doc, out, `${op} ${status}`, response, false);
    }
  }
  return out;
}

/** Parameters and request bodies of calls (a webhook's body is what the receiver reads, an output). */
function isInput(key: string): boolean {
  return !key.startsWith("WEBHOOK ") && / (query|path|header|cookie):| request /.test(key);
}

function covers(after: Set<string>, type: string): boolean {
  return after.has(type) || (type === "integer" && after.has("number"));
}

/** What `after` breaks of `before`, one line each; empty when `after` only adds. */
export function breakingChanges(before: Json, after: Json): string[] {
  const was = surface(before);
  const now = surface(after);
  const problems: string[] = [];
  for (const [key, old] of was) {
    const cur = now.get(key);
    if (!cur) {
      problems.push(`${key}: removed`);
      continue;
    }
    // a field with no type of its own (a union, a $ref of one) is judged by its branches
    if (cur.types.size > 0)
      for (const t of old.types)
        if (!covers(cur.types, t)) problems.push(`${key}: type ${t} is now ${[...cur.types].join("|")}`);
    if (old.enum && cur.enum)
      for (const v of old.enum) if (!cur.enum.has(v)) problems.push(`${key}: enum value ${JSON.stringify(v)} removed`);
    if (isInput(key) && cur.required && !old.required) problems.push(`${key}: now required`);
  }
  // a new required input of an existing operation breaks every caller that does not send it
  for (const [key, cur] of now) {
    if (was.has(key) || !cur.required || !isInput(key)) continue;
    const operation = key.split(" ").slice(0, 2).join(" ");
    const parent = key.replace(/(\.[^.]+|\[\]|\{\})$/, "");
    const parameter = / (query|path|header|cookie):[^ .]+$/.test(key);
    if (was.has(operation) && (parameter || (parent !== key && was.has(parent))))
      problems.push(`${key}: added as required`);
  }
  return problems.sort();
}
