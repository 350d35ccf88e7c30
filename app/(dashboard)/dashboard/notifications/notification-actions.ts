"use server";
// Notification changes from the dashboard: the member's own choices, marking entries read,
// and the agency's Slack incoming-webhook URL and Teams Workflows webhook URL with its test
// message (managers and owners).
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { markNotificationsRead } from "@/lib/core/notifications/list-notifications";
import {
  updateNotificationPreferences,
  updateSlackWebhookUrl,
  updateTeamsWebhookUrl,
  ZNotificationPreferences,
  ZSlackSettings,
  ZTeamsSettings,
} from "@/lib/core/notifications/notification-settings";
import { sendTeamsTestMessage } from "@/lib/core/notifications/send-teams-messages";

export const savePreferencesAction = dashboardAction("read", ZNotificationPreferences, (input, ctx) =>
  updateNotificationPreferences({ agencyId: ctx.agencyId, userId: ctx.userId, input }),
);

const ZMarkRead = z.strictObject({
  ids: z
    .array(zUuid({ error: "ids must be uuids." }))
    .max(200)
    .optional(),
});

export const markReadAction = dashboardAction("read", ZMarkRead, (input, ctx) =>
  markNotificationsRead({ agencyId: ctx.agencyId, userId: ctx.userId, ids: input.ids }),
);

export const saveSlackAction = dashboardAction("webhooks:write", ZSlackSettings, (input, ctx) =>
  updateSlackWebhookUrl({ agencyId: ctx.agencyId, input }),
);

export const saveTeamsAction = dashboardAction("webhooks:write", ZTeamsSettings, (input, ctx) =>
  updateTeamsWebhookUrl({ agencyId: ctx.agencyId, input }),
);

// sends one card now; changes nothing stored, so it is not an audit entry
export const testTeamsAction = dashboardAction(
  "webhooks:write",
  ZTeamsSettings,
  (input, ctx) => sendTeamsTestMessage({ agencyId: ctx.agencyId, input }),
  false,
);
