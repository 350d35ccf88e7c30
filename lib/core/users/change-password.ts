// Changing the signed-in user's password. The new password follows sign-up's rules (length,
// then strength, with the user's own email and name as guessable words) and is checked
// before the current one, so a form mistake costs no attempt. The current password goes
// through the sign-in check itself (checkCredentials), so it shares sign-in's throttle: the
// attempt takes its slot atomically before argon2 runs, and guesses here and at the sign-in
// page count together. On success, in one transaction: the new argon2id hash, the session
// version raised (every existing session of the user ends; the caller renews its own tab's)
// and an audit entry in each of the user's agencies.
import { z } from "zod";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError, validationError } from "@/lib/core/common/api-error";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { passwordField } from "@/lib/core/users/password";
import { checkCredentials } from "@/lib/core/users/check-credentials";
import { hashPassword, isStrongPassword, WEAK_PASSWORD_MESSAGE } from "@/lib/core/users/password";

export const ZChangePasswordBody = z
  .strictObject({
    currentPassword: z
      .string({ error: "currentPassword is required." })
      .min(1, "currentPassword is required.")
      .max(1000, "currentPassword must be at most 1000 characters."),
    newPassword: passwordField("newPassword"),
    confirmPassword: z.string({ error: "confirmPassword is required." }).max(1000),
  })
  .refine((b) => b.confirmPassword === b.newPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords do not match.",
  });
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const WRONG_CURRENT_PASSWORD = "That is not your current password.";

function throttledMessage(seconds: number): string {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `Too many wrong passwords. Try again in ${wait}.`;
}

/**
 * Sets the user's new password once the current one is given. `address`: the caller's
 * address, for the sign-in throttle's (account, address) pair. Throws VALIDATION_FAILED
 * naming the field, or RATE_LIMITED (on currentPassword, with Retry-After) while a wait runs.
 */
export async function changePassword(opts: {
  userId: string;
  input: TChangePasswordBody;
  address: string;
}): Promise<{ sessionVersion: number }> {
  const { input } = opts;
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: opts.userId }, select: { id: true, email: true, name: true } });
  if (!user) throw new ApiError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
  if (input.newPassword === input.currentPassword)
    throw validationError("newPassword", "Choose a password different from your current one.");
  if (!isStrongPassword(input.newPassword, [user.email, user.name ?? ""]))
    throw validationError("newPassword", WEAK_PASSWORD_MESSAGE);

  const check = await checkCredentials({ email: user.email, password: input.currentPassword, address: opts.address });
  if (!check.ok && check.reason === "throttled") {
    const message = throttledMessage(check.retryAfterSeconds);
    throw new ApiError("RATE_LIMITED", `currentPassword: ${message}`, [{ field: "currentPassword", message }], {
      "Retry-After": String(check.retryAfterSeconds),
    });
  }
  if (!check.ok || check.user.id !== user.id) throw validationError("currentPassword", WRONG_CURRENT_PASSWORD);

  const passwordHash = await hashPassword(input.newPassword);
  return inTransaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { sessionVersion: true, memberships: { select: { agencyId: true } } },
    });
    for (const m of updated.memberships) {
      await recordAudit({
        tx,
        agencyId: m.agencyId,
        actor: { userId: user.id, email: user.email, address: opts.address },
        action: "user.password_changed",
      });
    }
    return { sessionVersion: updated.sessionVersion };
  });
}
