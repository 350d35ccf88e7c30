// The `state` value carried through a platform sign-in: which request and
// service the sign-in is for, a nonce and an expiry, signed with HMAC-SHA256
// so the callback can trust it without a database read.
//
// Format: the one signed-token format of lib/infra/secrets/crypto.ts, purpose
// `oauth-state`; states signed before it (whose MAC named no purpose) are still read
// for the sign-ins in flight. The signature covers the encoded text exactly as sent,
// so verification never parses unauthenticated JSON. A valid signature does not stop
// replay: the caller stores each nonce when the callback uses it and refuses it afterwards.

import { randomBytes } from "node:crypto";
import { z } from "zod";
import { openSigned, signValue } from "@/lib/infra/secrets/crypto";

export type OAuthStatePayload = {
  requestId: string;
  serviceId: string;
  nonce: string;
  expiresAt: Date;
};

export type VerifyStateFailure = "malformed" | "bad_signature" | "expired";

export type VerifyStateResult = { ok: true; payload: OAuthStatePayload } | { ok: false; reason: VerifyStateFailure };

// A version field lets the format change later without misreading old tokens.
const ZEncodedPayload = z.strictObject({
  v: z.literal(1),
  requestId: z.string().min(1).max(200),
  serviceId: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  exp: z.number().int().nonnegative(),
});

// Far above any real token; stops a huge query string costing an HMAC pass.
const MAX_TOKEN_LENGTH = 2048;
const PURPOSE = "oauth-state";

function requireSecret(secret: string): void {
  if (secret.length === 0) throw new Error("OAuth state secret is empty");
}

/** 128 random bits, base64url: the per-sign-in nonce the caller stores to refuse replays. */
export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

export function signState(payload: OAuthStatePayload, secret: string): string {
  requireSecret(secret);
  const exp = payload.expiresAt.getTime();
  if (!Number.isFinite(exp)) throw new Error("OAuth state expiresAt is not a valid date");
  const body = ZEncodedPayload.parse({
    v: 1,
    requestId: payload.requestId,
    serviceId: payload.serviceId,
    nonce: payload.nonce,
    exp,
  });
  return signValue(PURPOSE, body, secret);
}

export function verifyState(token: string, secret: string, now: Date = new Date()): VerifyStateResult {
  requireSecret(secret);
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "malformed" };

  const opened = openSigned(PURPOSE, token, secret, { acceptUnboundLegacy: true, maxLength: MAX_TOKEN_LENGTH });
  if (!opened.ok) return { ok: false, reason: opened.reason };
  const json = opened.value;
  const parsed = ZEncodedPayload.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "malformed" };

  const { requestId, serviceId, nonce, exp } = parsed.data;
  if (now.getTime() >= exp) return { ok: false, reason: "expired" };
  return { ok: true, payload: { requestId, serviceId, nonce, expiresAt: new Date(exp) } };
}
