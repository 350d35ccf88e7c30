// Turns what a connector answered for one grant attempt into the attempt's outcome:
// which assets were granted, the reasons shown to the client, and the event payloads
// (`connection.attempt_completed`, `service.grant_failed`). Pure: the caller calls the
// platform and writes the result.
//
// An asset counts as granted only when every agency account of the service got it.
// Server errors (ours or the platform's internals) are replaced by a generic message in
// the client's language; each reason is cut to the 500 characters the spec allows.

import type { GrantResult } from "@/lib/infra/connectors/connector";
import type { TServiceStatus } from "@/lib/core/requests/schemas";

/** How an attempt went over all its assets (and the page's notice after it). */
export type AttemptOutcome = "success" | "partial_success" | "failed";

export const MAX_ERROR_LENGTH = 500;

export interface AttemptFailure {
  /** what the connector said; shown as is unless it is a server error */
  message: string;
  serverError: boolean;
}

export interface AttemptInput {
  assetIds: string[];
  /** one result per agency account; empty when the attempt failed as a whole */
  results: GrantResult[];
  /** set when the whole attempt failed (the connector threw) */
  failure: AttemptFailure | null;
  /** the generic message in the client's language */
  genericMessage: string;
  /** "try again in a few minutes" in the client's language, for an asset the platform's outage or limit failed */
  unavailableMessage?: string;
}

export interface AttemptReport {
  outcome: AttemptOutcome;
  grantedAssetIds: string[];
  /** per-asset reasons (the service's errors) */
  serviceErrors: string[];
  /** whole-attempt reasons (the attempt's general errors) */
  generalErrors: string[];
}

export function clip(message: string): string {
  const text = message.trim();
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

function shown(message: string | null, serverError: boolean, generic: string): string {
  if (serverError || !message || message.trim() === "") return clip(generic);
  return clip(message);
}

export function buildAttemptReport(input: AttemptInput): AttemptReport {
  const assetIds = [...new Set(input.assetIds)];
  if (input.failure) {
    return {
      outcome: "failed",
      grantedAssetIds: [],
      serviceErrors: [],
      generalErrors: [shown(input.failure.message, input.failure.serverError, input.genericMessage)],
    };
  }
  const granted: string[] = [];
  const errors: string[] = [];
  for (const assetId of assetIds) {
    let ok = input.results.length > 0;
    for (const result of input.results) {
      const r = result.results.find((x) => x.assetId === assetId);
      if (r?.ok) continue;
      ok = false;
      const message =
        r?.errorKind === "platform_unavailable" && input.unavailableMessage
          ? clip(input.unavailableMessage)
          : r
            ? shown(r.error, r.errorKind === "server_error", input.genericMessage)
            : clip(input.genericMessage);
      if (!errors.includes(message)) errors.push(message);
    }
    if (ok) granted.push(assetId);
  }
  const outcome: AttemptOutcome =
    granted.length === 0 ? "failed" : granted.length === assetIds.length ? "success" : "partial_success";
  return { outcome, grantedAssetIds: granted, serviceErrors: errors, generalErrors: [] };
}

/** One service's part of an attempt: its report and its status once the attempt is recorded. */
export interface ServiceAttempt {
  serviceId: string;
  serviceStatus: TServiceStatus;
  report: AttemptReport;
}

/**
 * The outcome of an attempt over several services (one platform sign-in): success when
 * every picked asset of every service was granted, failed when none was, else partial.
 */
export function combinedOutcome(reports: readonly AttemptReport[]): AttemptOutcome {
  if (reports.length === 0 || reports.every((r) => r.grantedAssetIds.length === 0)) return "failed";
  return reports.every((r) => r.outcome === "success") ? "success" : "partial_success";
}

/** `data.attempt` of `connection.attempt_completed`: one entry per service the attempt covered. */
export function attemptEventData(opts: { platform: string; services: readonly ServiceAttempt[] }) {
  const general: string[] = [];
  for (const s of opts.services) for (const e of s.report.generalErrors) if (!general.includes(e)) general.push(e);
  return {
    platform: opts.platform,
    outcome: combinedOutcome(opts.services.map((s) => s.report)),
    services: opts.services.map((s) => ({
      service: s.serviceId,
      status: s.serviceStatus,
      errors: s.report.serviceErrors,
    })),
    errors: general,
  };
}

/**
 * Whether granting the service itself failed (the platform refused every asset), the one
 * case `service.grant_failed` reports. A failure of the whole attempt (sign-in, the
 * platform unreachable) is not a service failure: it goes only through
 * `connection.attempt_completed`.
 */
export function isServiceGrantFailure(report: AttemptReport): boolean {
  return report.outcome === "failed" && report.generalErrors.length === 0 && report.serviceErrors.length > 0;
}

/** What the client was shown for a failed service: its own reasons, else the attempt's. */
export function shownErrors(report: AttemptReport): string[] {
  return [...report.serviceErrors, ...report.generalErrors];
}
