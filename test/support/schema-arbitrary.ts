// fast-check arbitraries from the JSON Schemas of the OpenAPI document, for the subset the
// document uses ($ref, const, enum, anyOf/oneOf, type lists, strings with pattern, format and
// length, integers with bounds, booleans, arrays with uniqueItems, objects with required,
// optional and additional properties). Sizes are kept small so the run stays fast.
import fc from "fast-check";

type Schema = Record<string, unknown>;

export function schemaArbitrary(
  doc: Schema,
  schema: Schema,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
  name = "",
): fc.Arbitrary<unknown> {
  if (name && overrides[name]) return overrides[name];
  if (typeof schema.$ref === "string") {
    const target = schema.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, key) => (node as Schema)[key], doc) as Schema;
    return schemaArbitrary(doc, target, overrides, name);
  }
  if ("const" in schema) return fc.constant(schema.const);
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) {
    const { anyOf: _a, oneOf: _o, ...base } = schema;
    return fc.oneof(
      ...branches.map((b) =>
        schemaArbitrary(doc, "const" in b || "$ref" in b ? b : mergeBranch(base, b), overrides, name),
      ),
    );
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.type))
    return fc.oneof(
      ...(schema.type as string[]).map((t) => schemaArbitrary(doc, { ...schema, type: t }, overrides, name)),
    );
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: (schema.minimum as number) ?? -1000, max: (schema.maximum as number) ?? 1000 });
    case "number":
      return fc.double({
        min: (schema.minimum as number) ?? -1000,
        max: (schema.maximum as number) ?? 1000,
        noNaN: true,
      });
    case "string":
      return stringArbitrary(schema);
    case "array": {
      const item = schemaArbitrary(doc, (schema.items as Schema) ?? {}, overrides, `${name}[]`);
      const constraints = {
        minLength: (schema.minItems as number) ?? 0,
        maxLength: Math.min((schema.maxItems as number) ?? 3, 3),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(item, constraints);
    }
    case "object":
    default:
      return objectArbitrary(doc, schema, overrides, name);
  }
}

/** A branch of anyOf/oneOf on top of the schema beside it: properties merged one level deep, required joined. */
function mergeBranch(base: Schema, branch: Schema): Schema {
  const props = { ...(base.properties as Record<string, Schema> | undefined) };
  for (const [key, prop] of Object.entries((branch.properties as Record<string, Schema> | undefined) ?? {}))
    props[key] = props[key] ? mergeBranch(props[key], prop) : prop;
  const required = [...new Set([...((base.required as string[]) ?? []), ...((branch.required as string[]) ?? [])])];
  return { ...base, ...branch, properties: props, required };
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = (schema.minLength as number) ?? 0;
  const max = Math.min((schema.maxLength as number) ?? 40, 40);
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "date-time")
    return fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (typeof schema.pattern === "string") {
    const limit = (schema.maxLength as number) ?? Infinity;
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= limit);
  }
  // Mostly printable text, sometimes any code unit (NUL and lone surrogates included: refused, and documented so).
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: min, maxLength: Math.max(min, max) }) },
  );
}

function objectArbitrary(
  doc: Schema,
  schema: Schema,
  overrides: Record<string, fc.Arbitrary<unknown>>,
  name: string,
): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, Schema>) ?? {};
  const required = new Set((schema.required as string[]) ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of Object.entries(properties))
    record[key] = schemaArbitrary(doc, prop, overrides, name ? `${name}.${key}` : key);
  const named = fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
  const extra = schema.additionalProperties;
  if (!extra || typeof extra !== "object") return named;
  const extras = fc.dictionary(
    fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,15}$/),
    schemaArbitrary(doc, extra as Schema, overrides, `${name}.*`),
    { maxKeys: 2 },
  );
  return fc.tuple(named, extras).map(([n, e]) => ({ ...e, ...(n as object) }));
}
