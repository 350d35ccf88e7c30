// The platform refused to renew one of the agency's connected sign-ins: every Owner of the
// agency is told, in the app and by email, once per refusal (the caller writes it in the
// transaction that marks the account "Reconnect"), with a link to the Accounts page.
import type { Tx } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { renderNotificationEmail } from "@/lib/core/notifications/render-notification-email";

export const RECONNECT_NOTICE = "account.reconnect";

export async function noticeReconnect(
  tx: Tx,
  opts: {
    account: { id: string; agencyId: string; platform: string; displayName: string | null; email: string | null };
    reason: string;
    now: Date;
  },
): Promise<void> {
  const { account, now } = opts;
  const name = getPlatform(account.platform)?.name ?? account.platform;
  const who = account.displayName ?? account.email ?? `the ${name} account`;
  const message = `${name} stopped accepting the agency's sign-in for ${who}: reconnect it so access checks and removals keep working.`;
  const link = `${env().appUrl}/dashboard/accounts`;
  const owners = await tx.membership.findMany({
    where: { agencyId: account.agencyId, role: "owner" },
    select: { userId: true, user: { select: { email: true } } },
  });
  if (owners.length === 0) return;
  await tx.notification.createMany({
    data: owners.map((o) => ({
      agencyId: account.agencyId,
      userId: o.userId,
      eventId: `${RECONNECT_NOTICE}:${account.id}:${now.getTime()}`,
      type: RECONNECT_NOTICE,
      message,
      createdAt: now,
      emailedAt: now,
    })),
  });
  const agency = await tx.agency.findUniqueOrThrow({ where: { id: account.agencyId }, select: { name: true } });
  const mail = await renderNotificationEmail({ agencyName: agency.name, lines: [message], link });
  for (const o of owners)
    await tx.email.create({
      data: {
        agencyId: account.agencyId,
        kind: "notification",
        to: o.user.email,
        ...mail,
        createdAt: now,
        nextAttemptAt: now,
      },
    });
}
