// The role a service asks for when the team first ticks it: the least privilege that still
// does the usual job. The catalog lists roles from most to least powerful; the default is
// the platform's "standard" role where it has one, else its read-only role, else its least
// powerful role; never the admin role of a service that offers anything less. Pure.
import type { CatalogRole } from "@/lib/core/catalog/catalog";

export function defaultRole(roles: readonly CatalogRole[]): CatalogRole | undefined {
  return roles.find((r) => r.value === "standard") ?? roles.find((r) => r.readOnly) ?? roles.at(-1);
}
