// The one uuid pattern: ids in paths, bodies and CLI flags that are not uuids read as missing.
// PostgreSQL's uuid type reads any spelling and answers in lower case, so an id that arrives
// in another spelling is made canonical (lower case) before anything keys on it: a value bound
// to an id (a sealed secret's associated data, a cache key) must see the spelling stored.
import { z } from "zod";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The stored spelling of a uuid: lower case. Other strings pass unchanged. */
export function canonicalUuid(value: string): string {
  return UUID.test(value) ? value.toLowerCase() : value;
}

/** A uuid field of an input schema: checked, then handed on in its canonical spelling. */
export function zUuid(params?: Parameters<typeof z.uuid>[0]) {
  return z.uuid(params).overwrite(canonicalUuid);
}
