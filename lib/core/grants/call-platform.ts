// Step 3 of a grant: calls the platform, outside any transaction (it is slow and cannot
// roll back). For each service of the attempt, the picked assets are granted to each of
// the agency's accounts linked to the service (or, with none linked, its first connected
// account of the platform); each service ends with its AttemptReport and the assets to
// record as granted. A token the platform refused, or its limit reached, fails every
// later service of the attempt too. Writes nothing.

import { getPlatform } from "@/lib/core/catalog/catalog";
import { buildAttemptReport, type AttemptFailure, type AttemptReport } from "@/lib/core/grants/attempt-report";
import type { GrantPick } from "@/lib/core/grants/check-grant-pick";
import { GrantRefusal } from "@/lib/core/grants/grant-refusal";
import { invitationOfGrant, type StoredInvitation } from "@/lib/core/request-records/stored-invitation";
import type { GrantedAsset } from "@/lib/core/requests/apply-request-action";
import {
  isConnectorError,
  type AgencyAccountRef,
  type GrantResult,
  type PlatformConnector,
} from "@/lib/infra/connectors/connector";
import type { Tx } from "@/lib/infra/db/db";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { log } from "@/lib/infra/log";
import { decryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

/** What the platform answered, per service of the attempt (keyed by service id). */
export interface PlatformAttempt {
  reports: Map<string, AttemptReport>;
  granted: Map<string, GrantedAsset[]>;
  /** the invitation the agency must accept on the platform, for grants made by one */
  invitations: Map<string, StoredInvitation | null>;
  /** the agency accounts each service was granted to */
  accountsOf: Map<string, AgencyAccountRef[]>;
}

type AccountLink = { internalAccountId?: string | null };

/** The agency accounts a service grants to: those linked on the request, else its first connected account of the platform. */
export async function agencyAccounts(
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

/** A connector's throw as the attempt's failure, in the client's language. */
export function attemptFailure(err: unknown, platformName: string, locale: Locale): AttemptFailure {
  if (!isConnectorError(err) || err.kind === "server_error") log().error({ err }, "access page: grant attempt failed");
  if (!isConnectorError(err)) return { message: "", serverError: true };
  if (err.kind === "reauth")
    return { message: t(locale, "grant.signInAgain", { platform: platformName }), serverError: false };
  if (err.kind === "rate_limited")
    return { message: t(locale, "grant.rateLimited", { platform: platformName }), serverError: false };
  return { message: err.message, serverError: err.kind === "server_error" };
}

/** Grants through the platform; throws `GrantRefusal("unavailable")` when a service has no agency account. */
export async function callPlatform(
  db: Tx,
  opts: {
    agencyId: string;
    pick: GrantPick;
    /** the client's platform token, taken off the grant session */
    accessToken: string;
    connector: PlatformConnector;
    locale: Locale;
    now: Date;
  },
): Promise<PlatformAttempt> {
  const { pick, connector, locale, now, accessToken } = opts;
  const platformName = getPlatform(pick.lead.platform)?.name ?? pick.lead.platform;
  const accountsOf = new Map<string, AgencyAccountRef[]>();
  for (const { svc } of pick.chosen) {
    const accounts = await agencyAccounts(db, opts.agencyId, svc.platform, svc.serviceId, svc.accounts);
    if (accounts.length === 0) throw new GrantRefusal("unavailable");
    accountsOf.set(svc.serviceId, accounts);
  }

  const reports = new Map<string, AttemptReport>();
  const granted = new Map<string, GrantedAsset[]>();
  const invitations = new Map<string, StoredInvitation | null>();
  let stop: AttemptFailure | null = null;
  for (const { svc, assetIds } of pick.chosen) {
    const names = new Map<string, string | null>();
    const results: GrantResult[] = [];
    let failure: AttemptFailure | null = stop;
    if (!failure) {
      try {
        for (const a of await connector.listAssets({ accessToken, serviceId: svc.serviceId })) names.set(a.id, a.name);
      } catch {
        // Names are cosmetic; the grant below reports any real problem.
      }
      try {
        for (const agencyAccount of accountsOf.get(svc.serviceId) ?? []) {
          results.push(
            await connector.grantAccess({
              accessToken,
              serviceId: svc.serviceId,
              assetIds,
              role: svc.accessLevel,
              agencyAccount,
              locale,
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
  return { reports, granted, invitations, accountsOf };
}
