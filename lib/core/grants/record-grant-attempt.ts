// Step 4 of a grant: records what the platform answered, in one transaction. For each
// service with at least one asset granted, its `grant` through applyRequestAction (state,
// stateVersion, service.granted, completion); for each service whose grant the platform
// refused on one of the platforms that report it, `service.grant_failed`; then one
// `connection.attempt_completed` (ATTEMPT_EVENT_PLATFORMS) listing every service of the
// attempt. A failure of the whole attempt goes only through `connection.attempt_completed`,
// as the spec says. A failed attempt changes neither the request nor its stateVersion; its
// events carry the request as it stands. Services the client picked nothing for are not
// part of the attempt and stay pending.
//
// The request row lock orders us against a cancel: a request closed meanwhile records
// nothing (`GrantRefusal("closed")`, or applyRequestAction's INVALID_STATE `ApiError`).

import { colleagueActor } from "@/lib/core/events/actor-name";
import { ATTEMPT_EVENT_PLATFORMS, GRANT_FAILED_PLATFORMS } from "@/lib/core/catalog/catalog";
import { serviceName } from "@/lib/core/catalog/catalog-messages";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import {
  attemptEventData,
  combinedOutcome,
  isServiceGrantFailure,
  shownErrors,
  type AttemptReport,
  type ServiceAttempt,
} from "@/lib/core/grants/attempt-report";
import type { PlatformAttempt } from "@/lib/core/grants/call-platform";
import type { GrantPick } from "@/lib/core/grants/check-grant-pick";
import { GrantRefusal } from "@/lib/core/grants/grant-refusal";
import { isOpenForGrant, type GrantRequest } from "@/lib/core/grants/grant-request";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import type { TRequest } from "@/lib/core/requests/schemas";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";
import { inTransaction } from "@/lib/infra/db/transaction";
import type { Locale } from "@/lib/infra/i18n/dictionary";

export interface RecordedAttempt {
  /** the attempt over all its services */
  report: AttemptReport;
  /** each service of the attempt, with its status once recorded */
  services: ServiceAttempt[];
  /** what the client is shown when something failed */
  errors: string[];
  request: TRequest;
}

/**
 * The attempt over all its services, and the reasons the client is shown: a service's own
 * reasons when the attempt had one service; with several, each reason names its service.
 */
export function attemptSummary(
  services: readonly ServiceAttempt[],
  locale: Locale,
): { report: AttemptReport; errors: string[] } {
  const all = services.map((s) => s.report);
  const report: AttemptReport = {
    outcome: combinedOutcome(all),
    grantedAssetIds: all.flatMap((r) => r.grantedAssetIds),
    serviceErrors: [...new Set(all.flatMap((r) => r.serviceErrors))],
    generalErrors: [...new Set(all.flatMap((r) => r.generalErrors))],
  };
  const only = services.length === 1 ? services[0] : undefined;
  const errors = only
    ? shownErrors(only.report)
    : [
        ...new Set([
          ...services.flatMap((s) => s.report.serviceErrors.map((e) => `${serviceName(locale, s.serviceId)}: ${e}`)),
          ...report.generalErrors,
        ]),
      ];
  return { report, errors };
}

export async function recordGrantAttempt(opts: {
  request: Pick<GrantRequest, "id" | "agencyId" | "forward">;
  pick: GrantPick;
  attempt: PlatformAttempt;
  locale: Locale;
  now: Date;
}): Promise<RecordedAttempt> {
  const { request: row, pick, attempt, now } = opts;
  const platform = pick.lead.platform;
  const reportOf = (serviceId: string): AttemptReport => {
    const report = attempt.reports.get(serviceId);
    if (!report) throw new Error(`no attempt report for ${serviceId}`);
    return report;
  };
  // Whoever made the attempt is credited with it: the client, or the colleague of a forwarded link.
  const actor = row.forward ? colleagueActor(row.forward.email) : "client";
  const { request, services } = await inTransaction(async (tx) => {
    let request: TRequest | null = null;
    for (const { svc } of pick.chosen) {
      const grantedAssets = attempt.granted.get(svc.serviceId) ?? [];
      if (grantedAssets.length === 0) continue;
      request = (
        await applyRequestAction({
          requestId: row.id,
          action: { kind: "grant", serviceId: svc.serviceId },
          grantedAssets,
          invitation: attempt.invitations.get(svc.serviceId) ?? null,
          tx,
          now,
          ...(row.forward ? { grantedBy: row.forward.email, actor } : {}),
        })
      ).request;
    }
    if (!request) {
      // Lock like applyRequestAction does, so a failure is never recorded after a cancel.
      await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${row.id}::uuid FOR UPDATE`;
      const current = await tx.accessRequest.findUniqueOrThrow({ where: { id: row.id }, include: requestInclude });
      if (!isOpenForGrant(current, now)) throw new GrantRefusal("closed");
      request = serializeRequest(current, now);
    }
    const final = request;
    const services: ServiceAttempt[] = pick.chosen.map(({ svc }) => ({
      serviceId: svc.serviceId,
      serviceStatus: final.services.find((s) => s.service === svc.serviceId)?.status ?? "pending",
      report: reportOf(svc.serviceId),
    }));
    for (const s of services) {
      if (isServiceGrantFailure(s.report) && (GRANT_FAILED_PLATFORMS as readonly string[]).includes(platform)) {
        await recordAndReact(tx, {
          agencyId: row.agencyId,
          type: "service.grant_failed",
          requestId: row.id,
          actor,
          now,
          data: { request: final, service: { service: s.serviceId, platform }, errors: s.report.serviceErrors },
        });
      }
    }
    if ((ATTEMPT_EVENT_PLATFORMS as readonly string[]).includes(platform)) {
      await recordAndReact(tx, {
        agencyId: row.agencyId,
        type: "connection.attempt_completed",
        requestId: row.id,
        actor,
        now,
        data: { request: final, attempt: attemptEventData({ platform, services }) },
      });
    }
    return { request: final, services };
  });
  return { ...attemptSummary(services, opts.locale), services, request };
}
