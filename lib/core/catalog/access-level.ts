// Checks a requested accessLevel against a catalog service's roles and
// normalises it: none for role-less services, one role value for the rest, and
// for multi-role services either one value or a bracketed list `[a,b]`.

import type { CatalogService } from "@/lib/core/catalog/catalog";

export type AccessLevelResult = { ok: true; value: string | null; roles: string[] } | { ok: false; message: string };

// Caller input is echoed in messages; keep a hostile value from bloating them.
const MAX_ECHO = 100;

export function parseAccessLevel(service: CatalogService, accessLevel: string | null | undefined): AccessLevelResult {
  const allowed = service.roles.map((r) => r.value);

  if (allowed.length === 0) {
    if (accessLevel === null || accessLevel === undefined) return { ok: true, value: null, roles: [] };
    return fail(`${service.id} has no roles; omit accessLevel`);
  }

  const oneOf = `one of: ${allowed.join(", ")}`;
  const listHint = service.multiRole
    ? `, or several as a bracketed list such as [${allowed.slice(0, 2).join(",")}]`
    : "";

  if (accessLevel === null || accessLevel === undefined) {
    return fail(`accessLevel is required for ${service.id}; ${oneOf}${listHint}`);
  }

  const trimmed = accessLevel.trim();
  const looksLikeList = trimmed.startsWith("[") || trimmed.endsWith("]");

  if (!looksLikeList) {
    // A single value is matched exactly and kept as sent, on multi-role services too.
    if (allowed.includes(accessLevel)) return { ok: true, value: accessLevel, roles: [accessLevel] };
    return fail(`accessLevel ${quote(accessLevel)} is not a role of ${service.id}; ${oneOf}${listHint}`);
  }

  if (!service.multiRole) {
    return fail(`${service.id} takes a single role, not a list; ${oneOf}`);
  }
  if (!(trimmed.startsWith("[") && trimmed.endsWith("]"))) {
    return fail(
      `accessLevel ${quote(accessLevel)} is not a well-formed list for ${service.id}; use [a,b] with ${oneOf}`,
    );
  }

  const inner = trimmed.slice(1, -1);
  if (inner.trim() === "") {
    return fail(`accessLevel for ${service.id} lists no roles; give at least one of: ${allowed.join(", ")}`);
  }

  const items = inner.split(",").map((item) => item.trim());
  const seen = new Set<string>();
  for (const item of items) {
    if (item === "") {
      return fail(`accessLevel ${quote(accessLevel)} has an empty entry; ${oneOf}`);
    }
    if (!allowed.includes(item)) {
      return fail(`accessLevel lists ${quote(item)}, which is not a role of ${service.id}; ${oneOf}`);
    }
    if (seen.has(item)) {
      return fail(`accessLevel lists ${quote(item)} more than once; each of ${allowed.join(", ")} may appear once`);
    }
    seen.add(item);
  }

  // Catalog order, so the same set of roles is always stored and compared as the same string.
  const roles = allowed.filter((value) => seen.has(value));
  return { ok: true, value: `[${roles.join(",")}]`, roles };
}

function fail(message: string): AccessLevelResult {
  return { ok: false, message };
}

function quote(value: string): string {
  const shown = value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}…` : value;
  return JSON.stringify(shown);
}

/**
 * Whether a (valid) accessLevel asks only for the catalog's read-only roles. A role-less
 * service has nothing to limit and counts as read-only; a service without any read-only
 * role never does. Prospects on the static link get only these unless the agency allows more.
 */
export function isReadOnlyAccess(service: CatalogService, accessLevel: string | null | undefined): boolean {
  if (service.roles.length === 0) return true;
  const parsed = parseAccessLevel(service, accessLevel);
  if (!parsed.ok) return false;
  return parsed.roles.every((value) => service.roles.find((r) => r.value === value)?.readOnly === true);
}
