// Builds and checks the `Service-Signature` header of webhook deliveries:
// `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, where each v1 is the lowercase hex
// HMAC-SHA256 of `<t>.<raw body>` keyed with a whole signing secret (the
// `whsec_` prefix included). During secret rotation there is one v1 per
// secret, so a receiver holding either secret accepts the delivery.
//
// The format is deliberately the one Stripe uses, so receivers can verify with
// off-the-shelf code. `verifySignature` is what receivers do; we use it in our
// own tests and in the example in docs/api.md.
//
// Each delivery also carries the Standard Webhooks headers (https://www.standardwebhooks.com,
// spec: github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md):
// `webhook-signature` is `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`,
// one space-separated value per secret. Its key is the same as `Service-Signature`'s: the
// UTF-8 bytes of the whole secret. The spec's libraries read a secret as `whsec_<base64 of the
// key>`, so a receiver hands them `standardWebhooksSecret(secret)` (docs/api.md).

import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureHeaderInput = {
  /** Active secrets, newest first; one v1 value per secret, in this order. */
  secrets: string[];
  /** The exact bytes that will be sent, as text. */
  body: string;
  /** Unix time in seconds. */
  timestamp: number;
};

function hmacHex(secret: string, timestamp: number, body: string | Uint8Array): string {
  const mac = createHmac("sha256", secret);
  mac.update(`${timestamp}.`);
  mac.update(body);
  return mac.digest("hex");
}

export function signatureHeader({ secrets, body, timestamp }: SignatureHeaderInput): string {
  if (secrets.length === 0) throw new Error("signatureHeader needs at least one secret");
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new Error("signatureHeader needs the timestamp in whole unix seconds");
  }
  const parts = [`t=${timestamp}`];
  for (const secret of secrets) parts.push(`v1=${hmacHex(secret, timestamp, body)}`);
  return parts.join(",");
}

export type StandardSignatureInput = SignatureHeaderInput & {
  /** `webhook-id`: the message id, the same on every retry. */
  id: string;
};

/** The Standard Webhooks `webhook-signature` header: `v1,<base64>` per secret, space-separated. */
export function standardSignatureHeader({ id, secrets, body, timestamp }: StandardSignatureInput): string {
  if (secrets.length === 0) throw new Error("standardSignatureHeader needs at least one secret");
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new Error("standardSignatureHeader needs the timestamp in whole unix seconds");
  }
  return secrets
    .map((secret) => `v1,${createHmac("sha256", secret).update(`${id}.${timestamp}.${body}`).digest("base64")}`)
    .join(" ");
}

/** The secret as the Standard Webhooks libraries read it: `whsec_` and the base64 of the whole secret's bytes. */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, "utf8").toString("base64")}`;
}

export type VerifySignatureInput = {
  header: string | null | undefined;
  /** The raw request body, before any JSON parsing. */
  body: string | Uint8Array;
  /** Every secret the receiver currently accepts. */
  secrets: string[];
  toleranceSeconds?: number;
  /** Unix time in seconds; defaults to the clock. */
  now?: number;
};

type ParsedHeader = { timestamp: number; signatures: string[] };

function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(",")) {
    const eq = item.indexOf("=");
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") {
      if (!/^\d{1,15}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1") {
      signatures.push(value);
    }
    // Unknown schemes are skipped so a future v2 does not break old receivers.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * True when the header is well formed, its timestamp is within the tolerance
 * of `now` (either side, so a clock far ahead cannot mint long-lived headers),
 * and any v1 value matches any of the secrets.
 */
export function verifySignature({
  header,
  body,
  secrets,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
  now = Math.floor(Date.now() / 1000),
}: VerifySignatureInput): boolean {
  if (!header) return false;
  const parsed = parseHeader(header);
  if (!parsed) return false;
  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) return false;

  let matched = false;
  // No early exit: every comparison runs, so timing says nothing about which matched.
  for (const secret of secrets) {
    const expected = hmacHex(secret, parsed.timestamp, body);
    for (const candidate of parsed.signatures) {
      if (sameHex(expected, candidate)) matched = true;
    }
  }
  return matched;
}
