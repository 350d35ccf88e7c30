"use client";
// The sign-up form: the server action validates with the shared schema (errors shown per
// field), then the browser signs in with the new credentials.
import { useState } from "react";
import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { signUpAction } from "./sign-up-actions";
import { FormAlert } from "@/components/ui/form-alert";

export function SignUpForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
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
          const login = await signIn("credentials", { email: res.data.email, password: input.password, redirect: false });
          window.location.assign(login?.ok && !login.error ? "/dashboard/requests" : "/login");
        } catch {
          setFormError("Could not reach the server. Check your connection and try again.");
          setBusy(false);
        }
      }}
    >
      <FormAlert message={formError} />
      <Field id="agencyName" label="Agency name" error={errors.agencyName}>
        <Input id="agencyName" name="agencyName" autoComplete="organization" invalid={!!errors.agencyName} aria-describedby="agencyName-error" />
      </Field>
      <Field id="name" label="Your name" optional error={errors.name}>
        <Input id="name" name="name" autoComplete="name" invalid={!!errors.name} aria-describedby="name-error" />
      </Field>
      <Field id="email" label="Work email" error={errors.email}>
        <Input id="email" name="email" type="email" autoComplete="email" invalid={!!errors.email} aria-describedby="email-error" />
      </Field>
      <Field id="password" label="Password" hint="At least 8 characters." error={errors.password}>
        <Input id="password" name="password" type="password" autoComplete="new-password" invalid={!!errors.password} aria-describedby="password-error" />
      </Field>
      <Button type="submit" busy={busy} className="w-full">
        Create agency
      </Button>
    </form>
  );
}
