// A visitor's session on the agency's static link: their name, email, company and
// language become a prospect client (client.created) and a request with source
// `static_link` for the link's services and intake form (request.created, one prospect
// unit of this month's allowance), in one transaction. At the allowance limit, or when
// the link is off or asks for nothing, nothing is created and the link is unavailable.
//
// Against abuse: the post must carry the page's signed form token, old enough
// and not expired (static-link-form-token.ts); one address starts at most
// STATIC_LINK_ADDRESS_LIMIT sessions per agency per hour; and a visitor whose email
// already has an open static-link request does not create a second prospect (and use a
// second unit).
//
// Keeping prospects apart: knowing someone's email must not open their
// request. So that visitor is never sent to the open request's page: its link goes by
// email to the prospect's address (at most one such email per request every
// RESEND_LINK_EVERY_MS), and the page says to use the link they were sent.

import { z } from "zod";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { getDb } from "@/lib/infra/db/db";
import { requestLinkToken, requestLinkTokenSelect } from "@/lib/core/request-records/request-links";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError } from "@/lib/core/common/api-error";
import { LANGUAGES, localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { tooLongCode, type FieldErrorCode, type FieldErrors } from "@/lib/surfaces/client-pages/field-errors";
import { findStaticLinkAgency, staticLinkPlan } from "@/lib/surfaces/client-pages/load-static-link";
import { checkStaticLinkFormToken } from "@/lib/surfaces/client-pages/static-link-form-token";
import { consumeRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { log } from "@/lib/infra/log";
import { queueRequestEmail } from "@/lib/core/emails/queue-request-email";

/** A repeat visit mails the open request's link again at most this often. */
export const RESEND_LINK_EVERY_MS = 10 * 60_000;

export type StaticLinkSession =
  /** a new prospect and request: continue on its page */
  | { kind: "started"; inviteToken: string; requestId: string; clientId: string }
  /** the email already has an open request: its link was emailed to that address */
  | { kind: "emailed"; requestId: string; clientId: string };

/** Sessions one address may start on one agency's link per window. */
export const STATIC_LINK_ADDRESS_LIMIT = { points: 5, windowSeconds: 60 * 60 };

const code = (c: FieldErrorCode) => ({ error: c });

// Same limits as the API's client fields; messages are codes the page puts into words.
export const ZStaticLinkForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, code("nameRequired"))
    .max(200, code(tooLongCode(200))),
  email: z
    .string()
    .trim()
    .max(320, code(tooLongCode(320)))
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, code("emailInvalid")),
  company: z
    .string()
    .trim()
    .max(200, code(tooLongCode(200)))
    .default(""),
  language: z.enum(LANGUAGES).catch("English"),
});
export type TStaticLinkForm = z.input<typeof ZStaticLinkForm>;

export function parseStaticLinkForm(
  input: Record<string, string | undefined>,
): { ok: true; data: z.output<typeof ZStaticLinkForm> } | { ok: false; fields: FieldErrors } {
  const parsed = ZStaticLinkForm.safeParse({
    name: input.name ?? "",
    email: input.email ?? "",
    company: input.company ?? "",
    language: input.language,
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: FieldErrors = {};
  for (const i of parsed.error.issues) fields[String(i.path[0])] ??= i.message as FieldErrorCode;
  return { ok: false, fields };
}

export async function startStaticLinkSession(opts: {
  token: string;
  form: Record<string, string | undefined>;
  /** the signed token the page embedded in the form */
  formToken: string | null | undefined;
  /** the visitor's address, as V1 and sign-in key their limits */
  address: string;
  /** the page's language, for messages before the visitor chose one */
  locale?: Locale;
  now?: Date;
}): Promise<StaticLinkSession> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const agency = await findStaticLinkAgency(opts.token, db);
  if (!agency) throw new AccessPageError("not_found");
  const parsed = parseStaticLinkForm(opts.form);
  if (!parsed.ok) throw new AccessPageError("invalid_input", { fields: parsed.fields, locale: opts.locale });
  const locale = localeForLanguage(parsed.data.language);
  const unavailable = new AccessPageError("link_unavailable", { locale });
  checkStaticLinkFormToken({ token: opts.formToken, agencyId: agency.id, locale, now });
  if (!agency.staticLinkEnabled) throw unavailable;
  const limit = await consumeRateLimit(
    "static-link",
    `${agency.id}:${opts.address}`,
    STATIC_LINK_ADDRESS_LIMIT.points,
    STATIC_LINK_ADDRESS_LIMIT.windowSeconds,
  );
  if (!limit.allowed) throw new AccessPageError("rate_limited", { locale, retryAfterSeconds: limit.resetSeconds });
  const emailNormalized = parsed.data.email.toLowerCase();

  try {
    return await inTransaction(async (tx) => {
      const plan = await staticLinkPlan(tx, agency);
      if (!plan) throw unavailable;
      // One visitor at a time per (agency, email), so two quick posts cannot both create.
      await tx.$queryRaw`SELECT 1 AS "locked" FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`static-link:${agency.id}:${emailNormalized}`}, 0))) AS l`;
      const open = await tx.accessRequest.findFirst({
        where: {
          agencyId: agency.id,
          source: "static_link",
          status: { in: ["pending", "in_progress"] },
          OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
          client: { isProspect: true, emailNormalized },
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, clientId: true },
      });
      if (open) {
        const recent = await tx.email.count({
          where: { requestId: open.id, createdAt: { gt: new Date(now.getTime() - RESEND_LINK_EVERY_MS) } },
        });
        if (recent === 0) await queueRequestEmail(tx, { agencyId: agency.id, requestId: open.id, kind: "reminder" });
        return { kind: "emailed" as const, requestId: open.id, clientId: open.clientId };
      }
      const client = await createClient({
        agencyId: agency.id,
        isProspect: true,
        tx,
        input: ZCreateClientBody.parse({
          name: parsed.data.name,
          email: parsed.data.email,
          company: parsed.data.company,
          language: parsed.data.language,
        }),
      });
      const request = await createRequest({
        agencyId: agency.id,
        source: "static_link",
        tx,
        now,
        input: ZCreateRequestBody.parse({
          clientId: client.id,
          requestedServices: plan.services,
          ...(plan.intake ? { intakeForm: { requested: true } } : {}),
        }),
      });
      const stored = await tx.accessRequest.findUniqueOrThrow({
        where: { id: request.id },
        select: requestLinkTokenSelect,
      });
      return {
        kind: "started" as const,
        inviteToken: requestLinkToken(stored),
        requestId: request.id,
        clientId: client.id,
      };
    });
  } catch (err) {
    if (err instanceof AccessPageError) throw err;
    if (err instanceof ApiError && err.code === "PLAN_LIMIT_REACHED") throw unavailable;
    if (err instanceof ApiError && err.code === "VALIDATION_FAILED") {
      // The link's stored services no longer fit the agency's accounts (one was disconnected).
      log().warn({ agencyId: agency.id, err: err.message }, "static link cannot start a session");
      throw unavailable;
    }
    throw err;
  }
}
