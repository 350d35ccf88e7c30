// The outcome of a grant attempt as the page shows it after the redirect: which service,
// success or not, and the reasons the client is shown. Signed and short-lived, because
// the reasons are free text (the platform's words) and must not be forgeable in a link.

import { z } from "zod";
import { signValue, verifyValue } from "@/lib/infra/secrets/crypto";
import type { AttemptOutcome } from "@/lib/core/grants/attempt-report";

export interface AttemptNotice {
  serviceId: string;
  outcome: AttemptOutcome;
  errors: string[];
}

const PURPOSE = "attempt-notice";
const LIFETIME_MS = 60 * 60 * 1000;
// Enough to explain a failure; keeps the URL well under browser limits.
const MAX_ERRORS = 5;

const ZSealed = z.strictObject({
  r: z.string(),
  s: z.string().max(100),
  o: z.enum(["success", "partial_success", "failed"]),
  e: z.array(z.string().max(500)).max(MAX_ERRORS),
  x: z.number(),
});

export function sealAttemptNotice(requestId: string, notice: AttemptNotice, secret: string, now = new Date()): string {
  return signValue(
    PURPOSE,
    {
      r: requestId,
      s: notice.serviceId,
      o: notice.outcome,
      e: notice.errors.slice(0, MAX_ERRORS).map((e) => e.slice(0, 500)),
      x: now.getTime() + LIFETIME_MS,
    },
    secret,
  );
}

/** The notice when it was sealed for this request and has not expired. */
export function openAttemptNotice(
  requestId: string,
  sealed: string | null | undefined,
  secret: string,
  now = new Date(),
): AttemptNotice | null {
  const parsed = ZSealed.safeParse(verifyValue(PURPOSE, sealed, secret));
  if (!parsed.success || parsed.data.r !== requestId || parsed.data.x <= now.getTime()) return null;
  return { serviceId: parsed.data.s, outcome: parsed.data.o, errors: parsed.data.e };
}
