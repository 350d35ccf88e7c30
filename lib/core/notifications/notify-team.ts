// Turns a recorded event into team notifications, in the event's transaction so every path
// (API, dashboard, client pages, worker) notifies: one in-app entry per member who chose the
// event, an email at once for members on "instant" (members on "digest" get it in the daily
// digest), one Slack message when the agency set an incoming-webhook URL and one Teams message
// (an Adaptive Card, lib/core/notifications/send-teams-messages.ts) when it set a Workflows
// webhook URL. A member is not told of their own action (a Mark granted of theirs is not news
// to them, nor digest material); the rest of the team is.
//
// "At once" is one email per request while its client is at work, not one per event: a
// client granting nine services and finishing the request used to send eleven emails.
// The instant email waits INSTANT_BATCH_MS for more of the same request's news, and each
// new line joins the waiting email (and restarts the wait, up to INSTANT_BATCH_MAX_MS after
// the first line), until the worker sends it.
import type { Tx } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import {
  notifyPreferenceOf,
  notificationText,
  notifyTypeOf,
  type NotifyEventType,
  type AWAITING_CONFIRMATION,
  type INVITATION_REMINDER,
  type REMOVAL_ASKED,
  REQUEST_STALLED,
} from "@/lib/core/notifications/notification-types";
import { renderNotificationEmail } from "@/lib/core/notifications/render-notification-email";
import { actorDisplay } from "@/lib/core/events/actor-name";

export const INSTANT_BATCH_MS = 60_000;
export const INSTANT_BATCH_MAX_MS = 10 * 60_000;

export async function notifyTeam(
  tx: Tx,
  opts: {
    agencyId: string;
    eventId: string;
    type: string;
    data: unknown;
    requestId: string | null;
    now: Date;
    actor?: string | null;
  },
) {
  const type = notifyTypeOf(opts.type, opts.data);
  const preference = notifyPreferenceOf(type);
  if (!preference) return;
  const clientId = (opts.data as { request?: { clientId?: string } } | null)?.request?.clientId ?? null;
  const client = clientId
    ? await tx.client.findFirst({ where: { id: clientId, agencyId: opts.agencyId }, select: { id: true, name: true } })
    : null;
  const message = notificationText(
    type as NotifyEventType | typeof AWAITING_CONFIRMATION | typeof INVITATION_REMINDER | typeof REMOVAL_ASKED,
    opts.data,
    client?.name ?? "A client",
    await actorDisplay(tx, opts.agencyId, opts.actor ?? null, client?.name ?? "A client"),
  );
  // a lost-access alert links to the alert itself, where "Ask again" is
  const alertUrl = (opts.data as { alert?: { url?: unknown } } | null)?.alert?.url;
  const link =
    typeof alertUrl === "string"
      ? alertUrl
      : type === REQUEST_STALLED && opts.requestId
        ? `${env().appUrl}/dashboard/requests/${opts.requestId}`
        : client
          ? `${env().appUrl}/dashboard/clients/${client.id}`
          : `${env().appUrl}/dashboard`;

  const self = opts.actor?.includes("@") && !opts.actor.startsWith("colleague:") ? opts.actor.toLowerCase() : null;
  const members = (
    await tx.membership.findMany({
      where: { agencyId: opts.agencyId, notifyEvents: { has: preference } },
      select: { userId: true, notifyEmail: true, user: { select: { email: true } } },
    })
  ).filter((m) => m.user.email.toLowerCase() !== self);
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
    for (const m of members.filter((x) => x.notifyEmail === "instant")) {
      await queueInstantEmail(tx, {
        ...opts,
        userId: m.userId,
        to: m.user.email,
        agencyName: agency.name,
        message,
        link,
      });
    }
  }

  const agency = await tx.agency.findUnique({
    where: { id: opts.agencyId },
    select: { slackWebhookUrl: true, teamsWebhookUrl: true },
  });
  if (agency?.slackWebhookUrl) {
    await tx.slackMessage.create({
      data: {
        agencyId: opts.agencyId,
        text: `${message} · <${link}|Open in dashboard>`,
        createdAt: opts.now,
        nextAttemptAt: opts.now,
      },
    });
  }
  if (agency?.teamsWebhookUrl) {
    // the card's button opens the request itself where there is one (a lost-access alert keeps its own page)
    const teamsLink =
      typeof alertUrl !== "string" && opts.requestId ? `${env().appUrl}/dashboard/requests/${opts.requestId}` : link;
    await tx.teamsMessage.create({
      data: { agencyId: opts.agencyId, text: message, link: teamsLink, createdAt: opts.now, nextAttemptAt: opts.now },
    });
  }
}

async function queueInstantEmail(
  tx: Tx,
  opts: {
    agencyId: string;
    requestId: string | null;
    userId: string;
    to: string;
    agencyName: string;
    message: string;
    link: string;
    now: Date;
  },
) {
  const sendAt = (first: Date) =>
    new Date(Math.min(opts.now.getTime() + INSTANT_BATCH_MS, first.getTime() + INSTANT_BATCH_MAX_MS));
  if (opts.requestId) {
    // the member's email about this request that the worker has not picked up yet
    const waiting = await tx.email.findFirst({
      where: {
        agencyId: opts.agencyId,
        requestId: opts.requestId,
        kind: "notification",
        to: opts.to,
        status: "pending",
        attempts: 0,
      },
      orderBy: { createdAt: "desc" },
      select: { id: true, createdAt: true },
    });
    if (waiting) {
      const lines = await tx.notification.findMany({
        where: {
          agencyId: opts.agencyId,
          userId: opts.userId,
          requestId: opts.requestId,
          createdAt: { gte: waiting.createdAt },
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { message: true },
      });
      const mail = await renderNotificationEmail({
        agencyName: opts.agencyName,
        lines: lines.map((l) => l.message),
        link: opts.link,
      });
      // only while no worker has claimed it (a claim raises attempts)
      const joined = await tx.email.updateMany({
        where: { id: waiting.id, status: "pending", attempts: 0 },
        data: { ...mail, nextAttemptAt: sendAt(waiting.createdAt) },
      });
      if (joined.count === 1) return;
    }
  }
  const mail = await renderNotificationEmail({ agencyName: opts.agencyName, lines: [opts.message], link: opts.link });
  await tx.email.create({
    data: {
      agencyId: opts.agencyId,
      requestId: opts.requestId,
      kind: "notification",
      to: opts.to,
      ...mail,
      createdAt: opts.now,
      nextAttemptAt: sendAt(opts.now),
    },
  });
}
