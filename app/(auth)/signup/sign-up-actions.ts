"use server";
// Sign-up: a new agency on the trial with API access and its owner. The answer is the same
// whether or not the email already had an account (the page then asks to check the inbox
// and sign in), so sign-up cannot be used to find accounts. Throttled per address.
import { headers } from "next/headers";
import { ApiError } from "@/lib/core/common/api-error";
import { consumeRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { parseUntrusted } from "@/lib/surfaces/http/untrusted-text";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { signUp } from "@/lib/core/team/sign-up";
import { clientAddress } from "@/lib/surfaces/http/client-address";
import { ZSignUpBody } from "@/lib/core/team/schemas";

export async function signUpAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  try {
    const parsed = parseUntrusted(ZSignUpBody, input);
    const ip = clientAddress(await headers()) ?? "local";
    const rl = await consumeRateLimit("signup-ip", ip, 20, 3600);
    if (!rl.allowed) throw new ApiError("RATE_LIMITED", "Too many sign-ups from this address. Try again later.");
    const res = await signUp({ input: parsed });
    return { ok: true, data: { email: res.email } };
  } catch (err) {
    return toActionFailure(err);
  }
}
