"use server";
// Removing the demo agency's sample data (Owner only): exactly the sample rows go; the
// agency, its users, accounts and API keys stay.
import { z } from "zod";
import { removeDemoData } from "@/lib/core/agencies/demo-data";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

export const removeDemoDataAction = dashboardAction(
  "demo:delete",
  z.strictObject({}),
  (_input, ctx) => removeDemoData({ agencyId: ctx.agencyId }),
  "demo_data.removed",
);
