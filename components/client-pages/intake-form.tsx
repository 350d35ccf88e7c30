// The agency's intake questions as one form: text, long text, single and multiple
// choice, with required marks, the length limits the server enforces, and the error
// of each field (from the page URL after a refused post, or filled in by enhance-form.js). A
// refused post without JavaScript comes back as this page with every answer as typed.
import type { IntakeQuestionView } from "@/lib/surfaces/client-pages/load-access-page";
import type { Surface } from "@/lib/surfaces/client-pages/access-http";
import { fieldErrorMessage, type FieldErrors } from "@/lib/surfaces/client-pages/field-errors";
import {
  LONG_TEXT_ANSWER_MAX,
  TEXT_ANSWER_MAX,
  answerField,
  type IntakeDraft,
} from "@/lib/surfaces/client-pages/intake-answers";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { PostForm } from "@/components/client-pages/post-form";
import { card, primaryButton, textInput } from "@/components/client-pages/styles";

function Question({
  locale,
  q,
  index,
  error,
  typed,
}: {
  locale: Locale;
  q: IntakeQuestionView;
  index: number;
  error: string | null;
  /** what the client typed before a refusal, kept */
  typed: string[] | undefined;
}) {
  const name = answerField(q.id);
  const id = `intake-${index}`;
  const errorId = `${id}-error`;
  const mark = q.required ? (
    <>
      <span aria-hidden="true" className="text-red-700">
        {" "}
        *
      </span>
      <span className="sr-only"> ({t(locale, "intake.requiredMark")})</span>
    </>
  ) : null;
  const errorSlot = (
    <p id={errorId} data-error-for={name} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
  const invalid = error ? true : undefined;

  if (q.type === "single_choice" || q.type === "multiple_choice") {
    const multiple = q.type === "multiple_choice";
    return (
      <fieldset className="mt-4" aria-describedby={errorId}>
        <legend className="text-sm font-medium">
          {q.label}
          {mark}
        </legend>
        <div className="mt-1 space-y-1">
          {q.options.map((option, i) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type={multiple ? "checkbox" : "radio"}
                name={name}
                value={option}
                id={`${id}-${i}`}
                required={q.required && !multiple ? true : undefined}
                aria-invalid={invalid}
                defaultChecked={typed?.includes(option) || undefined}
                className="h-5 w-5 accent-[var(--accent)]"
              />
              {q.optionLabels?.[i] || option}
            </label>
          ))}
        </div>
        {errorSlot}
      </fieldset>
    );
  }

  const long = q.type === "long_text";
  const common = {
    id,
    name,
    required: q.required || undefined,
    maxLength: long ? LONG_TEXT_ANSWER_MAX : TEXT_ANSWER_MAX,
    "aria-describedby": errorId,
    "aria-invalid": invalid,
    className: textInput,
    defaultValue: typed?.[0],
  };
  return (
    <div className="mt-4">
      <label htmlFor={id} className="text-sm font-medium">
        {q.label}
        {mark}
      </label>
      {long ? <textarea rows={5} {...common} /> : <input type="text" {...common} />}
      {errorSlot}
    </div>
  );
}

export function IntakeForm(props: {
  locale: Locale;
  token: string;
  surface: Surface;
  agencyName: string;
  questions: IntakeQuestionView[];
  fieldErrors: FieldErrors;
  formError: string | null;
  /** the answers of a refused post, shown again (JavaScript off: the page comes back with them) */
  draft?: IntakeDraft;
}) {
  const { locale } = props;
  return (
    <section aria-labelledby="intake-title" className={`${card} mt-6`} id="intake">
      <h2 id="intake-title" className="text-lg font-semibold">
        {t(locale, "intake.title", { agency: props.agencyName })}
      </h2>
      <PostForm action={`/api/access/${encodeURIComponent(props.token)}/intake`}>
        <input type="hidden" name="surface" value={props.surface} />
        <p data-form-error tabIndex={-1} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {props.formError}
        </p>
        {props.questions.map((q, i) => {
          const code = props.fieldErrors[answerField(q.id)];
          return (
            <Question
              key={q.id}
              locale={locale}
              q={q}
              index={i}
              error={code ? fieldErrorMessage(locale, code) : null}
              typed={props.draft?.[answerField(q.id)]}
            />
          );
        })}
        <button type="submit" className={`${primaryButton} mt-5`}>
          {t(locale, "action.submit")}
        </button>
      </PostForm>
    </section>
  );
}
