// The platform's redirect back after the client signed in (or refused): verifies the
// signed state, uses the grant session's nonce exactly once (a replayed or forged
// callback is refused), exchanges the code for a token and keeps it, encrypted, on the
// session until the client has picked the assets to share.

import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { isConnectorError } from "@/lib/infra/connectors/connector";
import { verifyState } from "@/lib/infra/connectors/oauth-state";
import { getDb } from "@/lib/infra/db/db";
import { requestLinkToken, requestLinkTokenSelect } from "@/lib/core/request-records/request-links";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { signInAnswer } from "@/lib/infra/connectors/oauth-answers";
import { AccessPageError, signInErrorCode, type AccessErrorCode } from "@/lib/surfaces/client-pages/access-page-error";
import { isOpenRequest } from "@/lib/surfaces/client-pages/find-request-by-token";
import { openLinkToken } from "@/lib/infra/secrets/link-token";
import { callbackUrl, connectorFor, signInVerifier } from "@/lib/surfaces/client-pages/platform-connector";
import { encryptText } from "@/lib/infra/secrets/crypto";
import { log } from "@/lib/infra/log";

export type FinishSignInResult =
  /** the state is not ours (forged, truncated): there is no page to go back to */
  | { kind: "invalid" }
  /** back to the request's page: the asset picker, or an error next to the service */
  | { kind: "back"; token: string; serviceId: string; sessionId?: string; error?: AccessErrorCode };

// A valid signature with a passed deadline: the payload is authentic, so it may name
// the request to go back to.
function expiredPayload(state: string): { requestId: string; serviceId: string; nonce?: string } | null {
  try {
    const json = JSON.parse(Buffer.from(state.split(".")[0]!, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof json.requestId !== "string" || typeof json.serviceId !== "string") return null;
    return {
      requestId: json.requestId,
      serviceId: json.serviceId,
      ...(typeof json.nonce === "string" ? { nonce: json.nonce } : {}),
    };
  } catch {
    return null;
  }
}

export async function finishSignIn(opts: {
  state: string | null;
  code: string | null;
  error: string | null;
  /** Meta's `error_reason` (user_denied on a cancellation). */
  errorReason?: string | null;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<FinishSignInResult> {
  const now = opts.now ?? new Date();
  if (!opts.state) return { kind: "invalid" };
  const secrets = loadSecrets();
  const verified = verifyState(opts.state, secrets.appSecret, now);
  const db = await getDb();

  // The link the sign-in started from: a colleague's forwarded link when the session says so.
  const forwardToken = async (requestId: string, nonce: string | undefined): Promise<string | null> => {
    const s = nonce
      ? await db.grantSession.findUnique({ where: { nonce }, select: { requestId: true, forwardId: true } })
      : null;
    if (!s?.forwardId || s.requestId !== requestId) return null;
    const forward = await db.requestForward.findUnique({
      where: { id: s.forwardId },
      select: { tokenHash: true, tokenSealed: true },
    });
    return forward ? openLinkToken({ hash: forward.tokenHash, sealed: forward.tokenSealed }) : null;
  };
  const back = async (
    requestId: string,
    serviceId: string,
    rest: Omit<Extract<FinishSignInResult, { kind: "back" }>, "kind" | "token" | "serviceId">,
    nonce?: string,
  ) => {
    const forwarded = await forwardToken(requestId, nonce);
    if (forwarded) return { kind: "back", token: forwarded, serviceId, ...rest } as const;
    const request = await db.accessRequest.findUnique({ where: { id: requestId }, select: requestLinkTokenSelect });
    if (!request) return { kind: "invalid" } as const;
    return { kind: "back", token: requestLinkToken(request), serviceId, ...rest } as const;
  };

  if (!verified.ok) {
    if (verified.reason !== "expired") return { kind: "invalid" };
    const payload = expiredPayload(opts.state);
    return payload
      ? back(payload.requestId, payload.serviceId, { error: "sign_in_expired" }, payload.nonce)
      : { kind: "invalid" };
  }
  const { requestId, serviceId, nonce } = verified.payload;

  const session = await db.grantSession.findUnique({ where: { nonce } });
  if (!session || session.requestId !== requestId || session.serviceId !== serviceId) {
    // Discarded (the request was cancelled) or never issued.
    return back(requestId, serviceId, { error: "sign_in_used" }, nonce);
  }
  // The nonce is spent here, whatever happens next: a second callback is a replay.
  const claimed = await db.grantSession.updateMany({ where: { id: session.id, usedAt: null }, data: { usedAt: now } });
  if (claimed.count !== 1) return back(requestId, serviceId, { error: "sign_in_used" }, nonce);
  if (session.expiresAt.getTime() <= now.getTime())
    return back(requestId, serviceId, { error: "sign_in_expired" }, nonce);

  const request = await db.accessRequest.findUnique({
    where: { id: requestId },
    select: {
      ...requestLinkTokenSelect,
      status: true,
      expiresAt: true,
      services: { where: { serviceId }, select: { platform: true } },
    },
  });
  if (!request) return { kind: "invalid" };
  // A sign-in started from a colleague's forwarded link returns to that link, never to the client's.
  const token = (await forwardToken(requestId, nonce)) ?? requestLinkToken(request);
  if (!isOpenRequest(request, now)) return { kind: "back", token, serviceId, error: "closed" };
  const platform = request.services[0]?.platform;
  // The platform's documented answer (oauth-answers.ts): a cancellation or a refusal, never our failure.
  if (opts.error || opts.errorReason)
    return {
      kind: "back",
      token,
      serviceId,
      error: signInErrorCode(signInAnswer(platform ?? null, opts.error ?? "", opts.errorReason)),
    };
  if (!opts.code || opts.code.length > 4096) return { kind: "back", token, serviceId, error: "generic" };
  if (!platform) return { kind: "back", token, serviceId, error: "not_allowed" };

  try {
    const connector = connectorFor(platform, { override: opts.connector });
    const { accessToken } = await connector.handleCallback({
      code: opts.code,
      state: opts.state,
      redirectUri: callbackUrl(),
      codeVerifier: signInVerifier(nonce),
    });
    await db.grantSession.update({
      where: { id: session.id },
      data: { accessToken: encryptText(accessToken, secrets.encryptionKey) },
    });
    return { kind: "back", token, serviceId, sessionId: session.id };
  } catch (err) {
    if (isConnectorError(err)) {
      if (err.kind === "server_error") log().error({ err }, "access page: sign-in code exchange failed");
      const error: AccessErrorCode = err.answer
        ? signInErrorCode(err.answer)
        : err.kind === "denied"
          ? "denied"
          : err.kind === "invalid_state"
            ? "sign_in_expired"
            : err.kind === "rate_limited"
              ? "sign_in_busy"
              : err.kind === "reauth"
                ? "sign_in_again"
                : err.kind === "platform_error"
                  ? "sign_in_refused"
                  : "generic";
      return { kind: "back", token, serviceId, error };
    }
    if (err instanceof AccessPageError) return { kind: "back", token, serviceId, error: "unavailable" };
    throw err;
  }
}
