// A member's notification choices (which events, email instantly, as a daily digest or not
// at all) and the agency's Slack incoming-webhook URL and Microsoft Teams Workflows webhook URL
// (Managers and above set them).
import { z } from "zod";
import { getDb } from "@/lib/infra/db/db";
import { notFound, validationError } from "@/lib/core/common/api-error";
import { checkWebhookUrl } from "@/lib/core/webhooks/check-webhook-url";
import {
  NOTIFY_EMAIL_MODES,
  NOTIFY_EVENT_TYPES,
  type NotifyEmailMode,
} from "@/lib/core/notifications/notification-types";

export const ZNotificationPreferences = z.strictObject({
  events: z.array(z.enum(NOTIFY_EVENT_TYPES)).max(NOTIFY_EVENT_TYPES.length),
  email: z.enum(NOTIFY_EMAIL_MODES),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZSlackSettings = z.strictObject({
  url: z.string().trim().max(2048).nullable(),
});

export const ZTeamsSettings = z.strictObject({
  url: z.string().trim().max(2048).nullable(),
});
export type TTeamsSettings = z.infer<typeof ZTeamsSettings>;

export async function getNotificationPreferences(opts: {
  agencyId: string;
  userId: string;
}): Promise<TNotificationPreferences> {
  const m = await (
    await getDb()
  ).membership.findUnique({
    where: { agencyId_userId: { agencyId: opts.agencyId, userId: opts.userId } },
    select: { notifyEvents: true, notifyEmail: true },
  });
  if (!m) throw notFound("Membership");
  return {
    events: NOTIFY_EVENT_TYPES.filter((t) => m.notifyEvents.includes(t)),
    email: ((NOTIFY_EMAIL_MODES as readonly string[]).includes(m.notifyEmail)
      ? m.notifyEmail
      : "instant") as NotifyEmailMode,
  };
}

export async function updateNotificationPreferences(opts: {
  agencyId: string;
  userId: string;
  input: unknown;
}): Promise<TNotificationPreferences> {
  const input = ZNotificationPreferences.parse(opts.input);
  const updated = await (
    await getDb()
  ).membership.updateMany({
    where: { agencyId: opts.agencyId, userId: opts.userId },
    data: { notifyEvents: [...new Set(input.events)], notifyEmail: input.email },
  });
  if (updated.count === 0) throw notFound("Membership");
  return getNotificationPreferences(opts);
}

export async function getSlackWebhookUrl(opts: { agencyId: string }): Promise<string | null> {
  const a = await (
    await getDb()
  ).agency.findUnique({ where: { id: opts.agencyId }, select: { slackWebhookUrl: true } });
  if (!a) throw notFound("Agency");
  return a.slackWebhookUrl;
}

/** Sets or clears the Slack URL; the same https and public-address rule as webhook URLs (field `url`). */
export async function updateSlackWebhookUrl(opts: { agencyId: string; input: unknown }): Promise<string | null> {
  const { url } = ZSlackSettings.parse(opts.input);
  const value = url ? await checkWebhookUrl(url) : null;
  await (await getDb()).agency.update({ where: { id: opts.agencyId }, data: { slackWebhookUrl: value } });
  return value;
}

export async function getTeamsWebhookUrl(opts: { agencyId: string }): Promise<string | null> {
  const a = await (
    await getDb()
  ).agency.findUnique({ where: { id: opts.agencyId }, select: { teamsWebhookUrl: true } });
  if (!a) throw notFound("Agency");
  return a.teamsWebhookUrl;
}

// The Office 365 connectors' "Incoming Webhook" URLs (…webhook.office.com/webhookb2/…), retired
// by Microsoft in favour of Workflows:
// https://devblogs.microsoft.com/microsoft365dev/retirement-of-office-365-connectors-within-microsoft-teams/
const RETIRED_CONNECTOR_HOST = /(^|\.)(webhook\.office\.com|outlook\.office\.com)$/i;

/**
 * The Teams URL rule, field `url`: a Workflows webhook URL, never a retired connector's, and the
 * webhook URL rule (https on 443 resolving to public addresses; loopback only under
 * WEBHOOK_ALLOW_LOOPBACK=1).
 */
export async function checkTeamsWebhookUrl(raw: string): Promise<string> {
  let host = "";
  try {
    host = new URL(raw).hostname;
  } catch {
    // checkWebhookUrl names the problem
  }
  if (RETIRED_CONNECTOR_HOST.test(host))
    throw validationError(
      "url",
      'url must be a Workflows webhook URL: this one is an Office 365 connector\'s Incoming Webhook, which Microsoft retired. In Teams, add the workflow "Post to a channel when a webhook request is received" and paste its URL.',
    );
  return checkWebhookUrl(raw);
}

/** Sets or clears the Teams URL (field `url`). */
export async function updateTeamsWebhookUrl(opts: { agencyId: string; input: unknown }): Promise<string | null> {
  const { url } = ZTeamsSettings.parse(opts.input);
  const value = url ? await checkTeamsWebhookUrl(url) : null;
  await (await getDb()).agency.update({ where: { id: opts.agencyId }, data: { teamsWebhookUrl: value } });
  return value;
}
