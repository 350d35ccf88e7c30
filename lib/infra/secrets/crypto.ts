// The app's one crypto module: every value sealed with ENCRYPTION_KEY and every token signed
// with a secret goes through here, in one format each.
//
// Sealing (AES-256-GCM): `<iv>.<tag>.<ciphertext>`, each base64url, with optional associated
// data that binds the value to where it is stored (a webhook's id), so a copy moved to
// another row fails to open. Values written by the idempotency store before this module
// (one base64url blob, iv || tag || ciphertext) still open; nothing writes them any more.
//
// Signed tokens (HMAC-SHA256): `<base64url(JSON)>.<base64url(HMAC(secret, purpose "\n" encoded))>`.
// The purpose is in the MAC, so a token made for one use never passes for another, and the
// MAC covers the encoded text exactly as sent, so nothing unauthenticated is parsed. Two
// older formats are still read for the tokens already in flight (all live an hour or less):
// the access pages' `<encoded>.<HMAC(purpose "." encoded)>`, always, and the OAuth state's
// `<encoded>.<HMAC(encoded)>`, only where the caller asks for it. Drop both readers one
// release after this one.
import "server-only";
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const SIGNED_MAX_LENGTH = 8192;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Seals `plain` under `key` (32 bytes); `aad` binds it to a context that must match to open. */
export function encryptText(plain: string, key: Buffer, aad?: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

function parts(sealed: string): [Buffer, Buffer, Buffer] | null {
  if (typeof sealed !== "string") return null;
  const split = sealed.split(".");
  if (split.length === 3) {
    if (!split.every((p, i) => BASE64URL.test(p) || (i === 2 && p === ""))) return null;
    return split.map((p) => Buffer.from(p, "base64url")) as [Buffer, Buffer, Buffer];
  }
  // The idempotency store's earlier form: one blob, iv || tag || ciphertext.
  if (split.length === 1 && BASE64URL.test(sealed)) {
    const raw = Buffer.from(sealed, "base64url");
    return [
      raw.subarray(0, IV_BYTES),
      raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
      raw.subarray(IV_BYTES + TAG_BYTES),
    ];
  }
  return null;
}

/** The plain text, or null when the value was not sealed with this key (and `aad`), or was altered. */
export function decryptText(sealed: string, key: Buffer, aad?: string): string | null {
  const p = parts(sealed);
  if (!p) return null;
  const [iv, tag, body] = p;
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

function mac(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A token carrying `value` (any JSON), signed for `purpose` with `secret`. */
export function signValue(purpose: string, value: unknown, secret: string): string {
  if (!secret) throw new Error("signValue needs a non-empty secret");
  const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
  return `${encoded}.${mac(secret, `${purpose}\n${encoded}`)}`;
}

export interface VerifyValueOptions {
  /** Also accept the OAuth state's earlier format, whose MAC names no purpose. */
  acceptUnboundLegacy?: boolean;
  /** Longest token considered (default 8192 characters). */
  maxLength?: number;
}

export type OpenSignedResult = { ok: true; value: unknown } | { ok: false; reason: "malformed" | "bad_signature" };

/** Checks a token signed for `purpose` with `secret`: its JSON, or why it is refused. */
export function openSigned(
  purpose: string,
  token: string | null | undefined,
  secret: string,
  opts: VerifyValueOptions = {},
): OpenSignedResult {
  if (!secret) throw new Error("verifyValue needs a non-empty secret");
  if (typeof token !== "string" || token.length > (opts.maxLength ?? SIGNED_MAX_LENGTH))
    return { ok: false, reason: "malformed" };
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0 || !BASE64URL.test(encoded) || !BASE64URL.test(signature))
    return { ok: false, reason: "malformed" };
  // Every accepted form is computed and compared, so timing says nothing about which matched.
  let ok = sameText(mac(secret, `${purpose}\n${encoded}`), signature);
  if (sameText(mac(secret, `${purpose}.${encoded}`), signature)) ok = true;
  if (opts.acceptUnboundLegacy && sameText(mac(secret, encoded), signature)) ok = true;
  if (!ok) return { ok: false, reason: "bad_signature" };
  try {
    return { ok: true, value: JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

/**
 * The JSON inside a token signed for `purpose` with `secret`, or null when it is not one.
 * The caller validates the shape and any expiry it carries.
 */
export function verifyValue(
  purpose: string,
  token: string | null | undefined,
  secret: string,
  opts: VerifyValueOptions = {},
): unknown {
  const result = openSigned(purpose, token, secret, opts);
  return result.ok ? result.value : null;
}
