// Short signed tokens for links and forms that need no database row: a purpose, a few
// text fields and two times (issued, expires), signed under the app secret in the one
// signed-token format of crypto.ts (the purpose is in the MAC, so a token made for one use
// never passes for another).
import { appSecret } from "@/lib/infra/secrets/secrets";
import { signValue, verifyValue } from "@/lib/infra/secrets/crypto";

const MAX_LENGTH = 2048;

export function signToken(purpose: string, fields: string[], opts: { now?: Date; ttlSeconds: number }): string {
  const iat = (opts.now ?? new Date()).getTime();
  return signValue(purpose, { f: fields, iat, exp: iat + opts.ttlSeconds * 1000 }, appSecret());
}

/** The fields and issue time of a valid, unexpired token of this purpose; null otherwise. */
export function verifyToken(
  purpose: string,
  token: string,
  opts: { now?: Date } = {},
): { fields: string[]; issuedAt: Date } | null {
  const body = verifyValue(purpose, token, appSecret(), { maxLength: MAX_LENGTH });
  const b = (body ?? {}) as { f?: unknown; iat?: unknown; exp?: unknown };
  if (
    !Array.isArray(b.f) ||
    !b.f.every((x) => typeof x === "string") ||
    typeof b.iat !== "number" ||
    typeof b.exp !== "number"
  )
    return null;
  if ((opts.now ?? new Date()).getTime() >= b.exp) return null;
  return { fields: b.f, issuedAt: new Date(b.iat) };
}
