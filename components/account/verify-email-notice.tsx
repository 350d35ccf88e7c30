"use client";
// The dashboard's notice while the account's address is not verified: creating API keys and
// inviting teammates wait for it; a button sends a fresh link (earlier links stop working).
// Without an email server (SMTP_URL) the email is not delivered but kept in the Mailbox,
// and the notice says so with a link there.
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";

type Result = { ok: true; data: { sent: boolean } } | { ok: false; error: string };

export function VerifyEmailNotice({
  email,
  resend,
  inMailbox = false,
}: {
  email: string;
  resend: (input: Record<string, never>) => Promise<Result>;
  /** no email server is set up: the email waits in the Mailbox */
  inMailbox?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div
      role="status"
      data-testid="verify-email-notice"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p>
        Verify your email address ({email}) to create API keys and invite teammates: follow the link in the email we
        sent you.
      </p>
      {inMailbox ? (
        <p className="mt-1" data-testid="verify-email-mailbox">
          No email server is set up, so the email was not delivered: it is in the{" "}
          <Link href="/dashboard/mailbox" className="font-medium underline underline-offset-2">
            Mailbox
          </Link>
          .
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          variant="secondary"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              const res = await resend({});
              setMessage(
                res.ok
                  ? res.data.sent
                    ? `We sent a new link to ${email}${inMailbox ? " (it is in the Mailbox)" : ""}. Earlier links no longer work.`
                    : "Your address is already verified."
                  : res.error,
              );
            } catch {
              setMessage("Could not reach the server. Check your connection and try again.");
            }
            setBusy(false);
          }}
        >
          Send a new verification email
        </Button>
        {message ? <span data-testid="verify-email-notice-result">{message}</span> : null}
      </div>
    </div>
  );
}
