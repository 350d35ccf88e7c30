// A service the client's own site approves in one click (the catalog's `siteApproval`; the
// platform's calls through lib/infra/connectors/site-registry.ts). Two steps:
//
// 1. start: the client posts the site's address from the service's card. The address is
//    untrusted: it is parsed, then the site is asked through the webhooks' safe sender
//    whether it offers application passwords. Where it does not (unreachable, a password
//    prompt in front of it, turned off), the client is told why next to the service and
//    follows the steps with "I've done this" instead. Where it does, a grant session (a
//    single-use nonce, 15 minutes) is opened and the client is sent to the site's approval
//    page, with our callback as success_url, the same marked as declined as reject_url, and a signed state carrying the
//    site and the app id the password will be created under.
// 2. finish (GET /api/access/site-approval): the site sends the browser back with the
//    application password, or to the decline address. The nonce is spent, the agency's user is
//    created or raised on the site and read back, the password deleted, and the result
//    recorded like any one-click grant: the service granted, `connection.attempt_completed`.
//    Every way out before the grant (a replay, an answer too late, a closed request) deletes
//    the application password it carries unused: nothing of the client's is kept.
//
// A preview link never reaches the site.

import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { ownsService } from "@/lib/core/request-records/forward-ownership";
import { buildAttemptReport } from "@/lib/core/grants/attempt-report";
import { agencyAccounts, type PlatformAttempt } from "@/lib/core/grants/call-platform";
import { GrantRefusal } from "@/lib/core/grants/grant-refusal";
import { isOpenForGrant } from "@/lib/core/grants/grant-request";
import { recordGrantAttempt } from "@/lib/core/grants/record-grant-attempt";
import { requestLinkToken, requestLinkTokenSelect } from "@/lib/core/request-records/request-links";
import type { AssetGrantResult } from "@/lib/infra/connectors/connector";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import { newNonce } from "@/lib/infra/connectors/oauth-state";
import {
  siteApprovalPlatform,
  siteApprovalText,
  type SiteUnavailableReason,
} from "@/lib/infra/connectors/site-registry";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { log } from "@/lib/infra/log";
import { openSigned, signValue } from "@/lib/infra/secrets/crypto";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { AccessPageError, type AccessErrorCode } from "@/lib/surfaces/client-pages/access-page-error";
import { sealAttemptNotice } from "@/lib/surfaces/client-pages/attempt-notice";
import { findRequestByToken, isOpenRequest, requestLocale } from "@/lib/surfaces/client-pages/find-request-by-token";
import { GRANT_SESSION_MINUTES } from "@/lib/surfaces/client-pages/platform-connector";
import { declineUrl, heldCredentials, readSiteAnswer } from "@/lib/surfaces/client-pages/site-answer";

const PURPOSE = "site-approval";
const CALLBACK_PATH = "/api/access/site-approval";

const ZState = z.strictObject({
  v: z.literal(1),
  requestId: z.string().min(1).max(200),
  serviceId: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  site: z.string().min(1).max(2048),
  appId: z.string().uuid(),
  exp: z.number().int().nonnegative(),
});
type SiteState = z.infer<typeof ZState>;

/** Whether the client pages offer the site's one click for this service on this installation. */
export function offersSiteApproval(serviceId: string, platform: string): boolean {
  // the sandbox stands in for every platform: no real site is asked there
  return !!getCatalogService(serviceId)?.siteApproval && platformMode(platform) !== "sandbox";
}

function siteOf(url: string) {
  return { url, allowLoopback: env().WEBHOOK_ALLOW_LOOPBACK };
}

const UNAVAILABLE: Record<SiteUnavailableReason, AccessErrorCode> = {
  unreachable: "site_unreachable",
  no_rest_api: "site_no_rest_api",
  app_passwords_off: "site_app_passwords_off",
};

export type StartedSiteApproval = { preview: true } | { preview: false; location: string };

/** Step 1: the site's approval page to send the client to, or an AccessPageError saying why not. */
export async function startSiteApproval(opts: {
  token: string;
  serviceId: string;
  site: string;
  now?: Date;
}): Promise<StartedSiteApproval> {
  const now = opts.now ?? new Date();
  const row = await findRequestByToken(opts.token);
  if (!row) throw new AccessPageError("not_found");
  const locale = requestLocale(row);
  const refused = (code: AccessErrorCode) => new AccessPageError(code, { serviceId: opts.serviceId, locale });
  if (!isOpenRequest(row, now)) throw refused("closed");
  const svc = row.services.find((s) => s.serviceId === opts.serviceId);
  const platform = svc ? siteApprovalPlatform(svc.platform) : undefined;
  if (
    !svc ||
    !platform ||
    svc.status !== "pending" ||
    !ownsService(svc, row.forward) ||
    !offersSiteApproval(svc.serviceId, svc.platform)
  )
    throw refused("not_allowed");
  const address = platform.parseAddress(opts.site.slice(0, 2048), env().WEBHOOK_ALLOW_LOOPBACK);
  if (!address.ok) throw refused(address.reason === "not_https" ? "site_not_https" : "site_address");
  if (row.isDemo) return { preview: true };

  const found = await platform.discover(siteOf(address.url));
  if (!found.ok) throw refused(UNAVAILABLE[found.reason]);

  const db = await getDb();
  const nonce = newNonce();
  const expiresAt = new Date(now.getTime() + GRANT_SESSION_MINUTES * 60_000);
  await db.grantSession.deleteMany({ where: { requestId: row.id, expiresAt: { lt: now } } });
  await db.grantSession.create({
    data: {
      agencyId: row.agencyId,
      requestId: row.id,
      serviceId: svc.serviceId,
      serviceIds: [svc.serviceId],
      forwardId: row.forward?.id ?? null,
      nonce,
      expiresAt,
      createdAt: now,
    },
  });
  const state: SiteState = {
    v: 1,
    requestId: row.id,
    serviceId: svc.serviceId,
    nonce,
    site: address.url,
    appId: randomUUID(),
    exp: expiresAt.getTime(),
  };
  const back = `${env().appUrl}${CALLBACK_PATH}?state=${encodeURIComponent(signValue(PURPOSE, state, appSecret()))}`;
  return {
    preview: false,
    location: platform.approvalUrl(found.authorizeUrl, {
      appName: row.agency.name.slice(0, 100) || "Access request",
      appId: state.appId,
      backUrl: back,
      declineUrl: declineUrl(back),
    }),
  };
}

export type FinishedSiteApproval =
  /** the state is not ours: there is no page to go back to */
  | { kind: "invalid" }
  /** back to the request's page with a notice, an attempt notice or an error next to the service */
  | { kind: "back"; token: string; params: Record<string, string | undefined> };

/** The site's answer for one asset as the client reads it, in the client's language. */
function shownResult(result: AssetGrantResult, locale: Locale): AssetGrantResult {
  if (result.ok) return result;
  if (result.errorKind === "platform_unavailable")
    return { ...result, error: siteApprovalText(locale, "grant.unavailable") };
  if (result.errorKind === "platform_error")
    return { ...result, error: siteApprovalText(locale, "grant.refused", { detail: result.error ?? "" }) };
  return result;
}

/** Step 2: the site's answer on our callback, granted and recorded. */
export async function finishSiteApproval(
  query: Record<string, string | undefined>,
  now: Date = new Date(),
): Promise<FinishedSiteApproval> {
  const opened = openSigned(PURPOSE, query.state, appSecret());
  if (!opened.ok) return { kind: "invalid" };
  const parsed = ZState.safeParse(opened.value);
  if (!parsed.success) return { kind: "invalid" };
  const state = parsed.data;
  const db = await getDb();
  const request = await db.accessRequest.findUnique({ where: { id: state.requestId }, select: requestLinkTokenSelect });
  if (!request) return { kind: "invalid" };
  const token = requestLinkToken(request);
  const back = (params: Record<string, string | undefined>): FinishedSiteApproval => ({
    kind: "back",
    token,
    params: { service: state.serviceId, ...params },
  });

  const platform = siteApprovalPlatform(getCatalogService(state.serviceId)?.platform ?? "");
  if (!platform) return back({ error: "not_allowed" });
  const site = siteOf(state.site);
  const approval = readSiteAnswer(platform, query, site);
  // Whatever happens next, a password the site gave us is not kept: the grant deletes it after
  // use; every way out before the grant gives it up unused.
  let used = false;
  try {
    return await grantOnSite();
  } finally {
    const held = heldCredentials(approval, used);
    if (held) await platform.release({ site, approval: held, appId: state.appId });
  }

  async function grantOnSite(): Promise<FinishedSiteApproval> {
    // The nonce is spent here, whatever happens next: a second callback is a replay.
    const claimed = await db.grantSession.updateMany({
      where: { nonce: state.nonce, requestId: state.requestId, serviceId: state.serviceId, usedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return back({ error: "sign_in_used" });
    if (now.getTime() >= state.exp) return back({ error: "sign_in_expired" });

    const row = await findRequestByToken(token);
    if (!row) return { kind: "invalid" };
    const locale = requestLocale(row);
    const svc = row.services.find((s) => s.serviceId === state.serviceId);
    if (!svc || !platform || siteApprovalPlatform(svc.platform) !== platform) return back({ error: "not_allowed" });
    if (!approval.ok) return back({ error: approval.reason === "rejected" ? "site_rejected" : "generic" });
    if (!isOpenForGrant(row, now)) return back({ error: "closed" });
    if (svc.status !== "pending") return back({ error: "not_allowed" });
    const accounts = await agencyAccounts(db, row.agencyId, svc.platform, svc.serviceId, svc.accounts);
    const agencyEmail = accounts.find((a) => !!a.email)?.email ?? null;
    if (!agencyEmail) return back({ error: "unavailable" });

    used = true;
    const { result, passwordDeleted } = await platform.grant({
      site,
      approval,
      appId: state.appId,
      agencyEmail,
    });
    if (!passwordDeleted) log().warn({ site: state.site }, "site approval: the application password was not deleted");
    const report = buildAttemptReport({
      assetIds: [state.site],
      results: [{ results: [shownResult(result, locale)] }],
      failure: null,
      genericMessage: t(locale, "grant.genericError"),
    });
    const attempt: PlatformAttempt = {
      reports: new Map([[svc.serviceId, report]]),
      granted: new Map([
        [
          svc.serviceId,
          report.grantedAssetIds.map((id) => ({
            id,
            name: id.replace(/^https?:\/\//, ""),
            accessLevel: svc.accessLevel,
            verified: result.verified ?? null,
            verifiedAt: result.verified == null ? null : now.toISOString(),
          })),
        ],
      ]),
      invitations: new Map([[svc.serviceId, null]]),
      accountsOf: new Map([[svc.serviceId, accounts]]),
    };
    try {
      const recorded = await recordGrantAttempt({
        request: row,
        pick: { lead: svc, chosen: [{ svc, assetIds: [state.site] }] },
        attempt,
        locale,
        now,
      });
      if (recorded.report.outcome === "success") return back({ notice: "granted" });
      const notice = { serviceId: svc.serviceId, outcome: recorded.report.outcome, errors: recorded.errors };
      return back({ attempt: sealAttemptNotice(row.id, notice, appSecret()) });
    } catch (err) {
      if (err instanceof GrantRefusal) return back({ error: err.code });
      throw err;
    }
  }
}
