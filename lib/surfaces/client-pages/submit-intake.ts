// The client's intake form submission: validates the answers against the agency's active
// questions, then in one transaction applies `submit_intake` (intake.completed, state,
// completion) and stores the answers with a snapshot of each question's label and type.
// A second submission after the first is accepted without storing anything again.

import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import type { TRequest } from "@/lib/core/requests/schemas";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { findRequestByToken, isOpenRequest, requestLocale } from "@/lib/surfaces/client-pages/find-request-by-token";
import { parseIntakeAnswers } from "@/lib/surfaces/client-pages/intake-answers";

export async function submitIntake(opts: {
  token: string;
  /** every value the form sent under a field name */
  values: (name: string) => string[];
  now?: Date;
}): Promise<{ changed: boolean; request: TRequest }> {
  const now = opts.now ?? new Date();
  const row = await findRequestByToken(opts.token);
  if (!row) throw new AccessPageError("not_found");
  const locale = requestLocale(row);
  if (!isOpenRequest(row, now)) throw new AccessPageError("closed", { locale });
  if (!row.intakeRequested) throw new AccessPageError("not_allowed", { locale });

  const db = await getDb();
  const questions = await db.intakeQuestion.findMany({
    where: { agencyId: row.agencyId, archivedAt: null },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  const parsed = parseIntakeAnswers(questions, opts.values);
  if (!parsed.ok) throw new AccessPageError("invalid_input", { fields: parsed.fields, locale });

  try {
    return await inTransaction(async (tx) => {
      // The row lock taken here also orders two submissions from two tabs.
      const applied = await applyRequestAction({ requestId: row.id, action: { kind: "submit_intake" }, tx, now });
      if (applied.changed && parsed.answers.length > 0) {
        await tx.intakeAnswer.createMany({
          data: parsed.answers.map((a) => ({
            agencyId: row.agencyId,
            requestId: row.id,
            questionId: a.question.id,
            questionLabel: a.question.label,
            questionType: a.question.type,
            value: a.value,
            createdAt: now,
          })),
        });
      }
      return { changed: applied.changed, request: applied.request };
    });
  } catch (err) {
    if (err instanceof AccessPageError) throw err;
    const current = await findRequestByToken(opts.token);
    if (!current || !isOpenRequest(current, now)) throw new AccessPageError("closed", { locale });
    throw err;
  }
}
