// Intake question shapes, safe to import in the browser (no database): the four answer
// types, the limits, and the zod schemas the dashboard's actions validate with.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";

// the same limits as lib/intake/set-intake.ts (the admin CLI's bulk replace)
export const MAX_INTAKE_QUESTIONS = 50;
export const MAX_QUESTION_LENGTH = 500;
export const INTAKE_QUESTION_TYPES = ["text", "long_text", "single_choice", "multiple_choice"] as const;
export type IntakeQuestionType = (typeof INTAKE_QUESTION_TYPES)[number];
export const MAX_OPTIONS = 20;
export const MAX_OPTION_LENGTH = 200;

export function isChoiceType(type: string): boolean {
  return type === "single_choice" || type === "multiple_choice";
}

/** The question in Spanish and Dutch (English is its label and options); blank means English. */
const ZQuestionTranslation = z.strictObject({
  label: z.string().trim().max(MAX_QUESTION_LENGTH, `At most ${MAX_QUESTION_LENGTH} characters.`).default(""),
  options: z
    .array(z.string().trim().max(MAX_OPTION_LENGTH, `At most ${MAX_OPTION_LENGTH} characters.`))
    .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options.`)
    .default([]),
});
export const ZQuestionTranslations = z
  .strictObject({ Spanish: ZQuestionTranslation.optional(), Dutch: ZQuestionTranslation.optional() })
  .default({});

export const ZIntakeQuestionInput = z
  .strictObject({
    type: z.enum(INTAKE_QUESTION_TYPES, { error: `Must be one of ${INTAKE_QUESTION_TYPES.join(", ")}.` }),
    label: z
      .string({ error: "Required." })
      .trim()
      .min(1, "Must not be empty.")
      .max(MAX_QUESTION_LENGTH, `At most ${MAX_QUESTION_LENGTH} characters.`),
    required: z.boolean().default(false),
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, "Options must not be empty.")
          .max(MAX_OPTION_LENGTH, `At most ${MAX_OPTION_LENGTH} characters.`),
      )
      .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options.`)
      .default([]),
    translations: ZQuestionTranslations,
  })
  .superRefine((q, ctx) => {
    if (!isChoiceType(q.type)) return;
    if (q.options.length < 2)
      ctx.addIssue({ code: "custom", path: ["options"], message: "A choice question needs at least two options." });
    const seen = new Set<string>();
    q.options.forEach((o, i) => {
      const key = o.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["options", i], message: `"${o}" is listed twice.` });
      seen.add(key);
    });
  })
  // a text question has no options; a form switching type may still send the old ones
  .transform((q) => (isChoiceType(q.type) ? q : { ...q, options: [] }));
export type TIntakeQuestionInput = z.infer<typeof ZIntakeQuestionInput>;

export const ZMoveIntakeQuestion = z.strictObject({ id: zUuid(), direction: z.enum(["up", "down"]) });
