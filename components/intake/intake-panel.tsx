"use client";
// The intake form page body: the on/off switch, the questions in order with move, edit and
// remove, and the form for a new question. Each action returns the whole form, which
// replaces the cached copy.
import { useState } from "react";
import type { z } from "zod";
import { QuestionForm, TYPE_LABELS, clientsSpeaking, type QuestionDraft } from "@/components/intake/question-form";
import { useIntakeForm, useSetIntakeForm } from "@/components/intake/use-intake-form";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { ZIntakeQuestionInput } from "@/lib/core/intake/question-schemas";
import type { IntakeForm, IntakeQuestionItem } from "@/lib/core/intake/questions";
import { missingLanguages, type ClientLanguage } from "@/lib/core/intake/question-translations";

type QuestionInput = z.input<typeof ZIntakeQuestionInput>;

/** The page's server actions, passed in so this component never imports from app/. */
export interface IntakeActions {
  setEnabled: (input: { enabled: boolean }) => Promise<ActionResult<IntakeForm>>;
  add: (input: QuestionInput) => Promise<ActionResult<IntakeForm>>;
  update: (input: { id: string; question: QuestionInput }) => Promise<ActionResult<IntakeForm>>;
  move: (input: { id: string; direction: "up" | "down" }) => Promise<ActionResult<IntakeForm>>;
  remove: (input: { id: string }) => Promise<ActionResult<IntakeForm & { archived: boolean }>>;
}

export function IntakePanel({
  initialForm,
  canWrite,
  actions,
  languagesInUse = [],
}: {
  initialForm: IntakeForm;
  canWrite: boolean;
  actions: IntakeActions;
  /** Spanish and Dutch, where the agency has clients speaking them */
  languagesInUse?: readonly ClientLanguage[];
}) {
  const { data: form = initialForm } = useIntakeForm(initialForm);
  const setForm = useSetIntakeForm();
  const [editing, setEditing] = useState<string | null>(null);
  const [toggling, setToggling] = useState(false);

  async function apply<T extends IntakeForm>(
    call: () => Promise<ActionResult<T>>,
    success?: string,
    fieldErrors?: Record<string, string>,
  ) {
    const next = await runAction(call, { success, onFieldErrors: (e) => fieldErrors && Object.assign(fieldErrors, e) });
    if (next) setForm({ enabled: next.enabled, questions: next.questions });
    return next;
  }

  async function submitDraft(draft: QuestionDraft, id?: string) {
    const fieldErrors: Record<string, string> = {};
    const done = id
      ? await apply(() => actions.update({ id, question: draft }), "Question saved.", fieldErrors)
      : await apply(() => actions.add(draft), "Question added.", fieldErrors);
    if (done && id) setEditing(null);
    return { ok: done !== null, fieldErrors };
  }

  return (
    <div className="space-y-6">
      <Card
        title="Intake form"
        description="Questions clients answer when a request asks for the intake form. The static link can ask for it too."
      >
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={form.enabled ? "green" : "gray"}>{form.enabled ? "On" : "Off"}</Badge>
          <Checkbox
            id="intake-enabled"
            label="Ask clients these questions when a request includes the intake form"
            checked={form.enabled}
            disabled={!canWrite || toggling}
            onChange={async (e) => {
              const enabled = e.target.checked;
              // optimistic: the switch moves at once and moves back if the server refuses
              setForm({ ...form, enabled });
              setToggling(true);
              const saved = await apply(
                () => actions.setEnabled({ enabled }),
                enabled ? "Intake form turned on." : "Intake form turned off.",
              );
              if (!saved) setForm({ ...form, enabled: !enabled });
              setToggling(false);
            }}
          />
        </div>
        {form.enabled && form.questions.length === 0 ? (
          <p className="mt-2 text-sm text-amber-800">
            Add at least one question: requests cannot ask for an empty form.
          </p>
        ) : null}
      </Card>

      {form.questions.length === 0 ? (
        <EmptyState
          title="No questions yet"
          description="Add the questions you ask every new client: their website, goals, budget..."
        />
      ) : (
        <ol className="space-y-3" aria-label="Questions">
          {form.questions.map((q, i) => (
            <li
              key={q.id}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-question={q.label}
            >
              {editing === q.id ? (
                <QuestionForm
                  idPrefix={`edit-${q.id}`}
                  initial={q}
                  submitLabel="Save question"
                  languagesInUse={languagesInUse}
                  onSubmit={(d) => submitDraft(d, q.id)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <QuestionRow
                  q={q}
                  index={i}
                  count={form.questions.length}
                  canWrite={canWrite}
                  languagesInUse={languagesInUse}
                  onMove={(direction) => apply(() => actions.move({ id: q.id, direction }))}
                  onEdit={() => setEditing(q.id)}
                  onRemove={() =>
                    apply(
                      () => actions.remove({ id: q.id }),
                      q.answered ? "Question archived; past answers are kept." : "Question removed.",
                    )
                  }
                />
              )}
            </li>
          ))}
        </ol>
      )}

      {canWrite ? (
        <Card title="Add a question">
          <QuestionForm
            idPrefix="new-question"
            submitLabel="Add question"
            languagesInUse={languagesInUse}
            onSubmit={(d) => submitDraft(d)}
          />
        </Card>
      ) : (
        <p className="text-sm text-slate-600">Managers and owners edit the intake form.</p>
      )}
    </div>
  );
}

interface QuestionRowProps {
  q: IntakeQuestionItem;
  index: number;
  count: number;
  canWrite: boolean;
  languagesInUse: readonly ClientLanguage[];
  onMove: (direction: "up" | "down") => unknown;
  onEdit: () => void;
  onRemove: () => unknown;
}

function QuestionRow({ q, index, count, canWrite, languagesInUse, onMove, onEdit, onRemove }: QuestionRowProps) {
  const missing = languagesInUse.filter((l) => missingLanguages(q, [l.language]).length > 0);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <span className="mt-0.5 w-6 text-sm tabular-nums text-slate-600">{index + 1}.</span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{q.label}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          {TYPE_LABELS[q.type]}
          {q.required ? " · required" : " · optional"}
          {q.answered ? " · has answers" : ""}
          {Object.keys(q.translations ?? {}).length ? ` · also in ${Object.keys(q.translations).join(" and ")}` : ""}
        </p>
        {missing.map((l) => (
          <p key={l.language} className="mt-1 text-sm text-amber-800" data-testid="missing-language">
            {clientsSpeaking(l)} will see this question in English: it has no {l.language} wording.
            {canWrite ? " Edit it to add one." : ""}
          </p>
        ))}
        {q.options.length ? (
          <ul className="mt-1 flex flex-wrap gap-1">
            {q.options.map((o) => (
              <li key={o} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                {o}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {canWrite ? (
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            onClick={() => onMove("up")}
            aria-label={`Move "${q.label}" up`}
          >
            ↑ Up
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === count - 1}
            onClick={() => onMove("down")}
            aria-label={`Move "${q.label}" down`}
          >
            ↓ Down
          </Button>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <ConfirmButton
            size="sm"
            title="Remove this question?"
            description={
              q.answered
                ? "Clients have answered it, so it is archived: their answers stay with their requests."
                : "It has no answers yet and is deleted."
            }
            confirmLabel="Remove"
            onConfirm={onRemove}
          >
            Remove
          </ConfirmButton>
        </div>
      ) : null}
    </div>
  );
}
