// Events in plain language for agency staff ("Ana granted Meta Ad Account · 2 ad
// accounts") instead of event names and versions. Pure: it reads the stored event body
// (the exact webhook payload) and the catalog's names.
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";

export interface DescribedEvent {
  /** one sentence for the timeline */
  text: string;
  tone: "good" | "bad" | "neutral";
  /** a person's action worth showing even where state-only changes are folded away */
  person?: boolean;
}

type Body = {
  data?: {
    request?: { services?: { service?: string; grantedAssets?: unknown[] }[] };
    service?: { service?: string; platform?: string };
    errors?: unknown[];
    attempt?: { platform?: string; outcome?: string; errors?: unknown[]; services?: { service?: string; errors?: unknown[] }[] };
    client?: { name?: string };
    forward?: { change?: string; name?: string; email?: string; services?: unknown[] };
  };
};

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

export function describeEvent(type: string, rawBody: string, clientName: string | null): DescribedEvent {
  let body: Body = {};
  try {
    body = JSON.parse(rawBody) as Body;
  } catch {
    // an unreadable body still gets a sentence from its type
  }
  const who = clientName ?? body.data?.client?.name ?? "The client";
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
        const names = (f.services ?? []).map((s) => serviceName(typeof s === "string" ? s : undefined)).join(", ") || "services";
        const text = f.change === "taken_back" ? `${who} took ${names} back from ${f.name} (${f.email})` : `${who} forwarded ${names} to ${f.name} (${f.email})`;
        return { text, tone: "neutral", person: true };
      }
      return { text: "Access request updated", tone: "neutral" };
    }
    case "service.granted": {
      const assets = body.data?.request?.services?.find((s) => s.service === svcId)?.grantedAssets?.length ?? 0;
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
      const outcome = a?.outcome === "success" ? "succeeded" : a?.outcome === "partial_success" ? "partly succeeded" : "failed";
      const why = a?.outcome === "success" ? null : (firstText(a?.errors) ?? firstText(a?.services?.flatMap((s) => s.errors ?? [])));
      return { text: `${platform} grant attempt ${outcome}${why ? `: ${why}` : ""}`, tone: a?.outcome === "success" ? "good" : "bad" };
    }
    case "intake.completed":
      return { text: `${who} answered the intake form`, tone: "good" };
    case "request.completed":
      return { text: "Request completed: everything asked for is done", tone: "good" };
    case "request.cancelled":
      return { text: "Request cancelled", tone: "neutral" };
    case "request.expired":
      return { text: "Request expired before the client finished", tone: "bad" };
    case "webhook.test":
      return { text: "Test event sent to a webhook", tone: "neutral" };
    default:
      return { text: type, tone: "neutral" };
  }
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
