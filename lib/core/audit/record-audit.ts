// The audit log: one row per agency action with who, when, from which address and what
// changed. Written in the action's transaction where there is one, so an action that rolls
// back leaves no entry. Secrets never reach `changes` (see redactChanges).
import { getDb, type Tx } from "@/lib/infra/db/db";

export interface AuditActor {
  userId: string | null;
  email: string | null;
  address?: string | null;
}

export interface RecordAuditOptions {
  agencyId: string;
  actor: AuditActor;
  /** "<object>.<verb>", for example "api_key.created", "access.removed", "user.signed_in". */
  action: string;
  target?: string | null;
  changes?: Record<string, unknown>;
  tx?: Tx;
  now?: Date;
}

const SECRET_KEY = /(secret|password|token|key$|apikey|code)/i;
const MAX_TEXT = 500;

/** Copies `changes` with secret-looking fields replaced and long texts cut. */
export function redactChanges(value: unknown, depth = 0): unknown {
  if (depth > 4) return "[…]";
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactChanges(v, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_KEY.test(k) ? "[redacted]" : redactChanges(v, depth + 1);
    return out;
  }
  return value ?? null;
}

export async function recordAudit(opts: RecordAuditOptions): Promise<void> {
  const db = opts.tx ?? (await getDb());
  await db.auditEntry.create({
    data: {
      agencyId: opts.agencyId,
      actorUserId: opts.actor.userId,
      actorEmail: opts.actor.email,
      address: opts.actor.address ?? null,
      action: opts.action.slice(0, 100),
      target: opts.target?.slice(0, 200) ?? null,
      changes: redactChanges(opts.changes ?? {}) ?? {},
      ...(opts.now ? { createdAt: opts.now } : {}),
    },
  });
}

/** A successful sign-in, recorded in every agency the user belongs to. */
export async function recordSignIn(opts: {
  userId: string;
  email: string;
  address: string | null;
  now?: Date;
}): Promise<void> {
  const db = await getDb();
  const memberships = await db.membership.findMany({ where: { userId: opts.userId }, select: { agencyId: true } });
  for (const m of memberships) {
    await recordAudit({
      agencyId: m.agencyId,
      actor: { userId: opts.userId, email: opts.email, address: opts.address },
      action: "user.signed_in",
      target: null,
      ...(opts.now ? { now: opts.now } : {}),
    });
  }
}
