// "Ask again" on lost-access alerts: one request for exactly the services, roles and agency
// accounts that were lost, for the same client (so in the client's language), emailed when
// the agency chooses. The alerts record the new request, which links back to them.
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import { createRequest } from "@/lib/core/requests/create-request";
import type { TRequestedService } from "@/lib/core/requests/schemas";

/** A request is still waiting for the client: asking again would send a second one. */
const WAITING = new Set(["pending", "in_progress"]);

/**
 * "Ask again": one request for every given open alert of one client, with exactly the lost
 * services, their roles and agency accounts; emailed to the client when `sendEmail`. Each
 * alert records the new request. An alert whose earlier follow-up is still waiting is refused.
 */
export async function askAgain(opts: {
  agencyId: string;
  alertIds: string[];
  sendEmail: boolean;
  actor: string;
  now?: Date;
}) {
  const ids = [...new Set(opts.alertIds)];
  if (ids.length === 0) throw validationError("alertIds", "Name at least one lost-access alert.");
  if (ids.some((id) => !UUID.test(id))) throw validationError("alertIds", "Each alert id must be a uuid.");
  const now = opts.now ?? new Date();
  return inTransaction(async (tx) => {
    // Two clicks at once (two tabs, two instances) must give one request and one email: the
    // alerts' rows are locked, in id order so overlapping sets cannot deadlock, and the second
    // caller reads them after the first has committed its follow-up, which it then refuses.
    await tx.$queryRaw`
      SELECT "id" FROM "AccessAlert"
      WHERE "agencyId" = ${opts.agencyId}::uuid AND "id" = ANY(${ids}::uuid[])
      ORDER BY "id" FOR UPDATE`;
    const alerts = await tx.accessAlert.findMany({
      where: { agencyId: opts.agencyId, id: { in: ids } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    if (alerts.length !== ids.length) throw notFound("Lost-access alert");
    const clientId = alerts[0]!.clientId;
    if (alerts.some((a) => a.clientId !== clientId))
      throw validationError("alertIds", "The alerts must all be of one client.");
    if (alerts.some((a) => a.closedAt))
      throw new ApiError("INVALID_STATE", "The access was granted again already: the alert is closed.");
    const followUps = alerts.flatMap((a) => (a.followUpRequestId ? [a.followUpRequestId] : []));
    if (followUps.length > 0) {
      const waiting = await tx.accessRequest.findFirst({
        where: { agencyId: opts.agencyId, id: { in: followUps }, status: { in: ["pending", "in_progress"] } },
        select: { id: true, status: true },
      });
      if (waiting && WAITING.has(waiting.status))
        throw new ApiError(
          "INVALID_STATE",
          "This access was asked for again already and the client has not answered yet.",
          [{ field: "alertIds", message: `Request ${waiting.id} is still waiting for the client.` }],
        );
    }
    const requestedServices: Record<string, TRequestedService> = {};
    for (const a of alerts) {
      const links = (Array.isArray(a.accounts) ? (a.accounts as Record<string, unknown>[]) : []).flatMap((acc) => {
        if (typeof acc?.internalAccountId !== "string") return [];
        const link: Record<string, string> = {};
        for (const [k, v] of Object.entries(acc)) if (typeof v === "string" && v) link[k] = v;
        return [link as TRequestedService["requestedAccountLinks"][number]];
      });
      const known = requestedServices[a.serviceId];
      if (known) {
        const have = new Set(known.requestedAccountLinks.map((l) => l.internalAccountId));
        known.requestedAccountLinks.push(...links.filter((l) => !have.has(l.internalAccountId)));
        continue;
      }
      requestedServices[a.serviceId] = {
        ...(a.accessLevel ? { accessLevel: a.accessLevel } : {}),
        optional: false,
        requestedAccountLinks: links,
      };
    }
    const request = await createRequest({
      agencyId: opts.agencyId,
      input: { clientId, requestedServices, sendEmail: opts.sendEmail },
      source: "dashboard",
      tx,
      now,
    });
    await tx.accessAlert.updateMany({
      where: { id: { in: ids } },
      data: { followUpRequestId: request.id, askedAt: now, askedBy: opts.actor },
    });
    return { request, alertIds: ids };
  });
}
