// Turns what a connector answered for one grant attempt into the attempt's outcome:
// which assets were granted, the reasons shown to the client, and the event payloads
// (`connection.attempt_completed`, `service.grant_failed`). Pure: the caller calls the
// platform and writes the result.
//
// An asset counts as granted only when every agency account of the service got it.
// Server errors (ours or the platform's internals) are replaced by a generic message in
// the client's language; each reason is cut to the 500 characters the spec allows.

import type { GrantResult } from "@/lib/infra/connectors/connector";
import type { AttemptOutcome } from "@/lib/surfaces/access/attempt-notice";
import type { TServiceStatus } from "@/lib/core/requests/schemas";

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
      const message = r ? shown(r.error, r.errorKind === "server_error", input.genericMessage) : clip(input.genericMessage);
      if (!errors.includes(message)) errors.push(message);
    }
    if (ok) granted.push(assetId);
  }
  const outcome: AttemptOutcome = granted.length === 0 ? "failed" : granted.length === assetIds.length ? "success" : "partial_success";
  return { outcome, grantedAssetIds: granted, serviceErrors: errors, generalErrors: [] };
}

/** `data.attempt` of `connection.attempt_completed`. */
export function attemptEventData(opts: { platform: string; serviceId: string; serviceStatus: TServiceStatus; report: AttemptReport }) {
  return {
    platform: opts.platform,
    outcome: opts.report.outcome,
    services: [{ service: opts.serviceId, status: opts.serviceStatus, errors: opts.report.serviceErrors }],
    errors: opts.report.generalErrors,
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
