// Grants the chosen assets through the platform connector, then records the result in
// one transaction: when at least one asset was granted, the service's `grant` through
// applyRequestAction (state, stateVersion, service.granted, completion); then
// `connection.attempt_completed` (six platforms) and, when granting the service itself
// failed on one of the two platforms that report it, `service.grant_failed` (a failure of
// the whole attempt goes only through `connection.attempt_completed`, as the spec says).
// A failed attempt changes neither
// the request nor its stateVersion; its events carry the request as it stands.
//
// The platform is called outside the transaction (it is slow and cannot roll back).
// The request row lock in the transaction orders us against a cancel: if the request
// was cancelled meanwhile, nothing is recorded and the client is told it is closed.

import { ATTEMPT_EVENT_PLATFORMS, GRANT_FAILED_PLATFORMS, getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";
import { isConnectorError, type AgencyAccountRef, type GrantResult, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { recordEvent } from "@/lib/core/events/record-event";
import { ApiError } from "@/lib/core/common/api-error";
import { t } from "@/lib/infra/i18n/dictionary";
import { applyRequestAction, type GrantedAsset } from "@/lib/core/requests/apply-request-action";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import type { TRequest, TServiceStatus } from "@/lib/core/requests/schemas";
import { AccessPageError } from "@/lib/surfaces/access/access-page-error";
import { attemptEventData, buildAttemptReport, isServiceGrantFailure, shownErrors, type AttemptFailure, type AttemptReport } from "@/lib/surfaces/access/attempt-report";
import { accessRequestInclude, findRequestByToken, isOpenRequest, requestLocale } from "@/lib/surfaces/access/find-request-by-token";
import { findLiveSession } from "@/lib/surfaces/access/load-asset-picker";
import { connectorFor } from "@/lib/surfaces/access/platform-connector";
import { decryptText } from "@/lib/infra/secrets/seal";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

export const MAX_ASSETS_PER_GRANT = 50;

export interface GrantOutcome {
  requestId: string;
  /** a preview link: the platform was not called and nothing was recorded */
  preview: boolean;
  report: AttemptReport;
  /** what the client is shown when something failed */
  errors: string[];
  request: TRequest;
}

type AccountLink = { internalAccountId?: string | null };

async function agencyAccounts(db: Tx, agencyId: string, platform: string, serviceId: string, accounts: unknown): Promise<AgencyAccountRef[]> {
  const links = (Array.isArray(accounts) ? (accounts as AccountLink[]) : []).filter((a) => !!a.internalAccountId);
  const ids = links.map((a) => a.internalAccountId as string);
  const rows = await db.connectedAccount.findMany({
    where: ids.length > 0 ? { agencyId, internalAccountId: { in: ids } } : { agencyId, platform, status: "connected", services: { has: serviceId } },
    orderBy: { createdAt: "asc" },
    select: { internalAccountId: true, platformAccountId: true, email: true, businessId: true, accessToken: true },
    ...(ids.length > 0 ? {} : { take: 1 }),
  });
  return rows.map(({ accessToken, ...r }) => {
    const link = links.find((l) => l.internalAccountId === r.internalAccountId) ?? {};
    const linkFields = Object.fromEntries(Object.entries(link).filter(([k, v]) => k !== "internalAccountId" && typeof v === "string")) as Record<string, string>;
    // The agency's own token (dashboard sign-in), opened only to hand to the connector.
    const agencyAccessToken = accessToken ? decryptText(accessToken, loadSecrets().encryptionKey) : null;
    return { ...r, linkFields, agencyAccessToken };
  });
}

/**
 * What the read-back said for an asset across the agency accounts: confirmed only when every
 * account's grant was read back, not found when any read missed it, null when none was read.
 */
export function verification(results: GrantResult[], assetId: string, now: Date): { verified: boolean | null; verifiedAt: string | null } {
  const reads = results.map((r) => r.results.find((x) => x.assetId === assetId)?.verified ?? null);
  if (reads.length === 0 || reads.every((v) => v === null)) return { verified: null, verifiedAt: null };
  if (reads.includes(false)) return { verified: false, verifiedAt: now.toISOString() };
  return reads.every((v) => v === true) ? { verified: true, verifiedAt: now.toISOString() } : { verified: null, verifiedAt: null };
}

export async function grantWithConnector(opts: {
  token: string;
  serviceId: string;
  sessionId: string;
  assetIds: string[];
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
  const svc = row.services.find((s) => s.serviceId === opts.serviceId);
  if (!svc || getCatalogService(svc.serviceId)?.clientFlow !== "one_click" || svc.status !== "pending") throw fail("not_allowed");
  const assetIds = [...new Set(opts.assetIds.filter((id) => id.length > 0 && id.length <= 255))];
  if (assetIds.length === 0 || assetIds.length > MAX_ASSETS_PER_GRANT) throw fail("no_assets");

  // One grant per sign-in: take the token off the session before using it, so a
  // second submit (two tabs, a double click) finds nothing to use.
  const session = await findLiveSession(db, { requestId: row.id, serviceId: svc.serviceId, sessionId: opts.sessionId, now });
  if ("error" in session) throw fail(session.error === "sign_in_used" ? "sign_in_used" : "sign_in_expired");
  const taken = await db.grantSession.updateMany({ where: { id: session.id, accessToken: session.sealedToken }, data: { accessToken: null } });
  if (taken.count !== 1) throw fail("sign_in_used");

  // A preview never grants through a platform (and a preview has no sign-in of its own;
  // this guards a session that reached it anyway).
  if (row.isDemo) {
    const report: AttemptReport = { outcome: "failed", grantedAssetIds: [], serviceErrors: [], generalErrors: [] };
    return { requestId: row.id, preview: true, report, errors: [], request: serializeRequest(row, now) };
  }

  const connector = connectorFor(svc.platform, { override: opts.connector, locale });
  const accounts = await agencyAccounts(db, row.agencyId, svc.platform, svc.serviceId, svc.accounts);
  if (accounts.length === 0) throw fail("unavailable");

  const names = new Map<string, string | null>();
  try {
    for (const a of await connector.listAssets({ accessToken: session.accessToken, serviceId: svc.serviceId })) names.set(a.id, a.name);
  } catch {
    // Names are cosmetic; the grant below reports any real problem.
  }

  const results: GrantResult[] = [];
  let failure: AttemptFailure | null = null;
  try {
    for (const agencyAccount of accounts) {
      results.push(await connector.grantAccess({ accessToken: session.accessToken, serviceId: svc.serviceId, assetIds, role: svc.accessLevel, agencyAccount }));
    }
  } catch (err) {
    if (!isConnectorError(err) || err.kind === "server_error") console.error("access page: grant attempt failed", err);
    const platformName = getPlatform(svc.platform)?.name ?? svc.platform;
    failure = !isConnectorError(err)
      ? { message: "", serverError: true }
      : err.kind === "reauth"
        ? { message: t(locale, "grant.signInAgain", { platform: platformName }), serverError: false }
        : err.kind === "rate_limited"
          ? { message: t(locale, "grant.rateLimited", { platform: platformName }), serverError: false }
          : { message: err.message, serverError: err.kind === "server_error" };
  }
  const report = buildAttemptReport({ assetIds, results, failure, genericMessage: t(locale, "grant.genericError") });
  const grantedAssets: GrantedAsset[] = report.grantedAssetIds.map((id) => ({ id, name: names.get(id) ?? null, accessLevel: svc.accessLevel, ...verification(results, id, now) }));

  try {
    const request = await inTransaction(async (tx) => {
      let request: TRequest;
      let serviceStatus: TServiceStatus = "pending";
      if (grantedAssets.length > 0) {
        const applied = await applyRequestAction({ requestId: row.id, action: { kind: "grant", serviceId: svc.serviceId }, grantedAssets, tx, now });
        request = applied.request;
        serviceStatus = request.services.find((s) => s.service === svc.serviceId)?.status ?? "granted";
      } else {
        // Lock like applyRequestAction does, so a failure is never recorded after a cancel.
        await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${row.id}::uuid FOR UPDATE`;
        const current = await tx.accessRequest.findUniqueOrThrow({ where: { id: row.id }, include: accessRequestInclude });
        if (!isOpenRequest(current, now)) throw fail("closed");
        request = serializeRequest(current, now);
      }
      if (!row.isDemo) {
        const service = { service: svc.serviceId, platform: svc.platform };
        if (isServiceGrantFailure(report) && (GRANT_FAILED_PLATFORMS as readonly string[]).includes(svc.platform)) {
          await recordEvent(tx, { agencyId: row.agencyId, type: "service.grant_failed", requestId: row.id, now, data: { request, service, errors: report.serviceErrors } });
        }
        if ((ATTEMPT_EVENT_PLATFORMS as readonly string[]).includes(svc.platform)) {
          const attempt = attemptEventData({ platform: svc.platform, serviceId: svc.serviceId, serviceStatus, report });
          await recordEvent(tx, { agencyId: row.agencyId, type: "connection.attempt_completed", requestId: row.id, now, data: { request, attempt } });
        }
      }
      return request;
    });
    return { requestId: row.id, preview: false, report, errors: shownErrors(report), request };
  } catch (err) {
    // Cancelled, expired or skipped in another tab between the platform call and here.
    if (err instanceof ApiError && err.code === "INVALID_STATE") {
      const current = await findRequestByToken(opts.token);
      throw fail(current && isOpenRequest(current, now) ? "not_allowed" : "closed");
    }
    throw err;
  }
}
