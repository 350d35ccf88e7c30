// Small sealing helpers for the access pages: HMAC-signed values that may travel in a
// page URL (the outcome of a grant attempt) and AES-256-GCM for the platform token a
// grant session holds until the client picks assets. Keys come from the app's secrets.

import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const SIGNED_MAX_LENGTH = 8192;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function mac(purpose: string, encoded: string, secret: string): string {
  return createHmac("sha256", secret).update(`${purpose}.${encoded}`).digest("base64url");
}

/** `<base64url(JSON)>.<mac>`; `purpose` keeps one kind of signed value from passing as another. */
export function signValue(purpose: string, value: unknown, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
  return `${encoded}.${mac(purpose, encoded, secret)}`;
}

/** The JSON inside a value signed for `purpose`, or null when it is not one. */
export function verifyValue(purpose: string, token: string | null | undefined, secret: string): unknown {
  if (typeof token !== "string" || token.length > SIGNED_MAX_LENGTH) return null;
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0 || !BASE64URL.test(encoded) || !BASE64URL.test(signature)) return null;
  const expected = Buffer.from(mac(purpose, encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/** iv.tag.ciphertext, base64url. */
export function encryptText(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

/** The plain text, or null when the value was not sealed with this key. */
export function decryptText(sealed: string, key: Buffer): string | null {
  const [iv, tag, body, ...rest] = sealed.split(".");
  if (!iv || !tag || body === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
