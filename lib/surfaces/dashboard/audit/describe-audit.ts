// The audit log in words: one sentence per entry ("Ana edited the request for Maple Bakery:
// added Google Ads (Standard)"), the person by name, what it was about by name (a client,
// a request's client, a webhook's host) and the address written for a person. The raw
// entry stays available, folded away by the page. `describeAudit` is pure; `describeAuditRows`
// looks the names up. Who acted is shown by `describeActor`, as everywhere else: a member by
// name, the client by name, a client's colleague as "<name>, colleague of <client>", the worker
// as "Automatically".
import { getDb } from "@/lib/infra/db/db";
import { actorNames, describeActor, type ActorDisplay } from "@/lib/core/events/actor-name";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { roleName } from "@/lib/core/auth/roles";
import type { AuditRow } from "@/lib/core/audit/list-audit";
import { roleLabel } from "@/lib/core/catalog/catalog-messages";

/** What the sentence says instead of ids. */
export interface AuditNames {
  /** the acting person's name (or email) */
  actor: string;
  /** the target in words: "the request for Maple Bakery", "Maple Bakery", "the webhook to hooks.acme.com" */
  target: string | null;
  /** for request.edited: the services the request asked for before this change, when known */
  previousServices?: Record<string, { accessLevel?: string | null }> | null;
}

type Services = Record<string, { accessLevel?: string | null }>;

function serviceText(id: string, accessLevel: string | null | undefined): string {
  const name = getCatalogService(id)?.name ?? id;
  const role = accessLevel ? roleLabel("en", id, accessLevel) : null;
  return role ? `${name} (${role})` : name;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "added Google Ads (Standard); removed Meta Ads": what changed between two service sets. */
export function servicesChange(before: Services | null | undefined, after: Services): string {
  const afterIds = Object.keys(after);
  if (!before) return `asks for ${list(afterIds.map((id) => serviceText(id, after[id]?.accessLevel)))}`;
  const parts: string[] = [];
  const added = afterIds.filter((id) => !(id in before));
  const removed = Object.keys(before).filter((id) => !(id in after));
  const changed = afterIds.filter(
    (id) => id in before && (before[id]?.accessLevel ?? null) !== (after[id]?.accessLevel ?? null),
  );
  if (added.length) parts.push(`added ${list(added.map((id) => serviceText(id, after[id]?.accessLevel)))}`);
  if (removed.length) parts.push(`removed ${list(removed.map((id) => serviceText(id, null)))}`);
  if (changed.length)
    parts.push(
      `changed ${list(changed.map((id) => `${serviceText(id, null)} to ${roleLabel("en", id, after[id]?.accessLevel ?? null) ?? "no role"}`))}`,
    );
  return parts.length ? parts.join("; ") : "changed its options";
}

/** An address as people read it: IPv4 as is, an IPv6 network shortened, this machine named. */
export function readableAddress(address: string | null): string {
  if (!address) return "Not recorded";
  const [ip, prefix] = address.split("/");
  if (!ip) return address;
  if (ip.includes(":")) {
    const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}::?)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    if (mapped) return readableAddress(mapped[1]!);
    const groups = expandIpv6(ip);
    // the /64 network of all zeros is where the loopback address ::1 is bucketed
    if (groups && groups.every((g) => g === 0)) return prefix ? "This computer (localhost)" : "No address";
    if (groups && groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return "This computer (localhost)";
    const short = groups ? compressIpv6(groups) : ip;
    return prefix ? `IPv6 network ${short}/${prefix}` : short;
  }
  if (ip.startsWith("127.")) return "This computer (localhost)";
  return prefix ? `${ip}/${prefix}` : ip;
}

function expandIpv6(ip: string): number[] | null {
  const [head, tail] = ip.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  if (ip.includes("::")) {
    const fill = 8 - h.length - t.length;
    if (fill < 0) return null;
    return [...h, ...Array<number>(fill).fill(0), ...t];
  }
  return h.length === 8 && h.every((g) => Number.isFinite(g)) ? h : null;
}

function compressIpv6(groups: number[]): string {
  // the longest run of zero groups becomes "::"
  let best = { start: -1, len: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len && j - i > 1) best = { start: i, len: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(":");
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.len).join(":")}`;
}

const PHRASES: Record<string, (t: string | null, c: Record<string, unknown>) => string> = {
  "user.signed_in": () => "signed in",
  "user.password_changed": () => "changed their password",
  "api_key.created": () => "created an API key",
  "api_key.revoked": () => "revoked an API key",
  "client.created": (t) => `added the client ${t ?? ""}`.trim(),
  "client.updated": (t) => `edited the client ${t ?? ""}`.trim(),
  "client.deleted": (t) => `deleted the client ${t ?? ""}`.trim(),
  "prospect.deleted": (t) => `deleted the prospect ${t ?? ""}`.trim(),
  "client.note_added": (t) => `added a note to ${t ?? "a client"}`,
  "request.created": (t) => `created ${t ?? "a request"}`,
  "request.edited": (t) => `edited ${t ?? "a request"}`,
  "request.previewed": () => "previewed a request as the client",
  "request.cancelled": (t) => `cancelled ${t ?? "a request"}`,
  "request.mark_granted": (t, c) =>
    `marked ${serviceText(String(c.serviceId ?? ""), null)} as granted on ${t ?? "a request"}`,
  "request.unmark_granted": (t, c) => `unmarked ${serviceText(String(c.serviceId ?? ""), null)} on ${t ?? "a request"}`,
  "request.confirm_invite": (t, c) =>
    `confirmed ${serviceText(String(c.serviceId ?? ""), null)} was received on ${t ?? "a request"}`,
  "request.reminder_sent": (t) => `sent a reminder for ${t ?? "a request"}`,
  "access.checked": () => "checked the clients' access",
  "access.removed": () => "removed a client's access",
  "access.removed_by_hand": () => "confirmed a client's access was removed by hand",
  "access.asked_again": () => "asked a client again for access that was lost",
  "access.removal_link_sent": () => "sent a client a link to remove access",
  "access.removal_receipt": (_t, c) =>
    `issued removal receipt ${String(c.receipt ?? "")}: ${Number(c.confirmed ?? 0)} confirmed, ${Number(c.unconfirmable ?? 0)} not confirmable, ${Number(c.failed ?? 0)} not removed`,
  "access.removal_asked": () => "asked the agency to remove access that only the platform's settings can remove",
  "access.schedule_changed": (_t, c) =>
    typeof c.everyDays === "number"
      ? `set access checks to every ${c.everyDays} days`
      : "changed the access check schedule",
  "account.connected": () => "connected an agency account",
  "account.disconnected": () => "disconnected an agency account",
  "account.assignees_updated": () => "chose who receives newly shared access on an agency account",
  "branding.updated": () => "updated the branding",
  "intake.toggled": (_t, c) => (c.enabled === false ? "turned the intake form off" : "turned the intake form on"),
  "intake.question_added": (_t, c) => `added the intake question "${String(c.label ?? "")}"`,
  "intake.question_updated": () => "edited an intake question",
  "intake.question_moved": () => "reordered the intake questions",
  "intake.question_removed": () => "removed an intake question",
  "static_link.updated": () => "changed the static link",
  "static_link.regenerated": () => "made a new static link",
  "team.invite_created": (_t, c) =>
    `invited ${String(c.email ?? "someone")} as ${roleName(String(c.role ?? "member"))}`,
  "team.invite_revoked": () => "withdrew a team invite",
  "team.role_changed": (_t, c) => `changed a team member's role to ${roleName(String(c.role ?? ""))}`,
  "team.member_removed": () => "removed a team member",
  "webhook.created": (t) => `added ${t ?? "a webhook"}`,
  "webhook.updated": (t) => `changed ${t ?? "a webhook"}`,
  "webhook.deleted": (t) => `deleted ${t ?? "a webhook"}`,
  "webhook.paused": (t) => `paused ${t ?? "a webhook"}`,
  "webhook.resumed": (t) => `resumed ${t ?? "a webhook"}`,
  "webhook.secret_rotated": (t) => `rotated the signing secret of ${t ?? "a webhook"}`,
  "webhook.test_sent": (t) => `sent a test event to ${t ?? "a webhook"}`,
  "instance.admin_granted": () =>
    "became an administrator of this installation: the first to sign up where only the demo user administered it",
  "plan.changed": (_t, c) => (c.plan ? `changed the plan to ${String(c.plan).replace(/_/g, " ")}` : "changed the plan"),
  "demo_data.removed": () => "removed the demo data",
};

/** One sentence for an entry. */
export function describeAudit(row: Pick<AuditRow, "action" | "changes">, names: AuditNames): string {
  const changes = (row.changes && typeof row.changes === "object" ? row.changes : {}) as Record<string, unknown>;
  const phrase = PHRASES[row.action];
  const did = phrase ? phrase(names.target, changes) : row.action.replace(/[._]/g, " ");
  let detail = "";
  if (row.action === "request.edited" || row.action === "request.created") {
    const services = changes.requestedServices as Services | undefined;
    if (services && typeof services === "object")
      detail = `: ${servicesChange(row.action === "request.created" ? null : (names.previousServices ?? null), services)}`;
  }
  return `${names.actor} ${did}${detail}`;
}

/**
 * The entry's actor as `describeActor` reads it: the member's email; else the client's side,
 * which client-page actions name in `changes.by` or `changes.removedBy` ("client:<...>" for the
 * client, "colleague:<email>" for a colleague); else the worker ("system").
 */
export function auditActorValue(row: Pick<AuditRow, "actorEmail" | "changes">): string {
  if (row.actorEmail) return row.actorEmail;
  const changes = (row.changes && typeof row.changes === "object" ? row.changes : {}) as Record<string, unknown>;
  const by =
    typeof changes.by === "string" ? changes.by : typeof changes.removedBy === "string" ? changes.removedBy : "";
  if (by.startsWith("colleague:")) return by;
  if (by.startsWith("client:")) return "client";
  return "system";
}

export interface DescribedAuditRow extends AuditRow {
  /** who acted, as `describeActor` shows them */
  actor: ActorDisplay;
  sentence: string;
  addressText: string;
}

/** The page's rows in words: names of people, clients and webhooks looked up once. */
export async function describeAuditRows(agencyId: string, rows: AuditRow[]): Promise<DescribedAuditRow[]> {
  const db = await getDb();
  const ids = [...new Set(rows.map((r) => r.target).filter((t): t is string => !!t && /^[0-9a-f-]{36}$/i.test(t)))];
  const actors = [...new Set(rows.map(auditActorValue))];
  const emails = actors.filter((a) => a.includes("@") && !a.startsWith("colleague:")).map((a) => a.toLowerCase());
  const [requests, clients, webhooks, users, names] = await Promise.all([
    ids.length
      ? db.accessRequest.findMany({
          where: { agencyId, id: { in: ids } },
          select: { id: true, client: { select: { name: true } } },
        })
      : [],
    ids.length ? db.client.findMany({ where: { agencyId, id: { in: ids } }, select: { id: true, name: true } }) : [],
    ids.length ? db.webhook.findMany({ where: { agencyId, id: { in: ids } }, select: { id: true, url: true } }) : [],
    emails.length
      ? db.user.findMany({ where: { email: { in: emails, mode: "insensitive" } }, select: { email: true, name: true } })
      : [],
    actorNames(db, agencyId, actors),
  ]);
  const targetName = new Map<string, string>();
  const clientOf = new Map<string, string>();
  for (const r of requests) {
    targetName.set(r.id, `the request for ${r.client.name}`);
    clientOf.set(r.id, r.client.name);
  }
  for (const c of clients) {
    targetName.set(c.id, c.name);
    clientOf.set(c.id, c.name);
  }
  for (const w of webhooks) {
    let host = w.url;
    try {
      host = new URL(w.url).host;
    } catch {
      // shown as stored
    }
    targetName.set(w.id, `the webhook to ${host}`);
  }
  // a former member keeps the name they had
  for (const u of users)
    if (!names.has(u.email.toLowerCase())) names.set(u.email.toLowerCase(), u.name?.trim() || u.email);

  // rows are newest first: a request's previous services are in the next older entry that set them
  const previous = new Map<string, Services>();
  const out: DescribedAuditRow[] = new Array(rows.length);
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    const changes = (r.changes && typeof r.changes === "object" ? r.changes : {}) as Record<string, unknown>;
    const services = changes.requestedServices as Services | undefined;
    const actor = describeActor(auditActorValue(r), {
      clientName: (r.target ? clientOf.get(r.target) : undefined) ?? "The client",
      names,
    });
    out[i] = {
      ...r,
      actor,
      sentence: describeAudit(r, {
        actor: actor.label,
        target: r.target ? (targetName.get(r.target) ?? null) : null,
        previousServices: r.target ? (previous.get(r.target) ?? null) : null,
      }),
      addressText: readableAddress(r.address),
    };
    if (
      r.target &&
      services &&
      typeof services === "object" &&
      (r.action === "request.created" || r.action === "request.edited")
    )
      previous.set(r.target, services);
  }
  return out;
}
