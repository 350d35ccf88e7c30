// Request ids: `req_` + 20 random base32-ish characters, on every response.
import crypto from "node:crypto";

export function newRequestId(): string {
  return "req_" + crypto.randomBytes(12).toString("base64url");
}
