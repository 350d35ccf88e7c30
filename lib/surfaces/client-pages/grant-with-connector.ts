// Grants the chosen assets through the platform connector, then records the result in
// one transaction. One attempt covers every service of the platform sign-in the client
// picked assets for (a client signs in once per platform): for each service with at least
// one asset granted, its `grant` through applyRequestAction (state, stateVersion,
// service.granted, completion); for each service whose grant the platform refused on one
// of the two platforms that report it, `service.grant_failed`; then one
// `connection.attempt_completed` (ATTEMPT_EVENT_PLATFORMS) listing every service of the attempt. A
// failure of the whole attempt goes only through `connection.attempt_completed`, as the
// spec says. A failed attempt changes neither the request nor its stateVersion; its
// events carry the request as it stands. Services the client picked nothing for are not
// part of the attempt and stay pending. Once recorded, the agency's chosen people are given
// the newly shared assets (assign-agency-people.ts), a step that never fails the grant.
//
// The platform is called outside the transaction (it is slow and cannot roll back).
// The request row lock in the transaction orders us against a cancel: if the request
// was cancelled meanwhile, nothing is recorded and the client is told it is closed.

import {
  ATTEMPT_EVENT_PLATFORMS,
  GRANT_FAILED_PLATFORMS,
  getCatalogService,
  getPlatform,
  isOneClickHere,
} from "@/lib/core/catalog/catalog";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import {
  isConnectorError,
  type AgencyAccountRef,
  type GrantResult,
  type PlatformConnector,
} from "@/lib/infra/connectors/connector";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { recordEvent } from "@/lib/core/events/record-event";
import { ApiError } from "@/lib/core/common/api-error";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { applyRequestAction, type GrantedAsset } from "@/lib/core/requests/apply-request-action";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import { invitationOfGrant, type StoredInvitation } from "@/lib/core/invitations/stored-invitation";
import type { TRequest } from "@/lib/core/requests/schemas";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import {
  attemptEventData,
  buildAttemptReport,
  combinedOutcome,
  isServiceGrantFailure,
  shownErrors,
  type AttemptFailure,
  type AttemptReport,
  type ServiceAttempt,
} from "@/lib/surfaces/client-pages/attempt-report";
import { serviceName } from "@/lib/core/catalog/catalog-messages";
import {
  accessRequestInclude,
  findRequestByToken,
  isOpenRequest,
  requestLocale,
} from "@/lib/surfaces/client-pages/find-request-by-token";
import { findLiveSession } from "@/lib/surfaces/client-pages/load-asset-picker";
import { connectorFor } from "@/lib/surfaces/client-pages/platform-connector";
import { decryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { log } from "@/lib/infra/log";
import { assignAgencyPeople } from "@/lib/surfaces/client-pages/assign-agency-people";

export const MAX_ASSETS_PER_GRANT = 50;

export interface GrantOutcome {
  requestId: string;
  /** a preview link: the platform was not called and nothing was recorded */
  preview: boolean;
  /** the attempt over all its services */
  report: AttemptReport;
  /** each service of the attempt, with its status once recorded */
  services: ServiceAttempt[];
  /** what the client is shown when something failed */
  errors: string[];
  request: TRequest;
}

type AccountLink = { internalAccountId?: string | null };

async function agencyAccounts(
  db: Tx,
  agencyId: string,
  platform: string,
  serviceId: string,
  accounts: unknown,
): Promise<AgencyAccountRef[]> {
  const links = (Array.isArray(accounts) ? (accounts as AccountLink[]) : []).filter((a) => !!a.internalAccountId);
  const ids = links.map((a) => a.internalAccountId as string);
  const rows = await db.connectedAccount.findMany({
    where:
      ids.length > 0
        ? { agencyId, internalAccountId: { in: ids } }
        : { agencyId, platform, status: "connected", services: { has: serviceId } },
    orderBy: { createdAt: "asc" },
    select: { internalAccountId: true, platformAccountId: true, email: true, businessId: true, accessToken: true },
    ...(ids.length > 0 ? {} : { take: 1 }),
  });
  return rows.map(({ accessToken, ...r }) => {
    const link = links.find((l) => l.internalAccountId === r.internalAccountId) ?? {};
    const linkFields = Object.fromEntries(
      Object.entries(link).filter(([k, v]) => k !== "internalAccountId" && typeof v === "string"),
    ) as Record<string, string>;
    // The agency's own token (dashboard sign-in), opened only to hand to the connector.
    const agencyAccessToken = accessToken ? decryptText(accessToken, loadSecrets().encryptionKey) : null;
    return { ...r, linkFields, agencyAccessToken };
  });
}

/**
 * What the read-back said for an asset across the agency accounts: confirmed only when every
 * account's grant was read back, not found when any read missed it, null when none was read.
 */
export function verification(
  results: GrantResult[],
  assetId: string,
  now: Date,
): { verified: boolean | null; verifiedAt: string | null } {
  const reads = results.map((r) => r.results.find((x) => x.assetId === assetId)?.verified ?? null);
  if (reads.length === 0 || reads.every((v) => v === null)) return { verified: null, verifiedAt: null };
  if (reads.includes(false)) return { verified: false, verifiedAt: now.toISOString() };
  return reads.every((v) => v === true)
    ? { verified: true, verifiedAt: now.toISOString() }
    : { verified: null, verifiedAt: null };
}

/** The assets the client picked for one service of the sign-in. */
export interface ServiceSelection {
  serviceId: string;
  assetIds: string[];
}

function cleanIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => id.length > 0 && id.length <= 255))];
}

function attemptFailure(err: unknown, platformName: string, locale: Locale): AttemptFailure {
  if (!isConnectorError(err) || err.kind === "server_error") log().error({ err }, "access page: grant attempt failed");
  if (!isConnectorError(err)) return { message: "", serverError: true };
  if (err.kind === "reauth")
    return { message: t(locale, "grant.signInAgain", { platform: platformName }), serverError: false };
  if (err.kind === "rate_limited")
    return { message: t(locale, "grant.rateLimited", { platform: platformName }), serverError: false };
  return { message: err.message, serverError: err.kind === "server_error" };
}

export async function grantWithConnector(opts: {
  token: string;
  /** the service of the form's address: the sign-in's first service */
  serviceId: string;
  sessionId: string;
  /** the assets picked for `serviceId` */
  assetIds: string[];
  /** the assets picked for the sign-in's other services (same platform), if any */
  selections?: ServiceSelection[];
  now?: Date;
  connector?: PlatformConnector;
}): Promise<GrantOutcome> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const row = await findRequestByToken(opts.token);
  if (!row) throw new AccessPageError("not_found");
  const locale = requestLocale(row);
  const fail = (code: "closed" | "not_allowed" | "no_assets" | "unavailable" | "sign_in_expired" | "sign_in_used") =>
    new AccessPageError(code, { serviceId: opts.serviceId, locale });
  if (!isOpenRequest(row, now)) throw fail("closed");
  const lead = row.services.find((s) => s.serviceId === opts.serviceId);
  if (
    !lead ||
    !isOneClickHere(getCatalogService(lead.serviceId), platformMode(lead.platform)) ||
    lead.status !== "pending"
  )
    throw fail("not_allowed");

  // The services of this attempt, in request order: those with at least one asset picked.
  const picked = new Map<string, string[]>([[lead.serviceId, cleanIds(opts.assetIds)]]);
  for (const sel of opts.selections ?? [])
    picked.set(sel.serviceId, cleanIds([...(picked.get(sel.serviceId) ?? []), ...sel.assetIds]));
  const chosen = row.services
    .filter((s) => (picked.get(s.serviceId)?.length ?? 0) > 0)
    .map((svc) => ({ svc, assetIds: picked.get(svc.serviceId)! }));
  for (const { svc } of chosen) {
    if (
      svc.platform !== lead.platform ||
      !isOneClickHere(getCatalogService(svc.serviceId), platformMode(svc.platform)) ||
      svc.status !== "pending"
    )
      throw fail("not_allowed");
  }
  if ([...picked.keys()].some((id) => !row.services.some((s) => s.serviceId === id))) throw fail("not_allowed");
  if (chosen.length === 0 || chosen.some((c) => c.assetIds.length > MAX_ASSETS_PER_GRANT)) throw fail("no_assets");

  // One grant per sign-in: take the token off the session before using it, so a
  // second submit (two tabs, a double click) finds nothing to use.
  const session = await findLiveSession(db, {
    requestId: row.id,
    serviceId: lead.serviceId,
    sessionId: opts.sessionId,
    now,
  });
  if ("error" in session) throw fail(session.error === "sign_in_used" ? "sign_in_used" : "sign_in_expired");
  if (chosen.some((c) => !session.serviceIds.includes(c.svc.serviceId))) throw fail("not_allowed");
  const taken = await db.grantSession.updateMany({
    where: { id: session.id, accessToken: session.sealedToken },
    data: { accessToken: null },
  });
  if (taken.count !== 1) throw fail("sign_in_used");

  // A preview never grants through a platform (and a preview has no sign-in of its own;
  // this guards a session that reached it anyway).
  if (row.isDemo) {
    const report: AttemptReport = { outcome: "failed", grantedAssetIds: [], serviceErrors: [], generalErrors: [] };
    return { requestId: row.id, preview: true, report, services: [], errors: [], request: serializeRequest(row, now) };
  }

  const connector = connectorFor(lead.platform, { override: opts.connector, locale });
  const platformName = getPlatform(lead.platform)?.name ?? lead.platform;
  const accountsOf = new Map<string, AgencyAccountRef[]>();
  for (const { svc } of chosen) {
    const accounts = await agencyAccounts(db, row.agencyId, svc.platform, svc.serviceId, svc.accounts);
    if (accounts.length === 0) throw fail("unavailable");
    accountsOf.set(svc.serviceId, accounts);
  }

  const reports = new Map<string, AttemptReport>();
  const granted = new Map<string, GrantedAsset[]>();
  const invitations = new Map<string, StoredInvitation | null>();
  // A token the platform refused, or its limit reached, fails every later service too.
  let stop: AttemptFailure | null = null;
  for (const { svc, assetIds } of chosen) {
    const names = new Map<string, string | null>();
    const results: GrantResult[] = [];
    let failure: AttemptFailure | null = stop;
    if (!failure) {
      try {
        for (const a of await connector.listAssets({ accessToken: session.accessToken, serviceId: svc.serviceId }))
          names.set(a.id, a.name);
      } catch {
        // Names are cosmetic; the grant below reports any real problem.
      }
      try {
        for (const agencyAccount of accountsOf.get(svc.serviceId)!) {
          results.push(
            await connector.grantAccess({
              accessToken: session.accessToken,
              serviceId: svc.serviceId,
              assetIds,
              role: svc.accessLevel,
              agencyAccount,
            }),
          );
        }
      } catch (err) {
        failure = attemptFailure(err, platformName, locale);
        if (isConnectorError(err) && (err.kind === "reauth" || err.kind === "rate_limited")) stop = failure;
      }
    }
    const report = buildAttemptReport({
      assetIds,
      results: failure ? [] : results,
      failure,
      genericMessage: t(locale, "grant.genericError"),
      unavailableMessage: t(locale, "grant.rateLimited", { platform: platformName }),
    });
    reports.set(svc.serviceId, report);
    granted.set(
      svc.serviceId,
      report.grantedAssetIds.map((id) => ({
        id,
        name: names.get(id) ?? null,
        accessLevel: svc.accessLevel,
        ...verification(results, id, now),
      })),
    );
    invitations.set(svc.serviceId, invitationOfGrant(failure ? [] : results, report.grantedAssetIds, now));
  }

  try {
    const { request, services } = await inTransaction(async (tx) => {
      let request: TRequest | null = null;
      for (const { svc } of chosen) {
        const grantedAssets = granted.get(svc.serviceId)!;
        if (grantedAssets.length === 0) continue;
        request = (
          await applyRequestAction({
            requestId: row.id,
            action: { kind: "grant", serviceId: svc.serviceId },
            grantedAssets,
            invitation: invitations.get(svc.serviceId) ?? null,
            tx,
            now,
            ...(row.forward ? { grantedBy: row.forward.email } : {}),
          })
        ).request;
      }
      if (!request) {
        // Lock like applyRequestAction does, so a failure is never recorded after a cancel.
        await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${row.id}::uuid FOR UPDATE`;
        const current = await tx.accessRequest.findUniqueOrThrow({
          where: { id: row.id },
          include: accessRequestInclude,
        });
        if (!isOpenRequest(current, now)) throw fail("closed");
        request = serializeRequest(current, now);
      }
      const final = request;
      const services: ServiceAttempt[] = chosen.map(({ svc }) => ({
        serviceId: svc.serviceId,
        serviceStatus: final.services.find((s) => s.service === svc.serviceId)?.status ?? "pending",
        report: reports.get(svc.serviceId)!,
      }));
      for (const s of services) {
        if (isServiceGrantFailure(s.report) && (GRANT_FAILED_PLATFORMS as readonly string[]).includes(lead.platform)) {
          const service = { service: s.serviceId, platform: lead.platform };
          await recordEvent(tx, {
            agencyId: row.agencyId,
            type: "service.grant_failed",
            requestId: row.id,
            now,
            data: { request: final, service, errors: s.report.serviceErrors },
          });
        }
      }
      if ((ATTEMPT_EVENT_PLATFORMS as readonly string[]).includes(lead.platform)) {
        const attempt = attemptEventData({ platform: lead.platform, services });
        await recordEvent(tx, {
          agencyId: row.agencyId,
          type: "connection.attempt_completed",
          requestId: row.id,
          now,
          data: { request: final, attempt },
        });
      }
      return { request: final, services };
    });
    // The agency's chosen people get the newly shared assets; never fails the grant.
    await assignAgencyPeople({
      agencyId: row.agencyId,
      requestId: row.id,
      platform: lead.platform,
      connector,
      services: chosen.map(({ svc }) => ({
        serviceId: svc.serviceId,
        grantedRole: svc.accessLevel,
        assets: granted.get(svc.serviceId)!.map((a) => ({ id: a.id, name: a.name })),
        accounts: accountsOf.get(svc.serviceId)!,
      })),
      now,
    });
    const all = [...reports.values()];
    const report: AttemptReport = {
      outcome: combinedOutcome(all),
      grantedAssetIds: all.flatMap((r) => r.grantedAssetIds),
      serviceErrors: [...new Set(all.flatMap((r) => r.serviceErrors))],
      generalErrors: [...new Set(all.flatMap((r) => r.generalErrors))],
    };
    // With several services, each reason says which service it is about.
    const errors =
      services.length === 1
        ? shownErrors(services[0]!.report)
        : [
            ...new Set([
              ...services.flatMap((s) =>
                s.report.serviceErrors.map((e) => `${serviceName(locale, s.serviceId)}: ${e}`),
              ),
              ...report.generalErrors,
            ]),
          ];
    return { requestId: row.id, preview: false, report, services, errors, request };
  } catch (err) {
    // Cancelled, expired or skipped in another tab between the platform call and here.
    if (err instanceof ApiError && err.code === "INVALID_STATE") {
      const current = await findRequestByToken(opts.token);
      throw fail(current && isOpenRequest(current, now) ? "not_allowed" : "closed");
    }
    throw err;
  }
}
