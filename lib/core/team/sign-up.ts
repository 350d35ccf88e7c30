// Sign-up from the dashboard: a new agency on the trial with API access and its first
// owner, in one transaction so a failure leaves no agency without an owner.
import { createAgency } from "@/lib/core/agencies/create-agency";
import { inTransaction } from "@/lib/infra/db/transaction";
import type { TSignUpBody } from "@/lib/core/team/schemas";
import { createUser } from "@/lib/core/users/create-user";

export async function signUp(opts: { input: TSignUpBody; now?: Date }): Promise<{ agencyId: string; userId: string; email: string }> {
  const { input } = opts;
  return inTransaction(async (tx) => {
    const agency = await createAgency({ name: input.agencyName, plan: "trial", apiAccess: true, tx, now: opts.now });
    const user = await createUser({ agencyId: agency.id, email: input.email, password: input.password, name: input.name, role: "owner", tx });
    return { agencyId: agency.id, userId: user.id, email: user.email };
  });
}
