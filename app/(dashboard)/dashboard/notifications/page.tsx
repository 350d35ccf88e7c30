// The member's notifications: the in-app list, their choices and the agency's Slack and Teams URLs.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import {
  getNotificationPreferences,
  getSlackWebhookUrl,
  getTeamsWebhookUrl,
} from "@/lib/core/notifications/notification-settings";
import { NotificationsPanel } from "@/components/notifications/notifications-panel";
import {
  markReadAction,
  savePreferencesAction,
  saveSlackAction,
  saveTeamsAction,
  testTeamsAction,
} from "@/app/(dashboard)/dashboard/notifications/notification-actions";

export const metadata: Metadata = { title: "Notifications" };
export const dynamic = "force-dynamic";

export default async function NotificationsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const [preferences, slackUrl, teamsUrl] = await Promise.all([
    getNotificationPreferences({ agencyId: ctx.agencyId, userId: ctx.userId }),
    getSlackWebhookUrl({ agencyId: ctx.agencyId }),
    getTeamsWebhookUrl({ agencyId: ctx.agencyId }),
  ]);
  const canEditSlack = can(ctx.role, "webhooks:write");
  return (
    <NotificationsPanel
      preferences={preferences}
      slackUrl={canEditSlack ? slackUrl : slackUrl ? "(set by a manager)" : null}
      canEditSlack={canEditSlack}
      savePreferences={savePreferencesAction}
      markRead={markReadAction}
      saveSlack={saveSlackAction}
      teamsUrl={canEditSlack ? teamsUrl : teamsUrl ? "(set by a manager)" : null}
      saveTeams={saveTeamsAction}
      testTeams={testTeamsAction}
    />
  );
}
