"use client";
// The sign-in form: next-auth credentials without a redirect, so a wrong password shows one
// generic message in place (never whether the account exists).
import { useState } from "react";
import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormAlert } from "@/components/ui/form-alert";

export const GENERIC_LOGIN_ERROR = "The email or password is incorrect, or there were too many attempts. Try again.";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="mt-5 space-y-4"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        setBusy(true);
        setError(null);
        try {
          const res = await signIn("credentials", { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), redirect: false, callbackUrl });
          if (res?.ok && !res.error) {
            window.location.assign(callbackUrl);
            return;
          }
          setError(GENERIC_LOGIN_ERROR);
        } catch {
          setError("Could not reach the server. Check your connection and try again.");
        }
        setBusy(false);
      }}
    >
      <FormAlert message={error} />
      <Field id="email" label="Email">
        <Input id="email" name="email" type="email" autoComplete="email" required />
      </Field>
      <Field id="password" label="Password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" busy={busy} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
