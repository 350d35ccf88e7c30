// "Send a new verification email", from the sign-in page (signed out, by address) and from
// the dashboard's unverified-account notice (signed in). Throttled per client address and
// per account (its email address, shared by both ways in); the signed-out answer is the
// same whether or not the address has an account, is verified already, or is throttled.
import { ApiError } from "@/lib/core/common/api-error";
import { resendVerificationEmail } from "@/lib/core/users/email-verification";
import { consumeRateLimit } from "@/lib/infra/rate-limit/rate-limit";

/** per account: this many emails an hour */
export const RESEND_PER_ACCOUNT = 3;
/** per client address: this many asks an hour */
export const RESEND_PER_ADDRESS = 10;

export const RESEND_NEUTRAL_MESSAGE =
  "If that address has an account that is not verified yet, we sent a new verification link to it. Earlier links no longer work.";

/** Signed out: always the neutral answer, unless the client address asked too often. */
export async function resendVerificationByEmail(opts: {
  email: string;
  address: string | null;
}): Promise<{ message: string }> {
  await throttleAddress(opts.address);
  const email = opts.email.trim().toLowerCase();
  // over the account's limit: quietly send nothing, the answer does not change
  if ((await consumeRateLimit("verify-resend-account", email, RESEND_PER_ACCOUNT, 3600)).allowed)
    await resendVerificationEmail({ email });
  return { message: RESEND_NEUTRAL_MESSAGE };
}

/** Signed in: the account is known, so the answer may say what happened. */
export async function resendVerificationForUser(opts: {
  userId: string;
  email: string;
  address: string | null;
}): Promise<{ sent: boolean }> {
  await throttleAddress(opts.address);
  const rl = await consumeRateLimit("verify-resend-account", opts.email.trim().toLowerCase(), RESEND_PER_ACCOUNT, 3600);
  if (!rl.allowed)
    throw new ApiError(
      "RATE_LIMITED",
      `Too many verification emails for this account. Try again in ${Math.ceil(rl.resetSeconds / 60)} minutes.`,
    );
  return { sent: await resendVerificationEmail({ userId: opts.userId }) };
}

async function throttleAddress(address: string | null) {
  const rl = await consumeRateLimit("verify-resend-ip", address ?? "local", RESEND_PER_ADDRESS, 3600);
  if (!rl.allowed) throw new ApiError("RATE_LIMITED", "Too many requests from this address. Try again later.");
}
