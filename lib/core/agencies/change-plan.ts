// An owner changing the agency's plan from the dashboard (simulated billing: no payment is
// taken, the plan record changes and the allowances and API access follow PLAN_DEFAULTS).
// A trial cannot be restarted once left, or every agency could stay on one for ever.
import { z } from "zod";
import { AGENCY_PLANS } from "@/lib/core/agencies/create-agency";
import { serializeAgency, type SerializedAgency } from "@/lib/core/agencies/serialize-agency";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { notFound, validationError } from "@/lib/core/common/api-error";

export const BILLING_PERIODS = ["monthly", "yearly"] as const;

export const ZChangePlanBody = z.strictObject({
  plan: z.enum(AGENCY_PLANS, { error: `Must be one of ${AGENCY_PLANS.join(", ")}.` }),
  billingPeriod: z.enum(BILLING_PERIODS, { error: `Must be one of ${BILLING_PERIODS.join(", ")}.` }).default("monthly"),
});
export type TChangePlanBody = z.infer<typeof ZChangePlanBody>;

import { UUID } from "@/lib/core/common/uuid";

export async function changePlan({
  agencyId,
  input,
  tx,
  now = new Date(),
}: {
  agencyId: string;
  input: TChangePlanBody;
  tx?: Tx;
  now?: Date;
}): Promise<SerializedAgency> {
  const { plan, billingPeriod } = ZChangePlanBody.parse(input);
  if (!UUID.test(agencyId)) throw notFound("Agency");
  const run = async (db: Tx) => {
    const current = await db.agency.findUnique({ where: { id: agencyId }, select: { plan: true, trial: true } });
    if (!current) throw notFound("Agency");
    if (plan === "trial" && !(current.plan === "trial" && current.trial)) {
      throw validationError("plan", "A trial cannot be restarted; pick a paid plan.");
    }
    await setPlan({ agencyId, plan, tx: db, now });
    return db.agency.update({
      where: { id: agencyId },
      data: { billingPeriod: plan === "trial" ? null : billingPeriod },
    });
  };
  const row = await inTransaction(run, { tx });
  // API access may have changed with the plan: cached key lookups must not outlive it
  forgetApiKeys();
  return serializeAgency(row);
}
