// Intake questions written per language: English is the question's own label and options;
// Spanish and Dutch are kept beside them ({ Spanish: { label, options } }). A client reads
// the question in their language, or in English where none is written. Options keep their
// English value as the answer (what the agency reads); only the shown text changes. Pure.
import type { z } from "zod";
import { ZQuestionTranslations } from "@/lib/core/intake/question-schemas";

export const TRANSLATED_LANGUAGES = ["Spanish", "Dutch"] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export interface QuestionTranslation {
  label: string;
  /** same order as the English options; a blank one shows the English text */
  options: string[];
}
export type QuestionTranslations = Partial<Record<TranslatedLanguage, QuestionTranslation>>;

/** A language questions can be written in that the agency's clients speak, and how many do. */
export interface ClientLanguage {
  language: TranslatedLanguage;
  clients: number;
}

/** What is stored: only languages with a label, options no longer than the English ones. */
export function cleanTranslations(
  input: z.infer<typeof ZQuestionTranslations> | undefined,
  optionCount: number,
): QuestionTranslations {
  const out: QuestionTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const t = input?.[lang];
    if (!t || t.label.trim() === "") continue;
    out[lang] = { label: t.label.trim(), options: t.options.slice(0, optionCount).map((o) => o.trim()) };
  }
  return out;
}

/** Reads the stored JSON defensively (anything unexpected is ignored). */
export function readTranslations(raw: unknown): QuestionTranslations {
  const parsed = ZQuestionTranslations.safeParse(raw ?? {});
  return parsed.success ? cleanTranslations(parsed.data, 20) : {};
}

export interface LocalizedQuestion {
  label: string;
  /** the options as shown; `values` are what an answer stores (the English options) */
  optionLabels: string[];
}

/** The question as a client speaking `language` reads it: their language, else English. */
export function localizeQuestion(
  q: { label: string; options: readonly string[]; translations: unknown },
  language: string,
): LocalizedQuestion {
  const t = (TRANSLATED_LANGUAGES as readonly string[]).includes(language)
    ? readTranslations(q.translations)[language as TranslatedLanguage]
    : undefined;
  return {
    label: t?.label || q.label,
    optionLabels: q.options.map((o, i) => t?.options[i] || o),
  };
}

/** The languages of `inUse` a question has no wording in: clients speaking them read it in English. */
export function missingLanguages(
  q: { translations: QuestionTranslations },
  inUse: readonly TranslatedLanguage[],
): TranslatedLanguage[] {
  return inUse.filter((lang) => !q.translations[lang]?.label);
}
