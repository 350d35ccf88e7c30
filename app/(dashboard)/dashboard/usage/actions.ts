"use server";
// Usage page action (Owner only): the simulated plan change.
import { changePlan, ZChangePlanBody } from "@/lib/agencies/change-plan";
import { dashboardAction } from "@/lib/dashboard/dashboard-action";

export const changePlanAction = dashboardAction("plan:write", ZChangePlanBody, (input, ctx) => changePlan({ agencyId: ctx.agencyId, input }));
