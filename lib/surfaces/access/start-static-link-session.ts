// A visitor's session on the agency's static link: their name, email, company and
// language become a prospect client (client.created) and a request with source
// `static_link` for the link's services and intake form (request.created, one prospect
// unit of this month's allowance), in one transaction. At the allowance limit, or when
// the link is off or asks for nothing, nothing is created and the link is unavailable.

import { z } from "zod";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError } from "@/lib/core/common/api-error";
import { LANGUAGES, localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { AccessPageError } from "@/lib/surfaces/access/access-page-error";
import { tooLongCode, type FieldErrorCode, type FieldErrors } from "@/lib/surfaces/access/field-errors";
import { findStaticLinkAgency, staticLinkPlan } from "@/lib/surfaces/access/load-static-link";

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

export function parseStaticLinkForm(input: Record<string, string | undefined>): { ok: true; data: z.output<typeof ZStaticLinkForm> } | { ok: false; fields: FieldErrors } {
  const parsed = ZStaticLinkForm.safeParse({ name: input.name ?? "", email: input.email ?? "", company: input.company ?? "", language: input.language });
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: FieldErrors = {};
  for (const i of parsed.error.issues) fields[String(i.path[0])] ??= i.message as FieldErrorCode;
  return { ok: false, fields };
}

export async function startStaticLinkSession(opts: {
  token: string;
  form: Record<string, string | undefined>;
  /** the page's language, for messages before the visitor chose one */
  locale?: Locale;
  now?: Date;
}): Promise<{ inviteToken: string; requestId: string; clientId: string }> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const agency = await findStaticLinkAgency(opts.token, db);
  if (!agency) throw new AccessPageError("not_found");
  const parsed = parseStaticLinkForm(opts.form);
  if (!parsed.ok) throw new AccessPageError("invalid_input", { fields: parsed.fields, locale: opts.locale });
  const locale = localeForLanguage(parsed.data.language);
  const unavailable = new AccessPageError("link_unavailable", { locale });
  if (!agency.staticLinkEnabled) throw unavailable;

  try {
    return await inTransaction(async (tx) => {
      const plan = await staticLinkPlan(tx, agency);
      if (!plan) throw unavailable;
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
      const { inviteToken } = await tx.accessRequest.findUniqueOrThrow({ where: { id: request.id }, select: { inviteToken: true } });
      return { inviteToken, requestId: request.id, clientId: client.id };
    });
  } catch (err) {
    if (err instanceof AccessPageError) throw err;
    if (err instanceof ApiError && err.code === "PLAN_LIMIT_REACHED") throw unavailable;
    if (err instanceof ApiError && err.code === "VALIDATION_FAILED") {
      // The link's stored services no longer fit the agency's accounts (one was disconnected).
      console.warn(`static link of agency ${agency.id} cannot start a session: ${err.message}`);
      throw unavailable;
    }
    throw err;
  }
}
