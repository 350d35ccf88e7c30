// Following invitations until the agency accepts them: the worker's task looks at every
// granted service whose platform invitation is still pending, reads acceptance through the
// access check of its request (at most once per RECHECK_MS per service), and reminds the
// agency's team once when an invitation is still unaccepted a day after it was sent (an
// in-app notification, the email of members on "instant", Slack), under the preference
// "A client grants a service".
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { checkGrantedAccess, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { readInvitation } from "@/lib/core/request-records/stored-invitation";
import { notifyTeam } from "@/lib/core/notifications/notify-team";
import { INVITATION_REMINDER } from "@/lib/core/notifications/notification-types";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";

export const REMIND_AFTER_MS = 24 * 3600 * 1000;
export const RECHECK_MS = 60 * 60 * 1000;

const pendingWhere = {
  status: "granted",
  accessRemovedAt: null,
  invitation: { path: ["status"], equals: "pending" },
  request: { isDemo: false },
} satisfies Prisma.RequestServiceWhereInput;

export async function followInvitations(
  opts: { now?: Date; connectorFor?: ConnectorFor; max?: number } = {},
): Promise<{ checked: number; reminded: number }> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const pending = await db.requestService.findMany({
    where: pendingWhere,
    select: { agencyId: true, requestId: true, accessCheckedAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: opts.max ?? 200,
  });

  // read acceptance: one check per request whose invitations were not read in the last hour
  const due = new Map<string, string>();
  for (const s of pending)
    if (!s.accessCheckedAt || now.getTime() - s.accessCheckedAt.getTime() >= RECHECK_MS)
      due.set(s.requestId, s.agencyId);
  for (const [requestId, agencyId] of due)
    await checkGrantedAccess({
      agencyId,
      requestId,
      now,
      ...(opts.connectorFor ? { connectorFor: opts.connectorFor } : {}),
    }).catch(() => {});

  // still pending a day after it was sent, and not reminded yet: remind the team once
  let reminded = 0;
  const still = await db.requestService.findMany({
    where: pendingWhere,
    select: { id: true, agencyId: true, requestId: true, serviceId: true, platform: true, invitation: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: opts.max ?? 200,
  });
  for (const s of still) {
    const inv = readInvitation(s.invitation);
    if (!inv || inv.status !== "pending" || inv.remindedAt) continue;
    if (now.getTime() - new Date(inv.sentAt).getTime() < REMIND_AFTER_MS) continue;
    const done = await inTransaction(async (tx) => {
      // claim: only one worker reminds
      const claimed = await tx.$executeRaw`
        UPDATE "RequestService"
        SET "invitation" = jsonb_set("invitation", '{remindedAt}', to_jsonb(${now.toISOString()}::text))
        WHERE "id" = ${s.id}::uuid AND "invitation"->>'status' = 'pending'
          AND ("invitation"->>'remindedAt') IS NULL`;
      if (claimed !== 1) return false;
      const row = await tx.accessRequest.findUniqueOrThrow({ where: { id: s.requestId }, include: requestInclude });
      await notifyTeam(tx, {
        agencyId: s.agencyId,
        eventId: `invitation-reminder:${s.id}`,
        type: INVITATION_REMINDER,
        data: {
          request: serializeRequest(row, now),
          service: { service: s.serviceId, platform: s.platform },
          invitation: { sentTo: inv.sentTo, acceptUrl: inv.acceptUrl },
        },
        requestId: s.requestId,
        now,
      });
      return true;
    });
    if (done) reminded++;
  }
  return { checked: due.size, reminded };
}
