// The `state` value carried through a platform sign-in: which request and
// service the sign-in is for, a nonce and an expiry, signed with HMAC-SHA256
// so the callback can trust it without a database read.
//
// Format: `<base64url(JSON payload)>.<base64url(HMAC-SHA256 of the first part)>`.
// The signature covers the encoded text exactly as sent, so verification never
// parses unauthenticated JSON. A valid signature does not stop replay: the
// caller stores each nonce when the callback uses it and refuses it afterwards.

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

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
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function requireSecret(secret: string): void {
  if (secret.length === 0) throw new Error("OAuth state secret is empty");
}

function sign(encodedPayload: string, secret: string): string {
  return createHmac("sha256", secret).update(encodedPayload).digest("base64url");
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
  const encoded = Buffer.from(JSON.stringify(body), "utf8").toString("base64url");
  return `${encoded}.${sign(encoded, secret)}`;
}

export function verifyState(token: string, secret: string, now: Date = new Date()): VerifyStateResult {
  requireSecret(secret);
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "malformed" };

  const parts = token.split(".");
  if (parts.length !== 2) return { ok: false, reason: "malformed" };
  const [encoded, signature] = parts as [string, string];
  if (!BASE64URL.test(encoded) || !BASE64URL.test(signature)) return { ok: false, reason: "malformed" };

  // Comparing the canonical text (not decoded bytes) also refuses alternative
  // encodings of the same signature; the length check leaks nothing secret.
  const expected = Buffer.from(sign(encoded, secret), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "bad_signature" };
  }

  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = ZEncodedPayload.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "malformed" };

  const { requestId, serviceId, nonce, exp } = parsed.data;
  if (now.getTime() >= exp) return { ok: false, reason: "expired" };
  return { ok: true, payload: { requestId, serviceId, nonce, expiresAt: new Date(exp) } };
}
