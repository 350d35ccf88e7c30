// Short signed tokens for links and forms that need no database row: a purpose, a few
// text fields and two times (issued, expires), signed with HMAC-SHA256 under the app
// secret. Format: `<base64url(JSON)>.<base64url(HMAC)>`; the signature covers the encoded
// text as sent and names the purpose, so a token made for one use never passes for another.
import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret } from "@/lib/infra/secrets/secrets";

const MAX_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function mac(purpose: string, encoded: string): Buffer {
  return createHmac("sha256", appSecret()).update(`${purpose}\n${encoded}`).digest();
}

export function signToken(purpose: string, fields: string[], opts: { now?: Date; ttlSeconds: number }): string {
  const iat = (opts.now ?? new Date()).getTime();
  const encoded = Buffer.from(JSON.stringify({ f: fields, iat, exp: iat + opts.ttlSeconds * 1000 })).toString("base64url");
  return `${encoded}.${mac(purpose, encoded).toString("base64url")}`;
}

/** The fields and issue time of a valid, unexpired token of this purpose; null otherwise. */
export function verifyToken(purpose: string, token: string, opts: { now?: Date } = {}): { fields: string[]; issuedAt: Date } | null {
  if (typeof token !== "string" || token.length > MAX_LENGTH) return null;
  const [encoded, sig, extra] = token.split(".");
  if (!encoded || !sig || extra !== undefined || !BASE64URL.test(encoded) || !BASE64URL.test(sig)) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = mac(purpose, encoded);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const b = body as { f?: unknown; iat?: unknown; exp?: unknown };
  if (!Array.isArray(b.f) || !b.f.every((x) => typeof x === "string") || typeof b.iat !== "number" || typeof b.exp !== "number") return null;
  if ((opts.now ?? new Date()).getTime() >= b.exp) return null;
  return { fields: b.f as string[], issuedAt: new Date(b.iat) };
}
