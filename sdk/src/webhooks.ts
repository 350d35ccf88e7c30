// The webhook receiver helper: verify a delivery's raw body against one or two secrets (two
// during a rotation) in constant time within the 300-second tolerance, parse it into a typed
// event (a union told apart by `type`), skip event ids already processed, and keep stale
// request snapshots from overwriting newer ones. `verifyWebhook` is synchronous on
// `node:crypto`; `verifyWebhookAsync` (webhook-signature.ts) does the same on WebCrypto for
// edge runtimes, and the rest (webhook-receiver.ts) runs anywhere.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  checkSignatureHeader,
  parseEvent,
  WebhookVerificationError,
  type VerifyOptions,
  type WebhookEvent,
} from "./webhook-signature.js";

export * from "./webhook-signature.js";
export * from "./webhook-receiver.js";

/** Checks the signature and returns the parsed event; throws WebhookVerificationError otherwise. */
export function verifyWebhook(options: VerifyOptions): WebhookEvent {
  const { payload } = options;
  const { secrets, parsed } = checkSignatureHeader(options);
  let matched = false;
  // Every comparison runs, so the time taken says nothing about which one matched.
  for (const secret of secrets) {
    const expected = createHmac("sha256", secret).update(`${parsed.timestamp}.`).update(payload).digest();
    for (const candidate of parsed.signatures) {
      if (timingSafeEqual(expected, candidate)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError("no_matching_signature", "No signature matches the secret.");
  return parseEvent(payload);
}
