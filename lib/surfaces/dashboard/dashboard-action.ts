// The one wrapper of every dashboard server action: session and role checked on the server
// (requirePermission), input checked at the one text boundary (lib/surfaces/http/untrusted-text)
// and parsed with the same zod schema as the API, errors mapped to an ActionResult. Next.js itself refuses server actions whose Origin is not the app's host.
import type { z } from "zod";
import type { DashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { requirePermission } from "@/lib/surfaces/dashboard/dashboard-context";
import type { Permission } from "@/lib/core/auth/roles";
import { parseUntrusted } from "@/lib/surfaces/http/untrusted-text";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { headers } from "next/headers";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { legacyClientIp } from "@/lib/surfaces/http/legacy-client-ip";
import { log } from "@/lib/infra/log";

/**
 * In a "use server" file:
 * `export const saveClient = dashboardAction("clients:write", ZCreateClientBody, (input, ctx) => createClient({ agencyId: ctx.agencyId, input }))`.
 * The action takes the unparsed input (`z.input` of the schema).
 */
export function dashboardAction<S extends z.ZodType, T>(
  permission: Permission,
  schema: S,
  fn: (input: z.output<S>, ctx: DashboardContext) => Promise<T>,
  /**
   * The audit log's action name ("webhook.updated"); every action that changes something is
   * recorded. `false` when the action records its own entry (in its transaction, with what
   * only the result knows, such as a new row's id).
   */
  audit?: string | ((input: z.output<S>) => string) | false,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input: z.input<S>): Promise<ActionResult<T>> => {
    try {
      // the agency is the one the calling tab names, never a default (AGENCY_NOT_NAMED)
      const ctx = await requirePermission(permission, { tabRequired: true });
      const parsed: z.output<S> = parseUntrusted(schema, input);
      const data = await fn(parsed, ctx);
      if (permission !== "read" && audit !== false) await auditAction(ctx, permission, audit, parsed);
      return { ok: true, data };
    } catch (err) {
      return toActionFailure(err);
    }
  };
}

/** The caller's address as the sign-in rate limit sees it. */
export async function actionAddress(): Promise<string | null> {
  try {
    return legacyClientIp(await headers());
  } catch {
    return null;
  }
}

async function auditAction(
  ctx: DashboardContext,
  permission: Permission,
  audit: string | ((input: never) => string) | undefined,
  input: unknown,
): Promise<void> {
  const action = typeof audit === "function" ? audit(input as never) : (audit ?? `${permission.split(":")[0]}.changed`);
  const changes =
    input instanceof FormData
      ? Object.fromEntries([...input.keys()].map((k) => [k, "[form field]"]))
      : input && typeof input === "object"
        ? (input as Record<string, unknown>)
        : { value: input };
  const target =
    input && typeof input === "object" && !(input instanceof FormData)
      ? ((input as { id?: unknown }).id ?? (input as { requestId?: unknown }).requestId ?? null)
      : null;
  try {
    await recordAudit({
      agencyId: ctx.agencyId,
      actor: { userId: ctx.userId, email: ctx.email, address: await actionAddress() },
      action,
      target: typeof target === "string" ? target : null,
      changes,
    });
  } catch (err) {
    // the action is done; a failed audit write is logged, not shown as the action failing
    log().error({ err }, "audit entry not recorded");
  }
}
