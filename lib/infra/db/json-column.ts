// A json column of a raw query (json_agg, json_build_object): the pg driver hands it over
// parsed, the embedded database's driver may hand over its text. Either way, the value.
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
