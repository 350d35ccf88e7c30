// Handing services to a colleague, from the access page's forms. The client's side:
// forward (name, email, optional note, the services), take back (one service, "I'll do it
// myself after all", or the whole forward), resend; only the client's own link may do
// these, a colleague's forwarded link cannot hand services on. The colleague's side:
// decline (one service, "I can't do this", with an optional reason), only through the
// colleague's own link.
// Sending email to an address the client types is what abuse would use, so forwards and
// resends are limited per request on top of the page's per-token limit.

import { ApiError } from "@/lib/core/common/api-error";
import { colleagueActor } from "@/lib/core/events/actor-name";
import {
  DECLINE_REASON_MAX,
  declineForward,
  FORWARD_EMAIL_MAX,
  FORWARD_NAME_MAX,
  FORWARD_NOTE_MAX,
  forwardServices,
  readForwardedTo,
  resendForward,
  takeBackForward,
} from "@/lib/core/forwards/forward-services";
import { consumeRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import type { FieldErrors } from "@/lib/surfaces/client-pages/field-errors";
import {
  findRequestByToken,
  isOpenRequest,
  requestLocale,
  type AccessRequestRow,
} from "@/lib/surfaces/client-pages/find-request-by-token";

/** Emails a request may send to colleagues (forwards and resends) per hour. */
export const FORWARD_RATE_POINTS = 5;
export const FORWARD_RATE_SECONDS = 3600;

// The shape browsers' type="email" accepts, bounded.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export type ForwardOutcome = {
  notice: "forwarded" | "taken_back" | "resent" | "declined";
  serviceId?: string;
  preview?: boolean;
};

async function clientRow(token: string, now: Date): Promise<AccessRequestRow> {
  const row = await findRequestByToken(token);
  // A colleague's link answers as if the action did not exist.
  if (!row || row.forward) throw new AccessPageError("not_found");
  if (!isOpenRequest(row, now)) throw new AccessPageError("closed", { locale: requestLocale(row) });
  return row;
}

async function limitEmails(row: AccessRequestRow): Promise<void> {
  const outcome = await consumeRateLimit("access-forward", row.id, FORWARD_RATE_POINTS, FORWARD_RATE_SECONDS);
  if (!outcome.allowed)
    throw new AccessPageError("rate_limited", { retryAfterSeconds: outcome.resetSeconds, locale: requestLocale(row) });
}

function readFields(form: URLSearchParams, row: AccessRequestRow) {
  const name = (form.get("name") ?? "").trim();
  const email = (form.get("email") ?? "").trim();
  const note = (form.get("note") ?? "").trim();
  const serviceIds = [...new Set(form.getAll("service"))];
  const fields: FieldErrors = {};
  if (!name) fields.name = "nameRequired";
  else if (name.length > FORWARD_NAME_MAX) fields.name = "tooLong200";
  if (email.length > FORWARD_EMAIL_MAX) fields.email = "tooLong320";
  else if (!EMAIL.test(email)) fields.email = "emailInvalid";
  if (note.length > FORWARD_NOTE_MAX) fields.note = "tooLong1000";
  const open = new Set(
    row.services.filter((s) => s.status === "pending" && !readForwardedTo(s.forwardedTo)).map((s) => s.serviceId),
  );
  if (serviceIds.length === 0 || serviceIds.some((id) => !open.has(id))) fields.service = "chooseAtLeastOne";
  const one = serviceIds.length === 1 ? serviceIds[0] : undefined;
  if (Object.keys(fields).length > 0)
    throw new AccessPageError("invalid_input", { fields, serviceId: one, locale: requestLocale(row) });
  return { name, email: email.toLowerCase(), note: note || null, serviceIds, one };
}

function closedOrRefused(err: unknown, row: AccessRequestRow, serviceId?: string): never {
  if (err instanceof ApiError && err.code === "INVALID_STATE")
    throw new AccessPageError("closed", { locale: requestLocale(row) });
  if (err instanceof ApiError && (err.code === "NOT_FOUND" || err.code === "VALIDATION_FAILED"))
    throw new AccessPageError("not_allowed", { serviceId, locale: requestLocale(row) });
  throw err;
}

/**
 * "I can't do this" on the colleague's page: the named service, still pending and handed
 * to this link, goes back to the client with the colleague's optional reason.
 */
async function declineAsColleague(token: string, form: URLSearchParams, now: Date): Promise<ForwardOutcome> {
  const row = await findRequestByToken(token);
  // The client's own link has nothing to decline: it answers as if the action did not exist.
  if (!row?.forward) throw new AccessPageError("not_found");
  const locale = requestLocale(row);
  if (!isOpenRequest(row, now)) throw new AccessPageError("closed", { locale });
  const serviceId = form.get("service") ?? "";
  // the link's row holds only the services still the colleague's
  const svc = row.services.find((s) => s.serviceId === serviceId && s.status === "pending");
  if (!svc) throw new AccessPageError("not_allowed", { locale });
  const reason = (form.get("reason") ?? "").trim();
  if (reason.length > DECLINE_REASON_MAX)
    throw new AccessPageError("invalid_input", { fields: { reason: "tooLong1000" }, serviceId, locale });
  await declineForward({
    requestId: row.id,
    forwardId: row.forward.id,
    serviceId,
    reason: reason || null,
    actor: colleagueActor(row.forward.email),
    now,
  }).catch((err) => closedOrRefused(err, row, serviceId));
  return { notice: "declined", serviceId };
}

export async function applyForwardAction(opts: {
  token: string;
  action: string;
  form: URLSearchParams;
  now?: Date;
}): Promise<ForwardOutcome> {
  const now = opts.now ?? new Date();
  if (opts.action === "decline") return declineAsColleague(opts.token, opts.form, now);
  const row = await clientRow(opts.token, now);
  if (opts.action === "forward") {
    const input = readFields(opts.form, row);
    await limitEmails(row);
    try {
      await forwardServices({
        requestId: row.id,
        serviceIds: input.serviceIds,
        name: input.name,
        email: input.email,
        note: input.note,
        now,
      });
    } catch (err) {
      closedOrRefused(err, row, input.one);
    }
    return { notice: "forwarded", serviceId: input.one };
  }
  const forwardId = opts.form.get("forward") ?? "";
  // "I'll do it myself after all" on one card names its service; without one, the whole forward.
  const named = opts.form.get("service");
  const serviceId = row.services.find(
    (s) => readForwardedTo(s.forwardedTo)?.forwardId === forwardId && (!named || s.serviceId === named),
  )?.serviceId;
  if (!serviceId) throw new AccessPageError("not_allowed", { locale: requestLocale(row) });
  if (opts.action === "take-back") {
    await takeBackForward({ requestId: row.id, forwardId, serviceIds: named ? [named] : undefined, now }).catch((err) =>
      closedOrRefused(err, row, serviceId),
    );
    return { notice: "taken_back", serviceId };
  }
  if (opts.action === "resend") {
    await limitEmails(row);
    await resendForward({ requestId: row.id, forwardId, now }).catch((err) => closedOrRefused(err, row, serviceId));
    return { notice: "resent", serviceId };
  }
  throw new AccessPageError("not_allowed", { locale: requestLocale(row) });
}
