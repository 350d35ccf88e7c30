// PKCE (RFC 7636) without storage: the verifier of a sign-in is derived from its
// single-use nonce with the app secret, so the start and the callback compute the same
// value and it never travels through the browser. The challenge is S256.
import { createHash, createHmac } from "node:crypto";

export function pkceVerifier(secret: string, nonce: string): string {
  // 32 bytes of HMAC output give a 43-character base64url verifier, the RFC's minimum length.
  return createHmac("sha256", secret).update(`pkce:${nonce}`).digest("base64url");
}

export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
