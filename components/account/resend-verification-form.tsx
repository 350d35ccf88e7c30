"use client";
// The sign-in page's "Didn't get the verification email?": asks for the address and shows
// the server's answer, which is the same whether or not the address has an account.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";

type Result = { ok: true; data: { message: string } } | { ok: false; error: string };

export function ResendVerificationForm({ resend }: { resend: (input: { email: string }) => Promise<Result> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!open) {
    return (
      <button
        type="button"
        className="mt-4 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
        onClick={() => setOpen(true)}
      >
        Didn&apos;t get the verification email?
      </button>
    );
  }
  return (
    <form
      className="mt-6 space-y-3 rounded-lg border border-slate-200 p-4"
      aria-label="Send a new verification email"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const email = String(new FormData(e.currentTarget).get("email") ?? "");
        setBusy(true);
        setError(null);
        setDone(null);
        try {
          const res = await resend({ email });
          if (res.ok) setDone(res.data.message);
          else setError(res.error);
        } catch {
          setError("Could not reach the server. Check your connection and try again.");
        }
        setBusy(false);
      }}
    >
      <FormAlert message={error} />
      {done ? (
        <p
          role="status"
          data-testid="resend-verification-result"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          {done}
        </p>
      ) : null}
      <Field id="resend-email" label="Your account's email">
        <Input id="resend-email" name="email" type="email" autoComplete="email" required />
      </Field>
      <Button type="submit" variant="secondary" busy={busy}>
        Send a new verification email
      </Button>
    </form>
  );
}
