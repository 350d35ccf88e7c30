// The one wrapper of every dashboard server action: session and role checked on the server
// (requirePermission), input parsed with the same zod schema as the API, errors mapped to
// an ActionResult. Next.js itself refuses server actions whose Origin is not the app's host.
import type { z } from "zod";
import type { DashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { requirePermission } from "@/lib/surfaces/dashboard/dashboard-context";
import type { Permission } from "@/lib/core/auth/roles";
import { zodToApiError } from "@/lib/core/common/to-api-error";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";

/**
 * In a "use server" file:
 * `export const saveClient = dashboardAction("clients:write", ZCreateClientBody, (input, ctx) => createClient({ agencyId: ctx.agencyId, input }))`.
 * The action takes the unparsed input (`z.input` of the schema).
 */
export function dashboardAction<S extends z.ZodType, T>(
  permission: Permission,
  schema: S,
  fn: (input: z.output<S>, ctx: DashboardContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const ctx = await requirePermission(permission);
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw zodToApiError(parsed.error);
      return { ok: true, data: await fn(parsed.data, ctx) };
    } catch (err) {
      return toActionFailure(err);
    }
  };
}
