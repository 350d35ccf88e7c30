// Sign-up from the dashboard: a new agency on the trial with API access and its first
// owner, in one transaction so a failure leaves no agency without an owner. The answer is
// the same whether or not the email already has an account: a taken address gets a
// "you already have an account" email instead of a second account, and a new one a link
// to verify the address. On an installation only the demo user administers, the first to
// sign up becomes an instance administrator too (audited). Passwords must pass the strength check (lib/core/users/password.ts).
import { createAgency } from "@/lib/core/agencies/create-agency";
import { inTransaction } from "@/lib/infra/db/transaction";
import { validationError } from "@/lib/core/common/api-error";
import type { TSignUpBody } from "@/lib/core/team/schemas";
import { createUser } from "@/lib/core/users/create-user";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { DEMO_USER_EMAIL, onlyDemoAdministers } from "@/lib/core/instance/instance-admin";
import { hashPassword, isStrongPassword, WEAK_PASSWORD_MESSAGE } from "@/lib/core/users/password";
import { queueAccountExistsEmail, queueVerificationEmail } from "@/lib/core/users/email-verification";

export interface SignUpResult {
  email: string;
  /** only for callers that are not the sign-up page (tests, the admin CLI); the page must not tell */
  created: { agencyId: string; userId: string; instanceAdmin: boolean } | null;
}

export async function signUp(opts: { input: TSignUpBody; now?: Date }): Promise<SignUpResult> {
  const { input } = opts;
  if (!isStrongPassword(input.password, [input.email, input.name ?? "", input.agencyName]))
    throw validationError("password", WEAK_PASSWORD_MESSAGE);
  return inTransaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
      // hash anyway, so the answer takes as long as creating an account
      await hashPassword(input.password);
      await queueAccountExistsEmail(tx, { email: input.email });
      return { email: input.email, created: null };
    }
    // asked before the user exists: the first sign-up beside the demo user runs the installation
    const takesOver = await onlyDemoAdministers(tx);
    const agency = await createAgency({ name: input.agencyName, plan: "trial", apiAccess: true, tx, now: opts.now });
    const user = await createUser({
      agencyId: agency.id,
      email: input.email,
      password: input.password,
      name: input.name,
      role: "owner",
      tx,
    });
    if (takesOver) {
      await tx.user.update({ where: { id: user.id }, data: { instanceAdmin: true } });
      await recordAudit({
        agencyId: agency.id,
        actor: { userId: user.id, email: user.email },
        action: "instance.admin_granted",
        target: user.email,
        changes: { reason: "first_sign_up", onlyAdministrator: DEMO_USER_EMAIL },
        tx,
        now: opts.now,
      });
    }
    await queueVerificationEmail(tx, { userId: user.id, email: user.email, agencyId: agency.id, now: opts.now });
    return { email: user.email, created: { agencyId: agency.id, userId: user.id, instanceAdmin: takesOver } };
  });
}
