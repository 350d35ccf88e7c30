// Turning the agency's intake form on or off and, when questions are given, replacing
// its question list. Old questions are archived, not deleted: answers already given
// keep pointing at them.
import type { IntakeQuestion } from "@/generated/prisma/client";
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { notFound, validationError } from "@/lib/core/common/api-error";
import { MAX_INTAKE_QUESTIONS, MAX_QUESTION_LENGTH } from "@/lib/core/intake/question-schemas";

import { UUID } from "@/lib/core/common/uuid";
import type { QuestionTranslations } from "@/lib/core/intake/question-translations";

/** A text question: its English wording alone, or with its Spanish and Dutch wording. */
export type TextQuestion = string | { label: string; translations?: QuestionTranslations };

export interface IntakeQuestionView {
  id: string;
  type: string;
  label: string;
  required: boolean;
  options: string[];
  position: number;
}

export interface IntakeSettings {
  agencyId: string;
  enabled: boolean;
  questions: IntakeQuestionView[];
}

export interface SetIntakeOptions {
  agencyId: string;
  enabled: boolean;
  /** replaces the active questions with these text questions when given */
  questions?: readonly TextQuestion[];
  tx?: Tx;
  now?: Date;
}

function toView(q: IntakeQuestion): IntakeQuestionView {
  return {
    id: q.id,
    type: q.type,
    label: q.label,
    required: q.required,
    options: [...q.options],
    position: q.position,
  };
}

interface CheckedQuestion {
  label: string;
  translations: QuestionTranslations;
}

function checkQuestions(questions: readonly TextQuestion[]): CheckedQuestion[] {
  if (questions.length > MAX_INTAKE_QUESTIONS)
    throw validationError("questions", `At most ${MAX_INTAKE_QUESTIONS} questions.`);
  return questions.map((q, i) => {
    const label = (typeof q === "string" ? q : q.label).trim();
    if (!label) throw validationError(`questions[${i}]`, "Must not be empty.");
    if (label.length > MAX_QUESTION_LENGTH)
      throw validationError(`questions[${i}]`, `At most ${MAX_QUESTION_LENGTH} characters.`);
    return { label, translations: typeof q === "string" ? {} : (q.translations ?? {}) };
  });
}

async function apply(
  db: Tx,
  agencyId: string,
  enabled: boolean,
  labels: CheckedQuestion[] | undefined,
  now: Date,
): Promise<IntakeSettings> {
  const agency = await db.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
  if (!agency) throw notFound("Agency");
  await db.agency.update({ where: { id: agencyId }, data: { intakeFormEnabled: enabled } });
  if (labels !== undefined) {
    await db.intakeQuestion.updateMany({ where: { agencyId, archivedAt: null }, data: { archivedAt: now } });
    if (labels.length > 0) {
      await db.intakeQuestion.createMany({
        data: labels.map(({ label, translations }, position) => ({
          agencyId,
          type: "text",
          label,
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it for Prisma's JSON input
          translations: translations as object,
          required: false,
          options: [],
          position,
        })),
      });
    }
  }
  const active = await db.intakeQuestion.findMany({
    where: { agencyId, archivedAt: null },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return { agencyId, enabled, questions: active.map(toView) };
}

export async function setIntake({
  agencyId,
  enabled,
  questions,
  tx,
  now = new Date(),
}: SetIntakeOptions): Promise<IntakeSettings> {
  const labels = questions === undefined ? undefined : checkQuestions(questions);
  if (!UUID.test(agencyId)) throw notFound("Agency");
  return inTransaction((t) => apply(t, agencyId, enabled, labels, now), { tx });
}
