"use client";
// Reminder settings: on or off, and up to three days after sending (the client's, and a
// colleague's the client handed services to); and after how many quiet days the team is told
// a request has stalled.
import { useState } from "react";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { TReminderSettings } from "@/lib/core/agencies/reminder-settings";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";

export function ReminderSettingsPanel({
  initial,
  max,
  canWrite,
  save,
}: {
  initial: TReminderSettings & { stalledAfterDays: number };
  max: number;
  canWrite: boolean;
  save: (input: TReminderSettings) => Promise<ActionResult<TReminderSettings & { stalledAfterDays: number }>>;
}) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [days, setDays] = useState<string[]>(
    Array.from({ length: max }, (_, i) => (initial.days[i] !== undefined ? String(initial.days[i]) : "")),
  );
  const [stalled, setStalled] = useState(String(initial.stalledAfterDays));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dayError = Object.entries(errors).find(([k]) => k === "days" || k.startsWith("days["))?.[1];

  return (
    <Card title="Automatic reminders and stalled requests">
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setErrors({});
          const input = {
            enabled,
            days: days.filter((d) => d.trim() !== "").map(Number),
            stalledAfterDays: stalled.trim() === "" ? Number.NaN : Number(stalled),
          };
          const saved = await runAction(() => save(input), {
            success: "Reminder settings saved.",
            onFieldErrors: setErrors,
          });
          setBusy(false);
          if (saved) {
            setEnabled(saved.enabled);
            setDays(Array.from({ length: max }, (_, i) => (saved.days[i] !== undefined ? String(saved.days[i]) : "")));
            setStalled(String(saved.stalledAfterDays));
          }
        }}
      >
        <Checkbox
          id="reminders-enabled"
          label="Send reminders"
          hint="Off: clients are never reminded automatically."
          checked={enabled}
          disabled={!canWrite}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <fieldset disabled={!canWrite || !enabled} className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">
            Days after the request was sent (up to {max})
          </legend>
          {days.map((d, i) => (
            <Field key={i} id={`reminder-day-${i}`} label={`Reminder ${i + 1}`} optional>
              <Input
                id={`reminder-day-${i}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={60}
                value={d}
                onChange={(e) => setDays(days.map((x, j) => (j === i ? e.target.value : x)))}
                invalid={!!dayError}
                aria-describedby="reminder-days-error"
              />
            </Field>
          ))}
        </fieldset>
        <FieldError id="reminder-days-error" message={dayError} />
        <Field
          id="stalled-after-days"
          label="Tell the team a request has stalled after this many days without client activity"
          hint="Once per quiet spell, in the app and by email as each member chose under Notifications. 0: never."
          error={errors.stalledAfterDays}
        >
          <Input
            id="stalled-after-days"
            type="number"
            inputMode="numeric"
            min={0}
            max={60}
            required
            value={stalled}
            disabled={!canWrite}
            onChange={(e) => setStalled(e.target.value)}
            invalid={!!errors.stalledAfterDays}
            aria-describedby="stalled-after-days-error"
            className="max-w-32"
          />
        </Field>
        {canWrite ? (
          <Button type="submit" busy={busy} disabled={busy}>
            Save reminders
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Only managers and owners can change reminders.</p>
        )}
      </form>
    </Card>
  );
}
