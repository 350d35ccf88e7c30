"use client";
// What the Platforms page's cards share, for a platform's credentials and for a staff
// sign-in provider alike: running an action (busy state, errors beside their fields, the
// page's data refreshed), a value to copy, the fields (environment values shown as such and
// locked, saved secrets masked) and the last Verify's answer.
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { runAction } from "@/components/ui/action-feedback";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { SettingVerification } from "@/lib/core/instance/platform-settings";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export type SettingFieldView = {
  key: string;
  label: string;
  secret: boolean;
  required: boolean;
  hint?: string | null;
  source: "environment" | "saved" | null;
  display: string | null;
};

/** A card's actions: which one runs, the errors by field (`values.X` read as `X`), a refresh after each. */
export function useSettingsCard() {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  async function run<T>(what: string, call: () => Promise<ActionResult<T>>, success?: string) {
    setBusy(what);
    const data = await runAction(call, {
      success,
      onFieldErrors: (fe) =>
        setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k.replace(/^values\./, ""), v]))),
    });
    setBusy(null);
    if (data !== null) router.refresh();
    return data;
  }
  return { errors, busy, run };
}

function SourceNote({ source }: { source: "environment" | "saved" | null }) {
  if (source === "environment")
    return <span className="text-xs font-medium text-slate-700">Set by the environment</span>;
  if (source === "saved") return <span className="text-xs text-slate-600">Saved here</span>;
  return <span className="text-xs text-slate-600">Not set</span>;
}

/** One value to paste on the other side, with its copy button beside it (never below). */
export function CopyRow({
  label,
  value,
  lines,
  note,
}: {
  label: string;
  value: string;
  /** shown one per line instead of `value` (scopes) */
  lines?: string[];
  note?: string;
}) {
  return (
    <li className="flex items-start gap-2 rounded-md bg-slate-50 px-2 py-1.5">
      <div className="min-w-0 flex-1">
        {note ? <p className="text-xs text-slate-600">{note}</p> : null}
        <code translate="no" className="block text-xs text-slate-800 [overflow-wrap:anywhere]" aria-label={label}>
          {lines
            ? lines.map((l) => (
                <span key={l} className="block">
                  {l}
                </span>
              ))
            : value}
        </code>
      </div>
      <CopyButton value={value} label="Copy" className="shrink-0" />
    </li>
  );
}

/** The fields of one card; `idPrefix` keeps ids unique on the page. */
export function SettingFields({
  idPrefix,
  fields,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  fields: SettingFieldView[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <>
      {fields.map((f) => {
        const id = `${idPrefix}-${f.key}`;
        const env = f.source === "environment";
        return (
          <Field
            key={f.key}
            id={id}
            label={f.label}
            optional={!f.required}
            error={errors[f.key]}
            hint={
              <span className="flex flex-wrap gap-x-2">
                <SourceNote source={f.source} />
                {f.display ? <span className="[overflow-wrap:anywhere]">Current: {f.display}</span> : null}
                {f.hint ? <span>{f.hint}</span> : null}
              </span>
            }
          >
            <Input
              id={id}
              name={f.key}
              type={f.secret ? "password" : "text"}
              autoComplete="off"
              disabled={env}
              placeholder={
                env ? "Set by the environment" : f.source === "saved" ? "Leave empty to keep the saved value" : ""
              }
              value={values[f.key] ?? ""}
              invalid={!!errors[f.key]}
              aria-describedby={`${id}-error`}
              onChange={(ev) => onChange(f.key, ev.target.value)}
            />
          </Field>
        );
      })}
    </>
  );
}

/** The last Verify's answer and time, and whether the values changed since. */
export function VerificationNote({
  verification,
  testId,
  changedNote,
  children,
}: {
  verification: SettingVerification | null;
  testId: string;
  /** said when the values changed since the Verify */
  changedNote: string;
  /** the message as shown (defaults to the plain text) */
  children?: ReactNode;
}) {
  if (!verification) return <p className="text-slate-600">Not verified yet.</p>;
  return (
    <p
      role="status"
      data-testid={testId}
      data-verify-ok={verification.ok}
      className={`rounded-md px-3 py-2 [overflow-wrap:anywhere] ${verification.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
    >
      {verification.ok ? "Verified: " : "Verification failed: "}
      {children ?? verification.message}{" "}
      <span className="text-xs">
        (<DateTime value={verification.at} />
        {verification.current ? "" : `; ${changedNote}`})
      </span>
    </p>
  );
}
