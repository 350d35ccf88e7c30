"use server";
// Static link page actions (Manager and above, the same rank as branding): settings and
// a new token.
import { z } from "zod";
import {
  regenerateStaticLinkToken,
  updateStaticLink,
  ZUpdateStaticLinkBody,
} from "@/lib/core/agencies/update-static-link";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

export const updateStaticLinkAction = dashboardAction(
  "branding:write",
  ZUpdateStaticLinkBody,
  (input, ctx) => updateStaticLink({ agencyId: ctx.agencyId, input }),
  "static_link.updated",
);

export const regenerateStaticLinkAction = dashboardAction(
  "branding:write",
  z.strictObject({}),
  (_input, ctx) => regenerateStaticLinkToken({ agencyId: ctx.agencyId }),
  "static_link.regenerated",
);
