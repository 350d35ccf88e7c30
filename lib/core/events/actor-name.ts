// How an actor is shown, everywhere one is: the timeline, Home, notifications and the digest,
// the client page, its print view and CSV. One function, `describeActor`, decides it from the
// stored actor value:
//   null or "client"      the client, by name
//   "colleague:<email>"   a colleague the client handed services to: their name, "colleague of <client>"
//   a staff email         the agency member, by name (their email when they have no name)
//   "team"                "Your team"; "api" "The API" (an API key); "system" "Automatically"
// A grant's `grantedBy` holds a colleague's plain email: `grantedByActor` turns it into the value above.
import type { Tx } from "@/lib/infra/db/db";

export const ACTOR_LABELS: Record<string, string> = { team: "Your team", api: "The API", system: "Automatically" };

const COLLEAGUE = "colleague:";

export type ActorKind = "client" | "colleague" | "member" | "team" | "api" | "system";

export interface ActorDisplay {
  kind: ActorKind;
  /** the person or thing alone: "Lucía Gómez", "Ana Ruiz", "Sam Staff", "The API" */
  name: string;
  /** how a sentence names it: "Ana Ruiz, colleague of Lucía Gómez", "Sam Staff" */
  label: string;
  /** how a "By" column names it, with the side: "Lucía Gómez (client)", "Sam Staff (team)" */
  byline: string;
  /** true for the agency's side (a member, the team, an API key, the system) */
  agencySide: boolean;
}

/** The stored actor value for a colleague who acted through a forwarded link. */
export function colleagueActor(email: string): string {
  return `${COLLEAGUE}${email.toLowerCase()}`;
}

/** A service's `grantedBy` as an actor value: a colleague's email (one of `colleagueEmails`) is marked so. */
export function grantedByActor(grantedBy: string | null, colleagueEmails: readonly string[]): string | null {
  if (!grantedBy) return null;
  const lower = grantedBy.toLowerCase();
  return colleagueEmails.some((e) => e.toLowerCase() === lower) ? colleagueActor(lower) : grantedBy;
}

/**
 * The one way an actor is shown. `names` maps staff emails and `colleague:<email>` values to
 * names (see `actorNames`); `clientName` is the client the action was for.
 */
export function describeActor(
  actor: string | null,
  ctx: { clientName: string; names: ReadonlyMap<string, string> },
): ActorDisplay {
  if (!actor || actor === "client") {
    const name = ctx.clientName;
    return { kind: "client", name, label: name, byline: `${name} (client)`, agencySide: false };
  }
  if (actor.startsWith(COLLEAGUE)) {
    const email = actor.slice(COLLEAGUE.length);
    const name = ctx.names.get(actor.toLowerCase()) ?? email;
    const label = `${name}, colleague of ${ctx.clientName}`;
    return { kind: "colleague", name, label, byline: label, agencySide: false };
  }
  const fixed = ACTOR_LABELS[actor];
  if (fixed) return { kind: actor as ActorKind, name: fixed, label: fixed, byline: fixed, agencySide: true };
  const name = ctx.names.get(actor.toLowerCase()) ?? actor;
  return { kind: "member", name, label: name, byline: `${name} (team)`, agencySide: true };
}

/** The label of an agency-side actor; null for the client's side (the client or their colleague). */
export function actorLabel(actor: string | null, names: ReadonlyMap<string, string>): string | null {
  const shown = describeActor(actor, { clientName: "", names });
  return shown.agencySide ? shown.label : null;
}

/**
 * Names for the actors: staff emails to the member's name (members of the agency only), and
 * `colleague:<email>` to the name the client gave when handing services over.
 */
export async function actorNames(
  db: Pick<Tx, "membership" | "requestForward">,
  agencyId: string,
  actors: readonly (string | null)[],
): Promise<Map<string, string>> {
  const present = actors.filter((a): a is string => !!a).map((a) => a.toLowerCase());
  const colleagues = [...new Set(present.filter((a) => a.startsWith(COLLEAGUE)).map((a) => a.slice(COLLEAGUE.length)))];
  const emails = [...new Set(present.filter((a) => !a.startsWith(COLLEAGUE) && a.includes("@")))];
  const names = new Map<string, string>();
  if (emails.length > 0) {
    const members = await db.membership.findMany({
      where: { agencyId, user: { email: { in: emails, mode: "insensitive" } } },
      select: { user: { select: { email: true, name: true } } },
    });
    for (const m of members) names.set(m.user.email.toLowerCase(), m.user.name?.trim() || m.user.email);
  }
  if (colleagues.length > 0) {
    const forwards = await db.requestForward.findMany({
      where: { agencyId, email: { in: colleagues, mode: "insensitive" } },
      orderBy: { createdAt: "asc" },
      select: { email: true, name: true },
    });
    for (const f of forwards) names.set(colleagueActor(f.email), f.name.trim() || f.email);
  }
  return names;
}

/** The actor shown in full (client or colleague included), for sentences naming either side. */
export async function actorDisplay(
  db: Pick<Tx, "membership" | "requestForward">,
  agencyId: string,
  actor: string | null,
  clientName: string,
): Promise<ActorDisplay> {
  return describeActor(actor, { clientName, names: await actorNames(db, agencyId, [actor]) });
}
