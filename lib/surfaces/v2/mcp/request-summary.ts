// What an access request still waits for, in plain words, for an AI assistant to repeat:
// the services not granted yet (by name), invitations the agency has not accepted, and an
// unfinished intake form. Pure: it reads the Request object the API returns.
import { getCatalogService } from "@/lib/core/catalog/catalog";
import type { TRequest } from "@/lib/core/requests/schemas";

const DAY_MS = 86_400_000;

function serviceName(id: string): string {
  return getCatalogService(id)?.name ?? id;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Each thing still missing, as a short phrase; empty when nothing is. */
export function missingItems(request: TRequest): string[] {
  if (request.status === "cancelled") return [];
  const out: string[] = [];
  const pending = request.services.filter((s) => s.status === "pending");
  const required = pending.filter((s) => !s.optional).map((s) => serviceName(s.service));
  const optional = pending.filter((s) => s.optional).map((s) => serviceName(s.service));
  if (required.length) out.push(`the client has not granted ${list(required)} yet`);
  if (optional.length) out.push(`optional and not granted yet: ${list(optional)}`);
  for (const s of request.services)
    if (s.invitation?.status === "pending")
      out.push(`the agency still has to accept the ${serviceName(s.service)} invitation`);
  if (request.intakeForm.requested && !request.intakeForm.complete)
    out.push("the client has not filled in the intake form");
  return out;
}

/** Whole days since the request was created. */
export function ageInDays(request: Pick<TRequest, "createdAt">, now = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(request.createdAt)) / DAY_MS));
}

/** One sentence: the request's state and what it still waits for. */
export function describeRequest(request: TRequest): string {
  const missing = missingItems(request);
  const state = request.status.replace("_", " ");
  if (request.status === "completed") return `Request ${request.id} is completed: every required service is granted.`;
  if (request.status === "cancelled" || request.status === "expired") return `Request ${request.id} is ${state}.`;
  return missing.length
    ? `Request ${request.id} is ${state}; still missing: ${missing.join("; ")}.`
    : `Request ${request.id} is ${state}; nothing required is missing.`;
}
