// The wrapper of the instance pages' server actions: a signed-in instance administrator
// only; anyone else (an agency Owner included) gets NOT_FOUND, as if the page did not
// exist. Input parsed with the action's zod schema; errors mapped to an ActionResult.
import type { z } from "zod";
import { ApiError } from "@/lib/core/common/api-error";
import { parseUntrusted } from "@/lib/surfaces/http/untrusted-text";
import { requireInstanceAdmin } from "@/lib/core/instance/instance-admin";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { getDashboardContext, type DashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";

export function instanceAction<S extends z.ZodType, T>(
  schema: S,
  fn: (input: z.output<S>, ctx: DashboardContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const ctx = await getDashboardContext();
      if (!ctx) throw new ApiError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
      await requireInstanceAdmin(ctx.userId);
      return { ok: true, data: await fn(parseUntrusted(schema, input), ctx) };
    } catch (err) {
      return toActionFailure(err);
    }
  };
}
