"use client";
// The user's sign-in: change the password (current, new, confirmed; every other session
// ends), two-factor sign-in (enrol with a QR code and a first code, then the recovery codes,
// shown once, or turn it off with a code); owners can require it for the whole team.
import { useState, type FormEvent } from "react";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type CodeAction<T> = (input: { code: string }) => Promise<ActionResult<T>>;
type PasswordInput = { currentPassword: string; newPassword: string; confirmPassword: string };

const PASSWORD_FIELDS: { id: keyof PasswordInput; label: string; autoComplete: string; hint?: string }[] = [
  { id: "currentPassword", label: "Current password", autoComplete: "current-password" },
  {
    id: "newPassword",
    label: "New password",
    autoComplete: "new-password",
    hint: "At least 8 characters and hard to guess: a few unrelated words work well.",
  },
  { id: "confirmPassword", label: "New password again", autoComplete: "new-password" },
];

function ChangePasswordCard({
  email,
  change,
}: {
  email: string;
  change: (input: PasswordInput) => Promise<ActionResult<{ changed: true }>>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const input = Object.fromEntries(PASSWORD_FIELDS.map((f) => [f.id, String(data.get(f.id) ?? "")])) as PasswordInput;
    setBusy(true);
    const done = await runAction(() => change(input), {
      success: "Password changed. You were signed out everywhere else.",
      onFieldErrors: setErrors,
    });
    setBusy(false);
    if (done) form.reset();
  };
  return (
    <Card
      title="Password"
      description="Changing it signs you out on every other device and browser; this one stays signed in."
    >
      <form noValidate className="max-w-md space-y-3" onSubmit={onSubmit} data-testid="change-password-form">
        {/* the account's name for password managers, so they update the right saved password */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        {PASSWORD_FIELDS.map((f) => (
          <Field key={f.id} id={f.id} label={f.label} hint={f.hint} error={errors[f.id]}>
            <Input
              id={f.id}
              name={f.id}
              type="password"
              autoComplete={f.autoComplete}
              invalid={!!errors[f.id]}
              aria-describedby={`${f.id}-error`}
            />
          </Field>
        ))}
        <Button type="submit" busy={busy} disabled={busy}>
          Change password
        </Button>
      </form>
    </Card>
  );
}

export function SecurityPanel({
  enabled: initialEnabled,
  recoveryCodesLeft,
  isOwner,
  teamRequired: initialTeamRequired,
  email,
  changePassword,
  begin,
  confirm,
  disable,
  requireTeam,
}: {
  enabled: boolean;
  recoveryCodesLeft: number;
  isOwner: boolean;
  teamRequired: boolean;
  /** the signed-in user's email (the username password managers save) */
  email: string;
  changePassword: (input: PasswordInput) => Promise<ActionResult<{ changed: true }>>;
  begin: () => Promise<ActionResult<{ secret: string; qrDataUrl: string }>>;
  confirm: CodeAction<{ recoveryCodes: string[] }>;
  disable: CodeAction<{ disabled: true }>;
  requireTeam: (input: { required: boolean }) => Promise<ActionResult<{ required: boolean }>>;
}) {
  const [enabled, setEnabled] = useState(initialEnabled);
  const [enrolment, setEnrolment] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [teamRequired, setTeamRequired] = useState(initialTeamRequired);

  const codeField = (label: string) => (
    <Field id="two-factor-code" label={label} error={errors.code}>
      <Input
        id="two-factor-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        invalid={!!errors.code}
        aria-describedby="two-factor-code-error"
      />
    </Field>
  );

  return (
    <div className="space-y-6">
      <ChangePasswordCard email={email} change={changePassword} />
      <Card
        title="Two-factor sign-in"
        description="After your password, sign-in asks for a code from an authenticator app (TOTP)."
      >
        {recoveryCodes ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-slate-900">
              Two-factor sign-in is on. Save these recovery codes now: each signs you in once if you lose your device,
              and they are not shown again.
            </p>
            <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
              {recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : enabled ? (
          <form
            noValidate
            className="space-y-3"
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              const done = await runAction(() => disable({ code }), {
                success: "Two-factor sign-in is off.",
                onFieldErrors: setErrors,
              });
              setBusy(false);
              if (done) {
                setEnabled(false);
                setCode("");
              }
            }}
          >
            <p className="text-sm text-slate-700" data-testid="two-factor-status">
              On. {recoveryCodesLeft} recovery code{recoveryCodesLeft === 1 ? "" : "s"} left.
            </p>
            {codeField("Code to turn it off")}
            <Button type="submit" variant="secondary" busy={busy} disabled={busy}>
              Turn off two-factor sign-in
            </Button>
          </form>
        ) : enrolment ? (
          <form
            noValidate
            className="space-y-3"
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              const done = await runAction(() => confirm({ code }), { onFieldErrors: setErrors });
              setBusy(false);
              if (done) {
                setEnabled(true);
                setRecoveryCodes(done.recoveryCodes);
              }
            }}
          >
            <p className="text-sm text-slate-700">
              Scan this QR code with your authenticator app, or enter the key by hand, then type the code it shows.
            </p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
            <img src={enrolment.qrDataUrl} alt="QR code for your authenticator app" width={200} height={200} />
            <p className="text-sm">
              Key:{" "}
              <code data-testid="totp-secret" className="break-all font-mono">
                {enrolment.secret}
              </code>
            </p>
            {codeField("Code from your app")}
            <Button type="submit" busy={busy} disabled={busy}>
              Turn on
            </Button>
          </form>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700" data-testid="two-factor-status">
              Off.
            </p>
            <Button
              busy={busy}
              disabled={busy}
              data-reveals-form
              onClick={async () => {
                setBusy(true);
                const started = await runAction(() => begin());
                setBusy(false);
                if (started) setEnrolment(started);
              }}
            >
              Set up two-factor sign-in
            </Button>
          </div>
        )}
      </Card>
      {isOwner ? (
        <Card
          title="Team requirement"
          description="Every member must turn on two-factor sign-in before using this agency's dashboard."
        >
          <Checkbox
            id="require-two-factor"
            label="Require two-factor sign-in for the whole team"
            checked={teamRequired}
            disabled={busy}
            onChange={async (e) => {
              const required = e.target.checked;
              setBusy(true);
              const done = await runAction(() => requireTeam({ required }), {
                success: required ? "Two-factor sign-in is now required." : "No longer required.",
              });
              setBusy(false);
              if (done) setTeamRequired(done.required);
            }}
          />
        </Card>
      ) : null}
    </div>
  );
}
