// The client page's grant: the form post's picks, through the core's four steps
// (lib/core/grants: check the pick, take the platform session, call the platform, record
// the result), to the outcome the page redirects with. This file adapts: it finds the
// request by the link's token, picks the platform's connector, answers a preview link
// without calling the platform, and turns the core's refusals into page errors.
//
// One attempt covers every service of the platform sign-in the client picked assets for
// (a client signs in once per platform). The platform is called outside the transaction;
// the request row lock in the recording orders us against a cancel: if the request was
// cancelled meanwhile, nothing is recorded and the client is told it is closed. Once
// recorded, the agency's chosen people are given the newly shared assets
// (lib/core/grants/assign-agency-people.ts), a step that never fails the grant.

import { ApiError } from "@/lib/core/common/api-error";
import type { AttemptReport, ServiceAttempt } from "@/lib/core/grants/attempt-report";
import { callPlatform } from "@/lib/core/grants/call-platform";
import { checkGrantPick, type ServiceSelection } from "@/lib/core/grants/check-grant-pick";
import { GrantRefusal } from "@/lib/core/grants/grant-refusal";
import { takeGrantSession } from "@/lib/core/grants/grant-session";
import { recordGrantAttempt } from "@/lib/core/grants/record-grant-attempt";
import type { TRequest } from "@/lib/core/requests/schemas";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { getDb } from "@/lib/infra/db/db";
import { AccessPageError, type AccessErrorCode } from "@/lib/surfaces/client-pages/access-page-error";
import { assignAgencyPeople } from "@/lib/core/grants/assign-agency-people";
import { findRequestByToken, isOpenRequest, requestLocale } from "@/lib/surfaces/client-pages/find-request-by-token";
import { connectorFor } from "@/lib/surfaces/client-pages/platform-connector";

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
  const refused = (code: AccessErrorCode) => new AccessPageError(code, { serviceId: opts.serviceId, locale });
  try {
    const pick = checkGrantPick({
      request: row,
      serviceId: opts.serviceId,
      assetIds: opts.assetIds,
      selections: opts.selections,
      now,
    });
    const session = await takeGrantSession(db, {
      requestId: row.id,
      serviceId: pick.lead.serviceId,
      sessionId: opts.sessionId,
      chosen: pick.chosen,
      now,
    });

    // A preview never grants through a platform (and a preview has no sign-in of its own;
    // this guards a session that reached it anyway).
    if (row.isDemo) {
      const report: AttemptReport = { outcome: "failed", grantedAssetIds: [], serviceErrors: [], generalErrors: [] };
      return {
        requestId: row.id,
        preview: true,
        report,
        services: [],
        errors: [],
        request: serializeRequest(row, now),
      };
    }

    const connector = connectorFor(pick.lead.platform, { override: opts.connector, locale });
    const attempt = await callPlatform(db, {
      agencyId: row.agencyId,
      pick,
      accessToken: session.accessToken,
      connector,
      locale,
      now,
    });
    try {
      const recorded = await recordGrantAttempt({ request: row, pick, attempt, locale, now });
      // The agency's chosen people get the newly shared assets; never fails the grant.
      await assignAgencyPeople({
        agencyId: row.agencyId,
        requestId: row.id,
        platform: pick.lead.platform,
        connector,
        services: pick.chosen.map(({ svc }) => ({
          serviceId: svc.serviceId,
          grantedRole: svc.accessLevel,
          assets: (attempt.granted.get(svc.serviceId) ?? []).map((a) => ({ id: a.id, name: a.name })),
          accounts: attempt.accountsOf.get(svc.serviceId) ?? [],
        })),
        now,
      });
      return { requestId: row.id, preview: false, ...recorded };
    } catch (err) {
      // Cancelled, expired or skipped in another tab between the platform call and here.
      if (err instanceof ApiError && err.code === "INVALID_STATE") {
        const current = await findRequestByToken(opts.token);
        throw refused(current && isOpenRequest(current, now) ? "not_allowed" : "closed");
      }
      throw err;
    }
  } catch (err) {
    throw err instanceof GrantRefusal ? refused(err.code) : err;
  }
}
