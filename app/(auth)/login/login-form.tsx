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

export const SSO_REQUIRED_ERROR =
  "Your agency requires single sign-on for this address: use the sign-in button of your identity provider above.";

/**
 * `linkToken`: the form proves an existing account to link a provider identity to it
 * (the /login/link page), with the email fixed to the account's.
 */
export function LoginForm({
  callbackUrl,
  linkToken,
  email: fixedEmail,
}: {
  callbackUrl: string;
  linkToken?: string;
  email?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // set once the password was right and the account has two-factor sign-in
  const [askCode, setAskCode] = useState(false);
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
          const res = await signIn("credentials", {
            email: String(form.get("email") ?? ""),
            password: String(form.get("password") ?? ""),
            code: String(form.get("code") ?? ""),
            ...(linkToken ? { linkToken } : {}),
            redirect: false,
            callbackUrl,
          });
          if (res?.ok && !res.error) {
            window.location.assign(callbackUrl);
            return;
          }
          if (res?.error === "two-factor-required") {
            setAskCode(true);
            setError(askCode ? "Enter the code from your authenticator app." : null);
          } else if (res?.error === "two-factor-invalid") {
            setError("That code is not valid. Enter the current code from your app, or a recovery code.");
          } else if (res?.error === "two-factor-throttled") {
            setError("Too many wrong codes. Try again in 15 minutes.");
          } else if (res?.error === "sign-in-throttled") {
            setError("Too many attempts. Wait a few minutes, then try again.");
          } else if (res?.error === "invalid-characters") {
            setError("The email or password contains characters that cannot be used. Type them again.");
          } else if (res?.error === "sso-required") {
            setError(SSO_REQUIRED_ERROR);
          } else {
            setError(GENERIC_LOGIN_ERROR);
          }
        } catch {
          setError("Could not reach the server. Check your connection and try again.");
        }
        setBusy(false);
      }}
    >
      <FormAlert message={error} />
      <Field id="email" label="Email">
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          {...(fixedEmail ? { defaultValue: fixedEmail, readOnly: true } : {})}
        />
      </Field>
      <Field id="password" label="Password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      {askCode ? (
        <Field
          id="code"
          label="Authentication code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        >
          <Input
            id="code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            required
          />
        </Field>
      ) : null}
      <Button type="submit" busy={busy} className="w-full">
        {askCode ? "Verify and sign in" : linkToken ? "Link and sign in" : "Sign in"}
      </Button>
    </form>
  );
}
