// Events in plain language for agency staff ("Ana granted Meta Ad Account · 2 ad
// accounts") instead of event names and versions. Pure: it reads the stored event body
// (the exact webhook payload) and the catalog's names.
import type { ActorDisplay } from "@/lib/core/events/actor-name";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";

export interface DescribedEvent {
  /** one sentence for the timeline */
  text: string;
  tone: "good" | "bad" | "neutral";
  /** a person's action worth showing even where state-only changes are folded away */
  person?: boolean;
  /** a page the sentence points to (a removal's receipt) */
  link?: { href: string; label: string };
}

type Body = {
  data?: {
    request?: {
      status?: string;
      services?: { service?: string; status?: string; awaitingConfirmation?: boolean; grantedAssets?: unknown[] }[];
    };
    service?: { service?: string; platform?: string };
    errors?: unknown[];
    attempt?: {
      platform?: string;
      outcome?: string;
      errors?: unknown[];
      services?: { service?: string; errors?: unknown[] }[];
    };
    client?: { name?: string };
    forward?: { change?: string; name?: string; email?: string; services?: unknown[] };
    invitation?: { change?: string; sentTo?: string | null; services?: unknown[] };
    removedBy?: string;
    assets?: { confirmation?: string; removed?: boolean }[];
    receipt?: { code?: string; url?: string };
  };
};

function removedText(svc: string, body: Body): DescribedEvent {
  const assets = body.data?.assets ?? [];
  const by = body.data?.removedBy ?? "";
  const who = by.startsWith("client:") ? `${by.slice("client:".length)} (the client)` : by || "Your team";
  const confirmed = assets.filter((a) => a.confirmation === "confirmed").length;
  const failed = assets.filter((a) => a.removed === false).length;
  const parts = [`${who} removed access to ${svc}`];
  if (confirmed > 0) parts.push(`${plural(confirmed, "asset")} confirmed by the platform`);
  if (failed > 0) parts.push(`${plural(failed, "asset")} not removed`);
  const receipt = body.data?.receipt;
  return {
    text: parts.join(" · "),
    tone: failed > 0 ? "bad" : "neutral",
    person: true,
    ...(receipt?.url && receipt.code ? { link: { href: receipt.url, label: `Receipt ${receipt.code}` } } : {}),
  };
}

function serviceName(id: string | undefined): string {
  return (id && getCatalogService(id)?.name) || id || "a service";
}

function firstText(list: unknown[] | undefined): string | null {
  const first = list?.find((e) => typeof e === "string" && e.length > 0);
  return typeof first === "string" ? first : null;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What else the sentence needs: who acted for the agency, and the status the request had before. */
export interface DescribeContext {
  /** who caused it, as `describeActor` shows them (the client, their colleague, a member...) */
  actor?: ActorDisplay | null;
  /** the request's status in the previous event of its timeline */
  previousStatus?: string | null;
  /** the type of the previous event that named the same service */
  previousServiceEvent?: string | null;
}

export function describeEvent(
  type: string,
  rawBody: string,
  clientName: string | null,
  ctx: DescribeContext = {},
): DescribedEvent {
  let body: Body = {};
  try {
    body = JSON.parse(rawBody) as Body;
  } catch {
    // an unreadable body still gets a sentence from its type
  }
  const shown = ctx.actor ?? null;
  // a colleague acting through a forwarded link is named as such, never as the client
  const who = shown?.kind === "colleague" ? shown.label : (clientName ?? body.data?.client?.name ?? "The client");
  const staff = shown?.agencySide ? shown.label : null;
  const svcId = body.data?.service?.service;
  const svc = serviceName(svcId);
  switch (type) {
    case "client.created":
      return { text: `Client ${body.data?.client?.name ?? clientName ?? ""} added`.trim(), tone: "neutral" };
    case "request.created":
      return { text: "Access request created", tone: "neutral" };
    case "request.updated": {
      const f = body.data?.forward;
      if (f && typeof f.name === "string" && typeof f.email === "string") {
        const names =
          (f.services ?? []).map((s) => serviceName(typeof s === "string" ? s : undefined)).join(", ") || "services";
        const text =
          f.change === "taken_back"
            ? `${who} took ${names} back from ${f.name} (${f.email})`
            : f.change === "declined"
              ? `${f.name} (${f.email}) could not do ${names} and handed it back to ${clientName ?? "the client"}`
              : `${who} forwarded ${names} to ${f.name} (${f.email})`;
        return { text, tone: "neutral", person: true };
      }
      const inv = body.data?.invitation;
      if (inv?.change === "accepted") {
        const names =
          (inv.services ?? []).map((s) => serviceName(typeof s === "string" ? s : undefined)).join(", ") || svc;
        const to = typeof inv.sentTo === "string" ? ` (sent to ${inv.sentTo})` : "";
        return { text: `Your team accepted the invitation for ${names}${to}`, tone: "good", person: true };
      }
      const status = body.data?.request?.status;
      if (ctx.previousStatus === "completed" && status !== "completed") {
        return { text: `${staff ?? "Your team"} reopened the request to ask for more access`, tone: "neutral" };
      }
      const now = svcId ? body.data?.request?.services?.find((s) => s.service === svcId) : undefined;
      if (svcId && now?.status === "pending" && !staff) {
        return ctx.previousServiceEvent === "service.skipped"
          ? { text: `${who} reopened ${svc}`, tone: "neutral" }
          : { text: `${who} says ${svc} is done: waiting for your confirmation`, tone: "neutral" };
      }
      if (staff && svcId && now?.status === "pending") return { text: `${staff} unmarked ${svc}`, tone: "neutral" };
      return { text: staff ? `${staff} updated the request` : "Access request updated", tone: "neutral" };
    }
    case "service.granted": {
      const assets = body.data?.request?.services?.find((s) => s.service === svcId)?.grantedAssets?.length ?? 0;
      if (staff) return { text: `${staff} marked ${svc} as granted`, tone: "good" };
      return { text: `${who} granted ${svc}${assets > 0 ? ` (${plural(assets, "asset")})` : ""}`, tone: "good" };
    }
    case "service.skipped":
      return { text: `${who} skipped ${svc}`, tone: "neutral" };
    case "service.grant_failed": {
      const why = firstText(body.data?.errors);
      return { text: `Granting ${svc} failed${why ? `: ${why}` : ""}`, tone: "bad" };
    }
    case "connection.attempt_completed": {
      const a = body.data?.attempt;
      const platform = (a?.platform && getPlatform(a.platform)?.name) || a?.platform || "Platform";
      const outcome =
        a?.outcome === "success" ? "succeeded" : a?.outcome === "partial_success" ? "partly succeeded" : "failed";
      const why =
        a?.outcome === "success"
          ? null
          : (firstText(a?.errors) ?? firstText(a?.services?.flatMap((s) => s.errors ?? [])));
      return {
        text: `${platform} grant attempt ${outcome}${why ? `: ${why}` : ""}`,
        tone: a?.outcome === "success" ? "good" : "bad",
      };
    }
    case "intake.completed":
      return { text: `${who} answered the intake form`, tone: "good" };
    case "request.completed":
      return { text: "Request completed: everything asked for is done", tone: "good" };
    case "request.cancelled":
      return { text: staff ? `${staff} cancelled the request` : "Request cancelled", tone: "neutral" };
    case "request.expired":
      return { text: "Request expired before the client finished", tone: "bad" };
    case "webhook.test":
      return { text: "Test event sent to a webhook", tone: "neutral" };
    case "access.removed":
      return removedText(svc, body);
    case "access.lost":
      return { text: `Access to ${svc} is no longer there on the platform`, tone: "bad" };
    default:
      return { text: type, tone: "neutral" };
  }
}

export interface ActorEvent {
  type: string;
  body: string;
  actor: string | null;
}

/**
 * Describes a request's events oldest first, each with what came before it (the status it
 * left, the service's last event) and credited through `describeActor`.
 */
export function describeEvents<T extends ActorEvent>(
  events: readonly T[],
  clientName: string | null,
  actorOf: (actor: string | null) => ActorDisplay,
): DescribedEvent[] {
  let previousStatus: string | null = null;
  const lastOfService = new Map<string, string>();
  return events.map((e) => {
    let body: Body = {};
    try {
      body = JSON.parse(e.body) as Body;
    } catch {
      // described from its type alone
    }
    const svcId = body.data?.service?.service;
    const described = describeEvent(e.type, e.body, clientName, {
      actor: actorOf(e.actor),
      previousStatus,
      previousServiceEvent: svcId ? (lastOfService.get(svcId) ?? null) : null,
    });
    if (body.data?.request?.status) previousStatus = body.data.request.status;
    if (svcId) lastOfService.set(svcId, e.type);
    return described;
  });
}

/** Whether an event is a failed grant worth the agency's attention. */
export function isFailedGrant(type: string, rawBody: string): boolean {
  if (type === "service.grant_failed") return true;
  if (type !== "connection.attempt_completed") return false;
  try {
    const outcome = (JSON.parse(rawBody) as Body).data?.attempt?.outcome;
    return outcome === "failed" || outcome === "partial_success";
  } catch {
    return false;
  }
}
