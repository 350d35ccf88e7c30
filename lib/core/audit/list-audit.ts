// Reading the audit log for the Owners' page and its CSV export: newest first, filtered by
// action prefix, actor email and date range, paged by a (createdAt, id) cursor.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/infra/db/db";

export const AUDIT_RETENTION_DAYS = 365;

export const ZAuditFilters = z.strictObject({
  action: z.string().trim().max(100, "action: at most 100 characters.").optional(),
  actor: z.string().trim().max(320, "actor: at most 320 characters.").optional(),
  from: z.iso.date({ error: "from: a date as YYYY-MM-DD." }).optional(),
  to: z.iso.date({ error: "to: a date as YYYY-MM-DD." }).optional(),
});
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

export interface AuditRow {
  id: string;
  createdAt: string;
  actorEmail: string | null;
  address: string | null;
  action: string;
  target: string | null;
  changes: unknown;
}

function where(agencyId: string, f: TAuditFilters): Prisma.AuditEntryWhereInput {
  const createdAt: Prisma.DateTimeFilter = {};
  if (f.from) createdAt.gte = new Date(`${f.from}T00:00:00.000Z`);
  if (f.to) createdAt.lt = new Date(new Date(`${f.to}T00:00:00.000Z`).getTime() + 24 * 3600 * 1000);
  return {
    agencyId,
    ...(f.action ? { action: { startsWith: f.action } } : {}),
    ...(f.actor ? { actorEmail: { contains: f.actor.toLowerCase(), mode: "insensitive" } } : {}),
    ...(f.from || f.to ? { createdAt } : {}),
  };
}

export async function listAudit(opts: {
  agencyId: string;
  filters?: TAuditFilters;
  limit?: number;
}): Promise<AuditRow[]> {
  const db = await getDb();
  const rows = await db.auditEntry.findMany({
    where: where(opts.agencyId, opts.filters ?? {}),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(opts.limit ?? 200, 1), 10_000),
  });
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    actorEmail: r.actorEmail,
    address: r.address,
    action: r.action,
    target: r.target,
    changes: r.changes,
  }));
}

/** The query string of the page and its export: empty fields read as absent. */
export function auditFiltersFrom(params: Record<string, string | string[] | undefined>): {
  filters: TAuditFilters;
  errors: Record<string, string>;
} {
  const raw: Record<string, string> = {};
  for (const key of ["action", "actor", "from", "to"]) {
    const v = params[key];
    const s = Array.isArray(v) ? v[0] : v;
    if (s && s.trim() !== "") raw[key] = s.trim();
  }
  const parsed = ZAuditFilters.safeParse(raw);
  if (parsed.success) return { filters: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "query")] = issue.message;
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (!errors[k]) kept[k] = v;
  return { filters: ZAuditFilters.parse(kept), errors };
}
