// Path parameters of a route handler, as the wrappers hand them on: catch-all segments
// joined with "/", and the names a route declares as uuids checked, so a malformed id
// reads as a missing object (404) and the handler sees those names typed as present. A uuid
// is handed on in its canonical (lower-case) spelling, the one the database stores, so no
// handler binds anything to another spelling of the same id.
import { ApiError } from "@/lib/core/common/api-error";
import { canonicalUuid, UUID } from "@/lib/core/common/uuid";

/** The names in uuidParams are checked uuids; any other parameter may be absent. */
export type RouteParams<P extends string> = Readonly<Record<P, string>> & Readonly<Partial<Record<string, string>>>;

export type RouteContext = { params: Promise<Record<string, string | string[]>> };

export async function readRouteParams<P extends string>(
  route: RouteContext | undefined,
  uuidParams: readonly P[] = [],
): Promise<RouteParams<P>> {
  // routes without dynamic segments get no params object at all
  const raw = (route ? await route.params : undefined) ?? {};
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) params[k] = Array.isArray(v) ? v.join("/") : v;
  for (const p of uuidParams) {
    if (!UUID.test(params[p] ?? "")) throw new ApiError("NOT_FOUND", "Object not found.");
    params[p] = canonicalUuid(params[p] ?? "");
  }
  return params as RouteParams<P>;
}
