// Access checks: read each granted asset back on its platform and record `verifiedAt` or
// `lostAt` with the platform's answer. The read uses the agency's own connected-account
// token (the grantee reading its own access); where the platform has no documented read,
// or the agency account holds no token, the asset is marked "cannot be checked
// automatically". Access newly found lost opens a lost-access alert (lib/core/access-alerts)
// and sends `access.lost` (an extension event) linking to it; a service whose every asset
// reads present again closes its alert. A grant
// made by invitation whose every asset now reads as accepted is recorded as accepted
// (`request.updated` with a new stateVersion).
// Runs from the dashboard's "Check now" and from the worker's daily sweep.
import type { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { readInvitation, type StoredInvitation } from "@/lib/core/request-records/stored-invitation";
import { inTransaction } from "@/lib/infra/db/transaction";
import { getConnector, platformMode } from "@/lib/infra/connectors/get-connector";
import { isConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";
import { checkAgencyTokens } from "@/lib/core/accounts/check-agency-tokens";
import { openAgencyToken, readGrantedAssets, type StoredGrantedAsset } from "@/lib/core/request-records/granted-assets";
import { agencyTokenForUse } from "@/lib/core/accounts/agency-token";
import { closeAlertsOfService, openAccessAlert } from "@/lib/core/access-alerts/access-alerts";

export type ConnectorFor = (platform: string) => PlatformConnector | null;

/** The installation's connector for a platform, or null when it is not set up here. */
export const defaultConnectorFor: ConnectorFor = (platform) =>
  platformMode(platform) === "unconfigured" ? null : getConnector(platform);

export const CANNOT_CHECK = "Cannot be checked automatically";
/** A read that could not be made: never lost access, no alert, no `access.lost`, no "Ask again". */
export const CANNOT_BE_CHECKED = "Cannot be checked";

export interface AccessCheckSummary {
  services: number;
  verified: number;
  lost: number;
  newlyLost: number;
  unavailable: number;
  errors: number;
}

export interface AgencyAccountForService {
  internalAccountId: string;
  platformAccountId: string | null;
  email: string | null;
  businessId: string | null;
  token: string | null;
  /** why there is no usable token (a refused or failed refresh), null when fine */
  tokenProblem: string | null;
  linkFields: Record<string, string>;
}

type ServiceScope = { agencyId: string; requestId?: string; clientId?: string };

/** The granted, not removed services in scope, oldest first. */
export async function grantedServicesInScope(scope: ServiceScope) {
  const db = await getDb();
  return db.requestService.findMany({
    where: {
      agencyId: scope.agencyId,
      status: "granted",
      accessRemovedAt: null,
      request: {
        isDemo: false,
        ...(scope.requestId ? { id: scope.requestId } : {}),
        ...(scope.clientId ? { clientId: scope.clientId } : {}),
      },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/**
 * The agency account the service granted access to, with its token ready to use (refreshed
 * first when it is expired or about to be: lib/core/accounts/agency-token.ts), or null without one.
 */
export async function agencyAccountFor(
  agencyId: string,
  accounts: unknown,
  opts: { connectorFor?: ConnectorFor; now?: Date; peek?: boolean } = {},
): Promise<AgencyAccountForService | null> {
  const first = Array.isArray(accounts) ? (accounts[0] as Record<string, unknown> | undefined) : undefined;
  const internalAccountId = typeof first?.internalAccountId === "string" ? first.internalAccountId : null;
  if (!internalAccountId) return null;
  const db = await getDb();
  const row = await db.connectedAccount.findFirst({ where: { agencyId, internalAccountId } });
  if (!row) return null;
  const linkFields: Record<string, string> = {};
  for (const [k, v] of Object.entries(first ?? {}))
    if (typeof v === "string" && k !== "internalAccountId") linkFields[k] = v;
  return {
    internalAccountId,
    platformAccountId: row.platformAccountId,
    email: row.email,
    businessId: row.businessId,
    ...(await tokenOf(row, opts)),
    linkFields,
  };
}

async function tokenOf(
  row: { id: string; platform: string; status: string; accessToken: string | null },
  opts: { connectorFor?: ConnectorFor; now?: Date; peek?: boolean },
): Promise<{ token: string | null; tokenProblem: string | null }> {
  if (row.status !== "connected") return { token: null, tokenProblem: null };
  // whether a token is held, without renewing it (a client's page asks only that)
  if (opts.peek) return { token: openAgencyToken(row.accessToken), tokenProblem: null };
  let connector: PlatformConnector | null = null;
  try {
    connector = (opts.connectorFor ?? defaultConnectorFor)(row.platform);
  } catch {
    connector = null;
  }
  const got = await agencyTokenForUse({ accountId: row.id, connector, ...(opts.now ? { now: opts.now } : {}) });
  return { token: got.token, tokenProblem: got.problem };
}

/** The account as a connector takes it: the agency's own token travels as `agencyAccessToken`. */
export function agencyAccountRef(account: AgencyAccountForService): AgencyAccountRef {
  return {
    internalAccountId: account.internalAccountId,
    platformAccountId: account.platformAccountId,
    email: account.email,
    businessId: account.businessId,
    agencyAccessToken: account.token,
    linkFields: account.linkFields,
  };
}

export function connectorMessage(err: unknown): string {
  if (isConnectorError(err) && err.kind !== "server_error") return err.message;
  return "The platform could not be reached. The check will run again later.";
}

export async function checkGrantedAccess(
  opts: ServiceScope & { now?: Date; connectorFor?: ConnectorFor },
): Promise<AccessCheckSummary> {
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const connectorFor = opts.connectorFor ?? defaultConnectorFor;
  const summary: AccessCheckSummary = { services: 0, verified: 0, lost: 0, newlyLost: 0, unavailable: 0, errors: 0 };

  for (const svc of await grantedServicesInScope(opts)) {
    const assets = readGrantedAssets(svc.grantedAssets).filter((a) => !a.removedAt);
    if (assets.length === 0) continue;
    summary.services++;
    const account = await agencyAccountFor(opts.agencyId, svc.accounts, { connectorFor, now });
    let connector: PlatformConnector | null = null;
    try {
      connector = connectorFor(svc.platform);
    } catch {
      connector = null;
    }
    let next: StoredGrantedAsset[];
    const newlyLost: StoredGrantedAsset[] = [];
    const invitation = readInvitation(svc.invitation);
    let invitationAccepted = false;
    if (!connector?.verifyAccess || !account?.token) {
      const why = !connector?.verifyAccess
        ? `${CANNOT_CHECK}: this platform offers no read of granted access here.`
        : account?.tokenProblem
          ? `${CANNOT_BE_CHECKED}: ${account.tokenProblem}`
          : `${CANNOT_CHECK}: the agency account has no platform sign-in to read its access with.`;
      next = assets.map((a) => ({ ...a, checkStatus: "unavailable", checkDetail: why }));
      summary.unavailable += assets.length;
    } else {
      try {
        const read = await connector.verifyAccess({
          accessToken: account.token,
          serviceId: svc.serviceId,
          assetIds: assets.map((a) => a.id),
          agencyAccount: agencyAccountRef(account),
          ...(invitation?.status === "pending" && invitation.refs?.length ? { invitationRefs: invitation.refs } : {}),
        });
        const byId = new Map(read.map((r) => [r.assetId, r]));
        // the platform's invitation is accepted once every asset reads as accepted
        invitationAccepted =
          invitation?.status === "pending" && assets.every((a) => byId.get(a.id)?.invitation === "accepted");
        next = assets.map((a) => {
          const r = byId.get(a.id);
          if (!r)
            return {
              ...a,
              checkStatus: "unavailable",
              checkDetail: `${CANNOT_CHECK}: the platform did not answer for this asset.`,
            };
          // only a read that succeeded and does not list the agency is lost access
          if (r.unreadable)
            return { ...a, checkStatus: "unavailable", checkDetail: `${CANNOT_BE_CHECKED}: ${r.unreadable}` };
          // an invitation not accepted yet is not lost access: the agency may still accept it
          if (invitation?.status === "pending" && r.invitation !== "accepted")
            return {
              ...a,
              checkStatus: "unavailable",
              checkDetail: `Invitation waiting for the agency to accept it${r.detail ? ` (${r.detail})` : ""}.`,
            };
          if (r.present) return { ...a, checkStatus: "verified", verifiedAt: at, lostAt: null, checkDetail: r.detail };
          const lost = { ...a, checkStatus: "lost" as const, lostAt: a.lostAt ?? at, checkDetail: r.detail };
          if (!a.lostAt) newlyLost.push(lost);
          return lost;
        });
        for (const a of next) {
          if (a.checkStatus === "verified") summary.verified++;
          else if (a.checkStatus === "lost") summary.lost++;
          else summary.unavailable++;
        }
      } catch (err) {
        // the read was refused (the token's reasons, a limit) or failed: nothing is known of the access
        summary.errors++;
        summary.unavailable += assets.length;
        next = assets.map((a) => ({
          ...a,
          checkStatus: "unavailable",
          checkDetail: `${CANNOT_BE_CHECKED}: ${connectorMessage(err)}`,
        }));
      }
    }
    summary.newlyLost += newlyLost.length;
    const removed = readGrantedAssets(svc.grantedAssets).filter((a) => a.removedAt);
    await inTransaction(async (tx) => {
      await tx.requestService.update({
        where: { id: svc.id },
        data: { grantedAssets: [...next, ...removed] as object[], accessCheckedAt: now },
      });
      if (invitationAccepted && invitation) await recordInvitationAccepted(tx, svc, invitation, opts.agencyId, now);
      if (next.length > 0 && next.every((a) => a.checkStatus === "verified"))
        await closeAlertsOfService(tx, {
          agencyId: opts.agencyId,
          requestId: svc.requestId,
          serviceId: svc.serviceId,
          reason: "restored",
          now,
        });
      if (newlyLost.length > 0) {
        const row = await tx.accessRequest.findUniqueOrThrow({ where: { id: svc.requestId }, include: requestInclude });
        const lostAssets = newlyLost.map((a) => ({
          id: a.id,
          name: a.name ?? null,
          lostAt: a.lostAt ?? at,
          detail: a.checkDetail ?? null,
        }));
        const alert = await openAccessAlert(tx, {
          agencyId: opts.agencyId,
          clientId: row.clientId,
          service: svc,
          assets: lostAssets,
          now,
        });
        await recordAndReact(tx, {
          agencyId: opts.agencyId,
          type: "access.lost",
          requestId: svc.requestId,
          now,
          data: {
            request: serializeRequest(row, now),
            service: { service: svc.serviceId, platform: svc.platform },
            assets: lostAssets,
            alert,
          },
        });
      }
    });
  }
  return summary;
}

/**
 * The agency accepted the platform's invitation: the service shows it accepted, the request
 * gets a new stateVersion and one `request.updated` saying so (on the locked request row, like
 * every other change of the request).
 */
async function recordInvitationAccepted(
  tx: Tx,
  svc: { id: string; requestId: string; serviceId: string; platform: string },
  invitation: StoredInvitation,
  agencyId: string,
  now: Date,
) {
  await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${svc.requestId}::uuid FOR UPDATE`;
  const current = readInvitation(
    (await tx.requestService.findUniqueOrThrow({ where: { id: svc.id }, select: { invitation: true } })).invitation,
  );
  // a concurrent check already recorded it
  if (current?.status !== "pending") return;
  const accepted: StoredInvitation = { ...invitation, status: "accepted", acceptedAt: now.toISOString() };
  await tx.requestService.update({
    where: { id: svc.id },
    data: { invitation: accepted as unknown as Prisma.InputJsonObject },
  });
  await tx.accessRequest.update({ where: { id: svc.requestId }, data: { stateVersion: { increment: 1 } } });
  const row = await tx.accessRequest.findUniqueOrThrow({ where: { id: svc.requestId }, include: requestInclude });
  await recordAndReact(tx, {
    agencyId,
    type: "request.updated",
    requestId: svc.requestId,
    now,
    actor: "system",
    data: {
      request: serializeRequest(row, now),
      service: { service: svc.serviceId, platform: svc.platform },
      invitation: { change: "accepted", sentTo: invitation.sentTo, services: [svc.serviceId] },
    },
  });
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * One check as the worker's sweep and the dashboard's "Check now" both run it: the granted
 * assets in scope read back, then the agency's own stored platform tokens, flagged for
 * "Reconnect" when the platform refuses them.
 */
export async function checkAccessNow(
  opts: ServiceScope & { now?: Date; connectorFor?: ConnectorFor },
): Promise<AccessCheckSummary> {
  const summary = await checkGrantedAccess(opts);
  await checkAgencyTokens({
    agencyId: opts.agencyId,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.connectorFor ? { connectorFor: opts.connectorFor } : {}),
  }).catch(() => {});
  return summary;
}

/**
 * The worker's sweep: every agency whose check is due (every `accessCheckEveryDays` days,
 * 0 = off) is claimed by moving `lastAccessCheckAt` forward with a compare-and-set, so
 * several workers never check one agency twice, then checked.
 */
export async function runScheduledAccessChecks(
  opts: { now?: Date; connectorFor?: ConnectorFor; maxAgencies?: number } = {},
): Promise<{ agencies: number }> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const candidates = await db.agency.findMany({
    where: { accessCheckEveryDays: { gt: 0 } },
    select: { id: true, accessCheckEveryDays: true, lastAccessCheckAt: true },
    orderBy: [{ lastAccessCheckAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: opts.maxAgencies ?? 50,
  });
  let agencies = 0;
  for (const a of candidates) {
    if (a.lastAccessCheckAt && now.getTime() - a.lastAccessCheckAt.getTime() < a.accessCheckEveryDays * DAY_MS)
      continue;
    const claimed = await db.agency.updateMany({
      where: { id: a.id, lastAccessCheckAt: a.lastAccessCheckAt },
      data: { lastAccessCheckAt: now },
    });
    if (claimed.count !== 1) continue;
    await checkAccessNow({ agencyId: a.id, now, ...(opts.connectorFor ? { connectorFor: opts.connectorFor } : {}) });
    agencies++;
  }
  return { agencies };
}

/** The agency's scheduled check: every 1 to 30 days, or 0 for off. */
export async function setAccessCheckSchedule(opts: {
  agencyId: string;
  everyDays: number;
}): Promise<{ everyDays: number }> {
  const db = await getDb();
  await db.agency.update({ where: { id: opts.agencyId }, data: { accessCheckEveryDays: opts.everyDays } });
  return { everyDays: opts.everyDays };
}
