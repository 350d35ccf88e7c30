// The client's one-button actions on a service, found by invite token: skip an optional
// service, reopen a skipped one, or say the platform invite was sent. State, version
// and events come from applyRequestAction; this adds the checks only the client pages
// need (the service's grant method) and turns refusals into page error codes.

import { colleagueActor } from "@/lib/core/events/actor-name";
import { ownsService } from "@/lib/core/request-records/forward-ownership";
import { effectiveClientFlow } from "@/lib/surfaces/client-pages/load-access-page";
import type { ClientAction } from "@/lib/core/domain/request-state";
import { ApiError } from "@/lib/core/common/api-error";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import type { TRequest } from "@/lib/core/requests/schemas";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { findRequestByToken, isOpenRequest, requestLocale } from "@/lib/surfaces/client-pages/find-request-by-token";

export const CLIENT_SERVICE_ACTIONS = ["skip", "reopen", "invite-sent"] as const;
export type ClientServiceAction = (typeof CLIENT_SERVICE_ACTIONS)[number];

export function isClientServiceAction(value: string): value is ClientServiceAction {
  return (CLIENT_SERVICE_ACTIONS as readonly string[]).includes(value);
}

export async function applyClientAction(opts: {
  token: string;
  serviceId: string;
  action: ClientServiceAction;
  now?: Date;
}): Promise<{ changed: boolean; request: TRequest; preview: boolean }> {
  const now = opts.now ?? new Date();
  const row = await findRequestByToken(opts.token);
  if (!row) throw new AccessPageError("not_found");
  const locale = requestLocale(row);
  const refuse = (code: "closed" | "not_allowed") => new AccessPageError(code, { serviceId: opts.serviceId, locale });
  if (!isOpenRequest(row, now)) throw refuse("closed");
  const svc = row.services.find((s) => s.serviceId === opts.serviceId);
  // A service handed to a colleague is theirs until the client takes it back.
  if (!svc || !ownsService(svc, row.forward)) throw refuse("not_allowed");

  let action: ClientAction;
  switch (opts.action) {
    case "skip":
      action = { kind: "skip", serviceId: svc.serviceId };
      break;
    case "reopen":
      action = { kind: "reopen", serviceId: svc.serviceId };
      break;
    case "invite-sent":
      // every service the client grants by hand: "I've sent the invite" or "I've done this"
      if (effectiveClientFlow(svc.serviceId, svc.platform) === "one_click") throw refuse("not_allowed");
      // the agency confirms every invite it receives (the banner says it will)
      action = { kind: "invite_sent", serviceId: svc.serviceId };
      break;
  }
  // A preview ends without marking anything.
  if (row.isDemo && action.kind === "invite_sent")
    return { changed: false, request: serializeRequest(row, now), preview: true };
  try {
    const result = await applyRequestAction({
      requestId: row.id,
      action,
      now,
      ...(row.forward ? { actor: colleagueActor(row.forward.email) } : {}),
    });
    return { changed: result.changed, request: result.request, preview: row.isDemo };
  } catch (err) {
    if (err instanceof ApiError && (err.code === "INVALID_STATE" || err.code === "NOT_FOUND")) {
      // Cancelled or expired since the page was loaded, or not possible for this service.
      const current = await findRequestByToken(opts.token);
      throw refuse(current && isOpenRequest(current, now) ? "not_allowed" : "closed");
    }
    throw err;
  }
}
