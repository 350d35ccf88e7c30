// Validates the client's intake answers against the agency's active questions with zod:
// required flags, text up to 1000 characters and long text up to 5000, choices among the
// question's options. Refusals are field error codes, put into words in the client's
// language by the page. Pure: the caller reads the form and stores the answers.

import { z } from "zod";
import { tooLongCode, type FieldErrorCode, type FieldErrors } from "@/lib/surfaces/client-pages/field-errors";

export const TEXT_ANSWER_MAX = 1000;
export const LONG_TEXT_ANSWER_MAX = 5000;

export interface IntakeQuestionRule {
  id: string;
  type: string;
  label: string;
  required: boolean;
  options: string[];
}

export interface IntakeAnswer {
  question: IntakeQuestionRule;
  /** a string, or the chosen options of a multiple-choice question */
  value: string | string[];
}

export type ParsedIntake = { ok: true; answers: IntakeAnswer[] } | { ok: false; fields: FieldErrors };

/** What the client typed into the intake form, by field name: kept on a refused form. */
export type IntakeDraft = Record<string, string[]>;

/** The intake form's fields as posted (`q.<id>`), each with every value sent under it. */
export function intakeDraftOf(form: URLSearchParams): IntakeDraft {
  const draft: IntakeDraft = {};
  for (const [name, value] of form) if (name.startsWith("q.")) (draft[name] ??= []).push(value);
  return draft;
}

/** The form field of a question: `q.<id>`. */
export function answerField(questionId: string): string {
  return `q.${questionId}`;
}

function issue(code: FieldErrorCode) {
  return { error: code };
}

function schemaFor(q: IntakeQuestionRule): z.ZodType<string | string[]> {
  if (q.type === "multiple_choice") {
    const base = z
      .array(z.string().refine((v) => q.options.includes(v), issue("invalidOption")))
      .transform((v) => [...new Set(v)]);
    return q.required ? base.refine((v) => v.length > 0, issue("chooseAtLeastOne")) : base;
  }
  if (q.type === "single_choice") {
    const chosen = z.string().refine((v) => v === "" || q.options.includes(v), issue("invalidOption"));
    return q.required ? chosen.refine((v) => v !== "", issue("chooseOne")) : chosen;
  }
  const max = q.type === "long_text" ? LONG_TEXT_ANSWER_MAX : TEXT_ANSWER_MAX;
  // Line endings count once, whatever the browser sent.
  const text = z
    .string()
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(max, issue(tooLongCode(max))));
  return q.required ? text.pipe(z.string().min(1, issue("required"))) : text;
}

/** `values(name)` returns every value the form sent under that name. */
export function parseIntakeAnswers(questions: IntakeQuestionRule[], values: (name: string) => string[]): ParsedIntake {
  const shape: Record<string, z.ZodType<string | string[]>> = {};
  const input: Record<string, string | string[]> = {};
  for (const q of questions) {
    shape[q.id] = schemaFor(q);
    const sent = values(answerField(q.id));
    input[q.id] = q.type === "multiple_choice" ? sent : (sent[0] ?? "");
  }
  const parsed = z.object(shape).safeParse(input);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const i of parsed.error.issues) {
      const id = String(i.path[0]);
      fields[answerField(id)] ??= i.message as FieldErrorCode;
    }
    return { ok: false, fields };
  }
  const answers: IntakeAnswer[] = [];
  for (const q of questions) {
    const value = parsed.data[q.id]!;
    if (Array.isArray(value) ? value.length > 0 : value !== "") answers.push({ question: q, value });
  }
  return { ok: true, answers };
}
