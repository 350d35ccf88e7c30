"use server";
// The sign-in page's "Send a new verification email": the same answer whether or not the
// address has an account (lib/surfaces/dashboard/profile/resend-verification.ts).
import { headers } from "next/headers";
import { parseUntrusted } from "@/lib/surfaces/http/untrusted-text";
import { ZResendVerificationBody } from "@/lib/core/team/schemas";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { resendVerificationByEmail } from "@/lib/surfaces/dashboard/profile/resend-verification";
import { clientAddress } from "@/lib/surfaces/http/client-address";

export async function resendVerificationAction(input: unknown): Promise<ActionResult<{ message: string }>> {
  try {
    const parsed = parseUntrusted(ZResendVerificationBody, input);
    return {
      ok: true,
      data: await resendVerificationByEmail({ email: parsed.email, address: clientAddress(await headers()) }),
    };
  } catch (err) {
    return toActionFailure(err);
  }
}
