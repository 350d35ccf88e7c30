// The agency's intake form as the dashboard edits it: turning it on or off, and adding,
// editing, reordering and removing questions one at a time. Answered questions are
// archived rather than deleted, so the answers keep pointing at what the client saw.
// Every change takes a lock on the agency row, so two editors never interleave
// positions.
import type { IntakeQuestion } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError, notFound } from "@/lib/core/common/api-error";
import {
  INTAKE_QUESTION_TYPES,
  MAX_INTAKE_QUESTIONS,
  type IntakeQuestionType,
  type TIntakeQuestionInput,
} from "@/lib/core/intake/question-schemas";

import { UUID } from "@/lib/core/common/uuid";
import {
  cleanTranslations,
  readTranslations,
  type QuestionTranslations,
} from "@/lib/core/intake/question-translations";

export interface IntakeQuestionItem {
  id: string;
  type: IntakeQuestionType;
  label: string;
  required: boolean;
  options: string[];
  position: number;
  /** the question in Spanish and Dutch, where written */
  translations: QuestionTranslations;
  /** answered questions are archived on removal instead of deleted */
  answered: boolean;
}

export interface IntakeForm {
  enabled: boolean;
  questions: IntakeQuestionItem[];
}

function toItem(q: IntakeQuestion, answered: Set<string>): IntakeQuestionItem {
  const type = (INTAKE_QUESTION_TYPES as readonly string[]).includes(q.type) ? (q.type as IntakeQuestionType) : "text";
  return {
    id: q.id,
    type,
    label: q.label,
    required: q.required,
    options: [...q.options],
    position: q.position,
    translations: readTranslations(q.translations),
    answered: answered.has(q.id),
  };
}

async function activeQuestions(db: Tx, agencyId: string): Promise<IntakeQuestion[]> {
  return db.intakeQuestion.findMany({
    where: { agencyId, archivedAt: null },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
}

async function readForm(db: Tx, agencyId: string): Promise<IntakeForm> {
  const agency = await db.agency.findUnique({ where: { id: agencyId }, select: { intakeFormEnabled: true } });
  if (!agency) throw notFound("Agency");
  const questions = await activeQuestions(db, agencyId);
  const answered = questions.length
    ? await db.intakeAnswer.groupBy({
        by: ["questionId"],
        where: { agencyId, questionId: { in: questions.map((q) => q.id) } },
      })
    : [];
  const answeredIds = new Set(answered.map((a) => a.questionId));
  return { enabled: agency.intakeFormEnabled, questions: questions.map((q) => toItem(q, answeredIds)) };
}

/** Positions become 0..n-1 in the current order, so moves are always a swap of neighbours. */
async function renumber(db: Tx, questions: IntakeQuestion[]): Promise<void> {
  for (const [i, q] of questions.entries()) {
    if (q.position !== i) await db.intakeQuestion.update({ where: { id: q.id }, data: { position: i } });
  }
}

async function lockAgency(db: Tx, agencyId: string): Promise<void> {
  const rows = await db.$queryRaw<
    { id: string }[]
  >`SELECT "id" FROM "Agency" WHERE "id" = ${agencyId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw notFound("Agency");
}

async function withAgencyLocked<T>(agencyId: string, tx: Tx | undefined, fn: (db: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(agencyId)) throw notFound("Agency");
  const run = async (db: Tx) => {
    await lockAgency(db, agencyId);
    return fn(db);
  };
  return inTransaction(run, { tx });
}

async function findActive(db: Tx, agencyId: string, id: string): Promise<IntakeQuestion> {
  const q = UUID.test(id) ? await db.intakeQuestion.findFirst({ where: { id, agencyId, archivedAt: null } }) : null;
  if (!q) throw notFound("Question");
  return q;
}

export async function getIntakeForm({ agencyId, tx }: { agencyId: string; tx?: Tx }): Promise<IntakeForm> {
  if (!UUID.test(agencyId)) throw notFound("Agency");
  return readForm(tx ?? (await getDb()), agencyId);
}

export async function setIntakeEnabled({
  agencyId,
  enabled,
  tx,
}: {
  agencyId: string;
  enabled: boolean;
  tx?: Tx;
}): Promise<IntakeForm> {
  return withAgencyLocked(agencyId, tx, async (db) => {
    await db.agency.update({ where: { id: agencyId }, data: { intakeFormEnabled: enabled } });
    return readForm(db, agencyId);
  });
}

export async function addIntakeQuestion({
  agencyId,
  input,
  tx,
}: {
  agencyId: string;
  input: TIntakeQuestionInput;
  tx?: Tx;
}): Promise<IntakeForm> {
  return withAgencyLocked(agencyId, tx, async (db) => {
    const questions = await activeQuestions(db, agencyId);
    if (questions.length >= MAX_INTAKE_QUESTIONS) {
      throw new ApiError(
        "LIMIT_REACHED",
        `An intake form has at most ${MAX_INTAKE_QUESTIONS} questions; remove one first.`,
      );
    }
    await renumber(db, questions);
    await db.intakeQuestion.create({
      data: {
        agencyId,
        type: input.type,
        label: input.label,
        required: input.required,
        options: input.options,
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (Prisma JSON input)
        translations: cleanTranslations(input.translations, input.options.length) as object,
        position: questions.length,
      },
    });
    return readForm(db, agencyId);
  });
}

export async function updateIntakeQuestion(opts: {
  agencyId: string;
  id: string;
  input: TIntakeQuestionInput;
  tx?: Tx;
}): Promise<IntakeForm> {
  const { agencyId, id, input, tx } = opts;
  return withAgencyLocked(agencyId, tx, async (db) => {
    await findActive(db, agencyId, id);
    // Answers keep their own copy of the label and type, so editing in place never
    // changes what a client is shown to have answered.
    await db.intakeQuestion.update({
      where: { id },
      data: {
        type: input.type,
        label: input.label,
        required: input.required,
        options: input.options,
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (Prisma JSON input)
        translations: cleanTranslations(input.translations, input.options.length) as object,
      },
    });
    return readForm(db, agencyId);
  });
}

export async function moveIntakeQuestion(opts: {
  agencyId: string;
  id: string;
  direction: "up" | "down";
  tx?: Tx;
}): Promise<IntakeForm> {
  const { agencyId, id, direction, tx } = opts;
  return withAgencyLocked(agencyId, tx, async (db) => {
    await findActive(db, agencyId, id);
    const questions = await activeQuestions(db, agencyId);
    const from = questions.findIndex((q) => q.id === id);
    const to = direction === "up" ? from - 1 : from + 1;
    // moving the first question up (or the last down) changes nothing
    if (to >= 0 && to < questions.length) [questions[from], questions[to]] = [questions[to]!, questions[from]!];
    await renumber(db, questions);
    return readForm(db, agencyId);
  });
}

export async function removeIntakeQuestion(opts: {
  agencyId: string;
  id: string;
  tx?: Tx;
  now?: Date;
}): Promise<IntakeForm & { archived: boolean }> {
  const { agencyId, id, tx, now = new Date() } = opts;
  return withAgencyLocked(agencyId, tx, async (db) => {
    await findActive(db, agencyId, id);
    const answers = await db.intakeAnswer.count({ where: { agencyId, questionId: id } });
    if (answers > 0) await db.intakeQuestion.update({ where: { id }, data: { archivedAt: now } });
    else await db.intakeQuestion.delete({ where: { id } });
    await renumber(db, await activeQuestions(db, agencyId));
    return { ...(await readForm(db, agencyId)), archived: answers > 0 };
  });
}
