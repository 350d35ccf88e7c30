// Who an event is credited to, as staff read it: a team member by name (or email when the
// member has no name), "Your team", "The API", "Automatically"; null for the client, whose
// name the caller has.
import type { Tx } from "@/lib/infra/db/db";

export const ACTOR_LABELS: Record<string, string> = { team: "Your team", api: "The API", system: "Automatically" };

/** The label of an actor value once staff emails are resolved to names (`names`: email -> name). */
export function actorLabel(actor: string | null, names: ReadonlyMap<string, string>): string | null {
  if (!actor || actor === "client") return null;
  if (ACTOR_LABELS[actor]) return ACTOR_LABELS[actor];
  return names.get(actor.toLowerCase()) ?? actor;
}

/** Staff emails among the actors, resolved to their names (members of the agency only). */
export async function actorNames(
  db: Pick<Tx, "membership">,
  agencyId: string,
  actors: readonly (string | null)[],
): Promise<Map<string, string>> {
  const emails = [...new Set(actors.filter((a): a is string => !!a && a.includes("@")).map((a) => a.toLowerCase()))];
  if (emails.length === 0) return new Map();
  const members = await db.membership.findMany({
    where: { agencyId, user: { email: { in: emails, mode: "insensitive" } } },
    select: { user: { select: { email: true, name: true } } },
  });
  return new Map(members.map((m) => [m.user.email.toLowerCase(), m.user.name?.trim() || m.user.email]));
}

export async function actorDisplayName(
  db: Pick<Tx, "membership">,
  agencyId: string,
  actor: string | null,
): Promise<string | null> {
  return actorLabel(actor, await actorNames(db, agencyId, [actor]));
}
