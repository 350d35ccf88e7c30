"use server";
// Reminder settings (Manager and above, like the other client-facing settings).
import { updateReminderSettings, ZReminderSettings } from "@/lib/core/agencies/reminder-settings";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

export const updateReminderSettingsAction = dashboardAction("branding:write", ZReminderSettings, (input, ctx) =>
  updateReminderSettings({ agencyId: ctx.agencyId, input }),
);
