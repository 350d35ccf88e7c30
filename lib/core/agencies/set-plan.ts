// Changing an agency's plan and allowances (admin CLI, later billing). A new plan
// brings that plan's default allowances and API access unless they are given too;
// moving to a paid plan ends the trial unless `trial` says otherwise.
import { CHANNELS, notify } from "@/lib/infra/db/notifications";
import type { Agency, Prisma } from "@/generated/prisma/client";
import { AGENCY_PLANS, isAgencyPlan, trialEnd } from "@/lib/core/agencies/create-agency";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { PLAN_DEFAULTS } from "@/lib/core/domain/usage";
import { notFound, validationError } from "@/lib/core/common/api-error";

import { UUID } from "@/lib/core/common/uuid";

export interface SetPlanOptions {
  agencyId: string;
  plan?: string;
  apiAccess?: boolean;
  trial?: boolean;
  clientLimit?: number | null;
  prospectLimit?: number | null;
  overage?: boolean;
  included?: number | null;
  tx?: Tx;
  now?: Date;
}

function checkCount(field: string, value: number | null | undefined) {
  if (value === undefined || value === null) return;
  if (!Number.isSafeInteger(value) || value < 0)
    throw validationError(field, "Must be a whole number, 0 or more, or null for no limit.");
}

export async function setPlan(options: SetPlanOptions): Promise<Agency> {
  const {
    agencyId,
    plan,
    apiAccess,
    trial,
    clientLimit,
    prospectLimit,
    overage,
    included,
    tx,
    now = new Date(),
  } = options;
  if (plan !== undefined && !isAgencyPlan(plan))
    throw validationError("plan", `Must be one of ${AGENCY_PLANS.join(", ")}.`);
  checkCount("clientLimit", clientLimit);
  checkCount("prospectLimit", prospectLimit);
  checkCount("included", included);
  if (!UUID.test(agencyId)) throw notFound("Agency");
  const db = tx ?? (await getDb());
  const current = await db.agency.findUnique({ where: { id: agencyId } });
  if (!current) throw notFound("Agency");

  const data: Prisma.AgencyUpdateInput = {};
  if (plan !== undefined) {
    const allowance = PLAN_DEFAULTS[plan];
    data.plan = plan;
    data.clientLimit = allowance.clientLimit;
    data.prospectLimit = allowance.prospectLimit;
    data.apiAccess = allowance.apiAccess;
  }
  const nextTrial = trial ?? (plan !== undefined ? plan === "trial" : undefined);
  if (nextTrial !== undefined) {
    data.trial = nextTrial;
    // A running trial keeps its end date; a new one starts its full period now.
    data.trialEndsAt = nextTrial ? (current.trial && current.trialEndsAt ? current.trialEndsAt : trialEnd(now)) : null;
  }
  if (apiAccess !== undefined) data.apiAccess = apiAccess;
  if (clientLimit !== undefined) data.clientLimit = clientLimit;
  if (prospectLimit !== undefined) data.prospectLimit = prospectLimit;
  if (overage !== undefined) data.overageEnabled = overage;
  if (included !== undefined) data.overageIncluded = included;

  const updated = await db.agency.update({ where: { id: agencyId }, data });
  // API access may have changed: every instance drops its cached key lookups (on commit)
  await notify(db, CHANNELS.authChanged);
  return updated;
}
