"use client";
// Accepting an invite: one form whether or not the invited email has an account (the page
// must not tell): enter that account's password, or choose one. Then the browser signs in.
import { DEFAULT_AFTER_LOGIN } from "@/lib/surfaces/dashboard/safe-callback-url";
import { useState } from "react";
import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { acceptInviteAction } from "./join-actions";
import { FormAlert } from "@/components/ui/form-alert";

export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
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
        const password = String(form.get("password") ?? "");
        const name = String(form.get("name") ?? "");
        setBusy(true);
        setFormError(null);
        try {
          const res = await acceptInviteAction({ token, password, ...(name ? { name } : {}) });
          if (!res.ok) {
            setErrors(res.fieldErrors ?? {});
            if (!res.fieldErrors) setFormError(res.error);
            setBusy(false);
            return;
          }
          const login = await signIn("credentials", { email: res.data.email, password, redirect: false });
          window.location.assign(login?.ok && !login.error ? DEFAULT_AFTER_LOGIN : "/login");
        } catch {
          setFormError("Could not reach the server. Check your connection and try again.");
          setBusy(false);
        }
      }}
    >
      <FormAlert message={formError} />
      <Field id="email" label="Email">
        <Input id="email" value={email} readOnly disabled />
      </Field>
      <Field id="name" label="Your name" optional hint="For a new account." error={errors.name}>
        <Input id="name" name="name" autoComplete="name" invalid={!!errors.name} aria-describedby="name-error" />
      </Field>
      <Field
        id="password"
        label="Password"
        hint="If this email already has an account, enter its password. Otherwise choose a new one: at least 8 characters and hard to guess."
        error={errors.password}
      >
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          invalid={!!errors.password}
          aria-describedby="password-error"
        />
      </Field>
      <Button type="submit" busy={busy} className="w-full">
        Join the team
      </Button>
    </form>
  );
}
