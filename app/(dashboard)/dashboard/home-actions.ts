"use server";
// The home page's one-click reminder to a client whose link has stalled, and dismissing
// the first-run checklist.
import { z } from "zod";
import { sendReminderNow } from "@/lib/core/requests/send-reminder-now";
import { UUID } from "@/lib/core/common/uuid";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { dismissFirstRunChecklist } from "@/lib/surfaces/dashboard/home/get-first-run-checklist";

const ZSendReminderBody = z.strictObject({ requestId: z.string().regex(UUID, "Must be a request id.") });

export const sendReminderAction = dashboardAction(
  "requests:write",
  ZSendReminderBody,
  (input, ctx) => sendReminderNow({ agencyId: ctx.agencyId, requestId: input.requestId }),
  "request.reminder_sent",
);

/** Hides the first-run checklist for the whole agency. */
export const dismissChecklistAction = dashboardAction(
  "requests:write",
  z.strictObject({}),
  (_input, ctx) => dismissFirstRunChecklist({ agencyId: ctx.agencyId }),
  "agency.checklist_dismissed",
);
