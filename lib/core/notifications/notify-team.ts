// Turns a recorded event into team notifications, in the event's transaction so every path
// (API, dashboard, client pages, worker) notifies: one in-app entry per member who chose the
// event, an email at once for members on "instant" (members on "digest" get it in the daily
// digest), and one Slack message when the agency set an incoming-webhook URL.
import type { Tx } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { notifyPreferenceOf, notificationText, notifyTypeOf, type NotifyEventType, type AWAITING_CONFIRMATION } from "@/lib/core/notifications/notification-types";
import { renderNotificationEmail } from "@/lib/core/notifications/render-notification-email";
import { actorDisplayName } from "@/lib/core/events/actor-name";

export async function notifyTeam(tx: Tx, opts: { agencyId: string; eventId: string; type: string; data: unknown; requestId: string | null; now: Date; actor?: string | null }) {
  const type = notifyTypeOf(opts.type, opts.data);
  const preference = notifyPreferenceOf(type);
  if (!preference) return;
  const clientId = (opts.data as { request?: { clientId?: string } } | null)?.request?.clientId ?? null;
  const client = clientId ? await tx.client.findFirst({ where: { id: clientId, agencyId: opts.agencyId }, select: { id: true, name: true } }) : null;
  const message = notificationText(
    type as NotifyEventType | typeof AWAITING_CONFIRMATION,
    opts.data,
    client?.name ?? "A client",
    await actorDisplayName(tx, opts.agencyId, opts.actor ?? null),
  );
  const link = client ? `${env().appUrl}/dashboard/clients/${client.id}` : `${env().appUrl}/dashboard`;

  const members = await tx.membership.findMany({
    where: { agencyId: opts.agencyId, notifyEvents: { has: preference } },
    select: { userId: true, notifyEmail: true, user: { select: { email: true } } },
  });
  if (members.length > 0) {
    await tx.notification.createMany({
      data: members.map((m) => ({
        agencyId: opts.agencyId,
        userId: m.userId,
        eventId: opts.eventId,
        type,
        requestId: opts.requestId,
        clientId: client?.id ?? null,
        message,
        createdAt: opts.now,
        // only instant members get an email now; "off" members never do
        emailedAt: m.notifyEmail === "digest" ? null : opts.now,
      })),
    });
    const agency = await tx.agency.findUniqueOrThrow({ where: { id: opts.agencyId }, select: { name: true } });
    const instant = members.filter((m) => m.notifyEmail === "instant");
    if (instant.length > 0) {
      const mail = await renderNotificationEmail({ agencyName: agency.name, lines: [message], link });
      await tx.email.createMany({
        data: instant.map((m) => ({
          agencyId: opts.agencyId,
          requestId: opts.requestId,
          kind: "notification",
          to: m.user.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })),
      });
    }
  }

  const agency = await tx.agency.findUnique({ where: { id: opts.agencyId }, select: { slackWebhookUrl: true } });
  if (agency?.slackWebhookUrl) {
    await tx.slackMessage.create({ data: { agencyId: opts.agencyId, text: `${message} · <${link}|Open in dashboard>`, createdAt: opts.now, nextAttemptAt: opts.now } });
  }
}
