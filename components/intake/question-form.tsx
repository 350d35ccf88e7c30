"use client";
// Adding or editing one intake question: type, wording, required flag, and for choice
// questions the options (one per line). Errors come back from the server per field.
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { isChoiceType, type IntakeQuestionType } from "@/lib/core/intake/question-schemas";
import {
  TRANSLATED_LANGUAGES,
  type ClientLanguage,
  type QuestionTranslations,
  type TranslatedLanguage,
} from "@/lib/core/intake/question-translations";

export interface QuestionDraft {
  type: IntakeQuestionType;
  label: string;
  required: boolean;
  options: string[];
  /** the question in Spanish and Dutch; blank shows English to those clients */
  translations?: QuestionTranslations;
}

const LANGUAGE_NAMES: Record<TranslatedLanguage, string> = {
  Spanish: "Spanish (Español)",
  Dutch: "Dutch (Nederlands)",
};

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((o) => o.trim())
    .filter(Boolean);
}

export const TYPE_LABELS: Record<IntakeQuestionType, string> = {
  text: "Short answer",
  long_text: "Long answer",
  single_choice: "One choice",
  multiple_choice: "Several choices",
};

export interface QuestionFormProps {
  idPrefix: string;
  initial?: QuestionDraft;
  submitLabel: string;
  onSubmit: (draft: QuestionDraft) => Promise<{ ok: boolean; fieldErrors: Record<string, string> }>;
  onCancel?: () => void;
  /** the Spanish and Dutch the agency's clients speak: their wording is asked for, not optional */
  languagesInUse?: readonly ClientLanguage[];
}

/** "Your 3 Spanish-speaking clients", "Your client who speaks Dutch" */
export function clientsSpeaking(l: ClientLanguage): string {
  return l.clients === 1 ? `Your client who speaks ${l.language}` : `Your ${l.clients} ${l.language}-speaking clients`;
}

/** Beside a blank wording in a language the agency's clients speak: who would read English. */
function inUseHint(inUse: readonly ClientLanguage[], lang: TranslatedLanguage, label: string): string | undefined {
  const l = inUse.find((x) => x.language === lang);
  return l && label.trim() === ""
    ? `${clientsSpeaking(l)} will see this question in English while this is blank.`
    : undefined;
}

function optionsError(errors: Record<string, string>): string | undefined {
  const key = Object.keys(errors).find((k) => k === "options" || k.startsWith("options["));
  return key ? errors[key] : undefined;
}

export function QuestionForm({
  idPrefix,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  languagesInUse = [],
}: QuestionFormProps) {
  const [type, setType] = useState<IntakeQuestionType>(initial?.type ?? "text");
  const [label, setLabel] = useState(initial?.label ?? "");
  const [required, setRequired] = useState(initial?.required ?? false);
  const [options, setOptions] = useState((initial?.options ?? []).join("\n"));
  const [translated, setTranslated] = useState<Record<TranslatedLanguage, { label: string; options: string }>>(() => ({
    Spanish: {
      label: initial?.translations?.Spanish?.label ?? "",
      options: (initial?.translations?.Spanish?.options ?? []).join("\n"),
    },
    Dutch: {
      label: initial?.translations?.Dutch?.label ?? "",
      options: (initial?.translations?.Dutch?.options ?? []).join("\n"),
    },
  }));
  const setTranslation = (lang: TranslatedLanguage, part: "label" | "options", value: string) =>
    setTranslated((t) => ({ ...t, [lang]: { ...t[lang], [part]: value } }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const choice = isChoiceType(type);
      const translations = Object.fromEntries(
        TRANSLATED_LANGUAGES.map((lang) => [
          lang,
          { label: translated[lang].label, options: choice ? lines(translated[lang].options) : [] },
        ]),
      ) as QuestionTranslations;
      const result = await onSubmit({ type, label, required, options: choice ? lines(options) : [], translations });
      setErrors(result.fieldErrors);
      if (result.ok && !initial) {
        setLabel("");
        setOptions("");
        setRequired(false);
        setTranslated({ Spanish: { label: "", options: "" }, Dutch: { label: "", options: "" } });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_12rem]" noValidate>
      <Field id={`${idPrefix}-label`} label="Question" error={errors.label}>
        <Input
          id={`${idPrefix}-label`}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          invalid={!!errors.label}
          placeholder="What is your website?"
        />
      </Field>
      <Field id={`${idPrefix}-type`} label="Answer type" error={errors.type}>
        <Select id={`${idPrefix}-type`} value={type} onChange={(e) => setType(e.target.value as IntakeQuestionType)}>
          {Object.entries(TYPE_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      </Field>
      {isChoiceType(type) ? (
        <Field
          id={`${idPrefix}-options`}
          label="Options, one per line"
          error={optionsError(errors)}
          className="sm:col-span-2"
        >
          <Textarea
            id={`${idPrefix}-options`}
            rows={4}
            value={options}
            onChange={(e) => setOptions(e.target.value)}
            invalid={!!optionsError(errors)}
          />
        </Field>
      ) : null}
      <details
        className="sm:col-span-2"
        open={languagesInUse.length > 0 || TRANSLATED_LANGUAGES.some((l) => translated[l].label !== "")}
      >
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          {languagesInUse.length > 0
            ? `In ${languagesInUse.map((l) => l.language).join(" and ")}: your clients speak it`
            : "In Spanish and Dutch (optional)"}
        </summary>
        <p className="mt-1 text-sm text-slate-600">
          Clients whose language is Spanish or Dutch read this wording; where it is blank they read the English.
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {TRANSLATED_LANGUAGES.map((lang) => (
            <div key={lang} className="space-y-2">
              <Field
                id={`${idPrefix}-label-${lang}`}
                label={`Wording in ${LANGUAGE_NAMES[lang]}`}
                optional
                error={errors[`translations.${lang}.label`]}
                hint={inUseHint(languagesInUse, lang, translated[lang].label)}
              >
                <Input
                  id={`${idPrefix}-label-${lang}`}
                  value={translated[lang].label}
                  onChange={(e) => setTranslation(lang, "label", e.target.value)}
                />
              </Field>
              {isChoiceType(type) ? (
                <Field
                  id={`${idPrefix}-options-${lang}`}
                  label={`Choices in ${LANGUAGE_NAMES[lang]}, same order`}
                  optional
                >
                  <Textarea
                    id={`${idPrefix}-options-${lang}`}
                    rows={3}
                    value={translated[lang].options}
                    onChange={(e) => setTranslation(lang, "options", e.target.value)}
                  />
                </Field>
              ) : null}
            </div>
          ))}
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <Checkbox
          id={`${idPrefix}-required`}
          label="Required"
          checked={required}
          onChange={(e) => setRequired(e.target.checked)}
        />
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
