"use server";
// Usage page action (Owner only): the simulated plan change.
import { changePlan, ZChangePlanBody } from "@/lib/core/agencies/change-plan";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

export const changePlanAction = dashboardAction(
  "plan:write",
  ZChangePlanBody,
  (input, ctx) => changePlan({ agencyId: ctx.agencyId, input }),
  "plan.changed",
);
