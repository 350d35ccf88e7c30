"use server";
// Access after the grant: "Check now" (a client's or a request's granted assets), "Remove
// our access" on a client, the checklist's confirmation, the client's removal link, and the scheduled check's
// cadence. Every one is recorded in the audit log by the wrapper.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { checkAccessNow, setAccessCheckSchedule } from "@/lib/core/access-checks/check-access";
import { confirmChecklistRemoval, removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { createRemovalLink } from "@/lib/core/removal-links/create-removal-link";
import { askAgain } from "@/lib/core/requests/ask-again";

const ZCheckScope = z.union([
  z.strictObject({ clientId: zUuid({ error: "clientId must be a client id." }) }),
  z.strictObject({ requestId: zUuid({ error: "requestId must be a request id." }) }),
]);
const ZClientId = z.strictObject({ clientId: zUuid({ error: "clientId must be a client id." }) });
const ZSchedule = z.strictObject({
  everyDays: z
    .int({ error: "everyDays must be a whole number of days." })
    .min(0, "everyDays: 0 (off) to 30.")
    .max(30, "everyDays: 0 (off) to 30."),
});

export const checkAccessNowAction = dashboardAction(
  "requests:write",
  ZCheckScope,
  (input, ctx) => checkAccessNow({ agencyId: ctx.agencyId, ...input }),
  "access.checked",
);

export const removeClientAccessAction = dashboardAction(
  "clients:write",
  ZClientId,
  (input, ctx) => removeClientAccess({ agencyId: ctx.agencyId, clientId: input.clientId, removedBy: ctx.email }),
  "access.removed",
);

export const confirmChecklistRemovalAction = dashboardAction(
  "clients:write",
  ZClientId,
  (input, ctx) => confirmChecklistRemoval({ agencyId: ctx.agencyId, clientId: input.clientId, removedBy: ctx.email }),
  "access.removed_by_hand",
);

export const setAccessCheckScheduleAction = dashboardAction(
  "accounts:write",
  ZSchedule,
  (input, ctx) => setAccessCheckSchedule({ agencyId: ctx.agencyId, everyDays: input.everyDays }),
  "access.schedule_changed",
);

const ZAskAgain = z.strictObject({
  alertIds: z
    .array(zUuid({ error: "alertIds: each must be an alert id." }), { error: "alertIds must be a list of alert ids." })
    .min(1, "alertIds: name at least one alert.")
    .max(50, "alertIds: at most 50 alerts."),
  sendEmail: z.boolean({ error: "sendEmail must be true or false." }),
});

// "Ask again" on lost-access alerts: a request for exactly what was lost, emailed when chosen.
export const askAgainAction = dashboardAction(
  "requests:write",
  ZAskAgain,
  async (input, ctx) => {
    const r = await askAgain({ agencyId: ctx.agencyId, ...input, actor: ctx.email });
    return { requestId: r.request.id, alertIds: r.alertIds };
  },
  "access.asked_again",
);

const ZRemovalLink = z.strictObject({
  clientId: zUuid({ error: "clientId must be a client id." }),
  platform: z
    .string({ error: "platform is required." })
    .min(1, "platform is required.")
    .max(50, "platform: at most 50 characters."),
});

// Emails the client a single-use removal link for one platform (removal that needs their sign-in).
export const sendRemovalLinkAction = dashboardAction(
  "clients:write",
  ZRemovalLink,
  (input, ctx) =>
    createRemovalLink({
      agencyId: ctx.agencyId,
      clientId: input.clientId,
      platform: input.platform,
      createdBy: ctx.email,
    }),
  "access.removal_link_sent",
);
