// Every answer a platform's OAuth documentation gives for the authorize redirect
// (`?error=...`) and the token exchange, per platform, sorted into what the client is
// told. A cancellation says the client cancelled and nothing was shared; a platform's
// refusal says why in the client's language; only our own failures are "something went
// wrong on our side". The client pages carry the answer as a fixed code, never the
// platform's text.
//
// Sources (authorize redirect and token endpoint errors):
// - RFC 6749 §4.1.2.1 and §5.2 (every platform's base): access_denied, invalid_request,
//   unauthorized_client, unsupported_response_type, invalid_scope, server_error,
//   temporarily_unavailable; token: invalid_request, invalid_client, invalid_grant,
//   unauthorized_client, unsupported_grant_type, invalid_scope.
// - Each platform's own pages: named beside its answers in its manifest
//   (lib/infra/connectors/<platform>/<platform>-manifest.ts).
import { ConnectorError, type SignInAnswer } from "@/lib/infra/connectors/connector";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";

/** Per platform, every documented `error` value of the authorize redirect and the token exchange. */
export const OAUTH_ANSWERS: Readonly<Record<string, Readonly<Record<string, SignInAnswer>>>> = Object.fromEntries(
  PLATFORM_MANIFESTS.flatMap((m) => (m.oauthAnswers ? [[m.id, m.oauthAnswers]] : [])),
);

/** Meta's cancellation also says `error_reason=user_denied` (Manual login flow, "Canceled login"). */
const CANCEL_REASONS = new Set(["user_denied"]);

/** Every documented cancellation value, on any platform. */
export const CANCEL_VALUES: readonly string[] = [
  ...new Set(
    Object.values(OAUTH_ANSWERS)
      .flatMap((table) => Object.entries(table))
      .filter(([, answer]) => answer === "denied")
      .map(([value]) => value),
  ),
];

/**
 * What an authorize redirect's `error` (and Meta's `error_reason`) means for the client.
 * A platform we do not know, or a value its documentation does not give, reads with the
 * union of every platform's table, then as a refusal: never as our own failure.
 */
export function signInAnswer(platform: string | null, error: string, errorReason?: string | null): SignInAnswer {
  if (errorReason && CANCEL_REASONS.has(errorReason)) return "denied";
  const own = platform ? OAUTH_ANSWERS[platform]?.[error] : undefined;
  if (own) return own;
  for (const table of Object.values(OAUTH_ANSWERS)) if (table[error]) return table[error];
  return "refused";
}

/** A cancellation, whatever the platform (for callers that do not know it). */
export function isSignInCancellation(error: string | null, errorReason?: string | null): boolean {
  if (!error && !errorReason) return false;
  return signInAnswer(null, error ?? "", errorReason) === "denied";
}

/**
 * The error for a token endpoint's answer that carried no token (RFC 6749 §5.2 bodies
 * `{ error, error_description }`): a code that cannot be used is a new sign-in
 * (invalid_state), a platform outage or limit is "try again in a few minutes"
 * (rate_limited), a refusal of the app's settings is a platform error carrying the answer.
 */
export function tokenExchangeError(
  platform: string,
  platformName: string,
  res: HttpResponse,
  code: string | null,
): ConnectorError {
  const answer = code ? signInAnswer(platform, code) : null;
  if (res.status === 429 || res.status >= 500 || answer === "busy") {
    return new ConnectorError(
      "rate_limited",
      `${platformName} could not complete the sign-in right now. Please try again in a few minutes.`,
      { answer: "busy" },
    );
  }
  if (answer === "expired")
    return new ConnectorError(
      "invalid_state",
      `The ${platformName} sign-in could not be completed. Please start again.`,
      { answer: "expired" },
    );
  if (answer === "denied")
    return new ConnectorError("denied", `You cancelled the ${platformName} sign-in.`, { answer: "denied" });
  if (answer && answer !== "refused")
    return new ConnectorError("platform_error", `${platformName} refused the sign-in (${code}).`, { answer });
  return new ConnectorError("server_error", `${platformName} token exchange failed (${res.status} ${code ?? ""})`);
}
