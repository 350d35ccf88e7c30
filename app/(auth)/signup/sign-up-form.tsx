"use client";
// The sign-up form: the server action validates with the shared schema (errors shown per
// field); then the page asks to check the inbox and sign in. It does not sign in by itself:
// that would tell a new address from one that already has an account. "Already have an
// account? Sign in" belongs to the form: once it is sent, the answer's own link replaces it.
import { useState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signUpAction } from "./sign-up-actions";
import { FormAlert } from "@/components/ui/form-alert";

export function SignUpForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) {
    return (
      <div className="mt-5 space-y-3 text-sm text-slate-700" role="status" data-testid="signup-done">
        <p>
          Check your inbox at <strong className="font-medium text-slate-900">{sentTo}</strong>: we sent a link to verify
          your address. If the address already has an account, the email says so instead.
        </p>
        <p>You can sign in now; creating API keys and inviting teammates wait until the address is verified.</p>
        <Link href="/login" className="inline-block font-medium text-indigo-700 underline-offset-2 hover:underline">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <>
      <form
        className="mt-5 space-y-4"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const input = {
            agencyName: String(form.get("agencyName") ?? ""),
            name: String(form.get("name") ?? "") || undefined,
            email: String(form.get("email") ?? ""),
            password: String(form.get("password") ?? ""),
          };
          setBusy(true);
          setFormError(null);
          try {
            const res = await signUpAction(input);
            if (!res.ok) {
              setErrors(res.fieldErrors ?? {});
              if (!res.fieldErrors) setFormError(res.error);
              setBusy(false);
              return;
            }
            setErrors({});
            setSentTo(res.data.email);
          } catch {
            setFormError("Could not reach the server. Check your connection and try again.");
            setBusy(false);
          }
        }}
      >
        <FormAlert message={formError} />
        <Field id="agencyName" label="Agency name" error={errors.agencyName}>
          <Input
            id="agencyName"
            name="agencyName"
            autoComplete="organization"
            invalid={!!errors.agencyName}
            aria-describedby="agencyName-error"
          />
        </Field>
        <Field id="name" label="Your name" optional error={errors.name}>
          <Input id="name" name="name" autoComplete="name" invalid={!!errors.name} aria-describedby="name-error" />
        </Field>
        <Field id="email" label="Work email" error={errors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            invalid={!!errors.email}
            aria-describedby="email-error"
          />
        </Field>
        <Field
          id="password"
          label="Password"
          hint="At least 8 characters and hard to guess: a few unrelated words work well."
          error={errors.password}
        >
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            invalid={!!errors.password}
            aria-describedby="password-error"
          />
        </Field>
        <Button type="submit" busy={busy} className="w-full">
          Create agency
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
