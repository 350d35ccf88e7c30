// After a grant shared assets with the agency's business (Meta partner access to an ad account
// or Page, a TikTok ad account shared with the agency's Business Center), the people the agency
// chose for that connected account are given their role on each new asset, with the agency's
// own token. A step after the grant: it never fails the client's grant; what was assigned and
// what the platform refused are stored (AssetAssignment) and shown on the request page with
// the manual step.
import { ASSIGNABLE_ROLES, cappedRole, readAssignees, type TAssignee } from "@/lib/core/accounts/assignee-rules";
import {
  isConnectorError,
  type AgencyAccountRef,
  type PersonAssignment,
  type PlatformConnector,
} from "@/lib/infra/connectors/connector";
import { getDb } from "@/lib/infra/db/db";
import { log } from "@/lib/infra/log";

export interface AssignmentPlanItem {
  internalAccountId: string;
  serviceId: string;
  assetId: string;
  assetName: string | null;
  people: { id: string; name: string; role: string }[];
}

/**
 * Who gets what: for each agency account of a service that assigns people, each granted
 * asset, the people configured for that service with their role capped at what the agency
 * received. Nothing when no one is configured. Pure.
 */
export function planAssignments(opts: {
  platform: string;
  services: {
    serviceId: string;
    /** the catalog role the agency's business received */
    grantedRole: string | null;
    assets: { id: string; name: string | null }[];
    accounts: { internalAccountId: string; assignees: readonly TAssignee[] }[];
  }[];
}): AssignmentPlanItem[] {
  const assignable = ASSIGNABLE_ROLES[opts.platform] ?? {};
  const out: AssignmentPlanItem[] = [];
  for (const svc of opts.services) {
    if (!assignable[svc.serviceId]) continue;
    for (const account of svc.accounts) {
      const people = account.assignees.flatMap((a) => {
        const role = a.roles[svc.serviceId];
        return role ? [{ id: a.id, name: a.name, role: cappedRole(svc.serviceId, role, svc.grantedRole) }] : [];
      });
      if (people.length === 0) continue;
      for (const asset of svc.assets)
        out.push({
          internalAccountId: account.internalAccountId,
          serviceId: svc.serviceId,
          assetId: asset.id,
          assetName: asset.name,
          people,
        });
    }
  }
  return out;
}

async function assignOne(
  connector: PlatformConnector,
  item: AssignmentPlanItem,
  account: AgencyAccountRef,
): Promise<PersonAssignment[]> {
  const refuseAll = (error: string) => item.people.map((p) => ({ personId: p.id, ok: false, error }));
  if (!connector.assignPeople) return refuseAll("This platform cannot assign people here.");
  if (!account.agencyAccessToken || !account.businessId)
    return refuseAll("The agency's account has no platform sign-in stored: reconnect it to assign people.");
  try {
    return await connector.assignPeople({
      accessToken: account.agencyAccessToken,
      businessId: account.businessId,
      serviceId: item.serviceId,
      assetId: item.assetId,
      people: item.people.map((p) => ({ id: p.id, role: p.role })),
    });
  } catch (err) {
    if (!isConnectorError(err) || err.kind === "server_error") {
      log().error({ err }, "assigning the agency's people failed");
      return refuseAll("The platform did not answer.");
    }
    return refuseAll(err.message);
  }
}

/** Runs the plan and stores each person's outcome; never throws (the grant is already recorded). */
export async function assignAgencyPeople(opts: {
  agencyId: string;
  requestId: string;
  platform: string;
  connector: PlatformConnector;
  services: {
    serviceId: string;
    grantedRole: string | null;
    assets: { id: string; name: string | null }[];
    accounts: AgencyAccountRef[];
  }[];
  now?: Date;
}): Promise<void> {
  try {
    // The sandbox (and a platform without the documented call) assigns no one: nothing to record.
    if (!ASSIGNABLE_ROLES[opts.platform] || !opts.connector.assignPeople) return;
    const ids = [...new Set(opts.services.flatMap((s) => s.accounts.map((a) => a.internalAccountId)))];
    if (ids.length === 0) return;
    const db = await getDb();
    const rows = await db.connectedAccount.findMany({
      where: { agencyId: opts.agencyId, internalAccountId: { in: ids } },
      select: { internalAccountId: true, assignees: true },
    });
    const assigneesOf = new Map(rows.map((r) => [r.internalAccountId, readAssignees(r.assignees)]));
    const plan = planAssignments({
      platform: opts.platform,
      services: opts.services.map((s) => ({
        ...s,
        accounts: s.accounts.map((a) => ({
          internalAccountId: a.internalAccountId,
          assignees: assigneesOf.get(a.internalAccountId) ?? [],
        })),
      })),
    });
    const accountOf = new Map(opts.services.flatMap((s) => s.accounts.map((a) => [a.internalAccountId, a])));
    for (const item of plan) {
      const results = await assignOne(opts.connector, item, accountOf.get(item.internalAccountId)!);
      await db.assetAssignment.createMany({
        data: item.people.map((p) => {
          const r = results.find((x) => x.personId === p.id);
          return {
            agencyId: opts.agencyId,
            requestId: opts.requestId,
            internalAccountId: item.internalAccountId,
            platform: opts.platform,
            serviceId: item.serviceId,
            assetId: item.assetId,
            assetName: item.assetName,
            personId: p.id,
            personName: p.name,
            role: p.role,
            outcome: r?.ok ? "assigned" : "failed",
            error: r?.ok ? null : (r?.error ?? "The platform gave no answer for this person.").slice(0, 500),
            ...(opts.now ? { createdAt: opts.now } : {}),
          };
        }),
      });
    }
  } catch (err) {
    log().error({ err }, "assigning the agency's people: not recorded");
  }
}
