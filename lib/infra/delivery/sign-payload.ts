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
// space-separated values. The spec's libraries read a secret as `whsec_<base64 of the key>`, so
// for each secret two keys sign (`standardSignatureKeys`): the bytes its base64 part decodes to,
// so `new Webhook(secret)` verifies with the secret as shown (secrets issued since it became
// standard base64), and the UTF-8 bytes of the whole secret, which receivers were told to use
// before (`whsec_` + base64 of the whole secret) and keep verifying with.

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

/** Standard base64 that the Standard Webhooks libraries decode (length a multiple of 4, padding only at the end). */
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The keys that sign a secret's `webhook-signature` values, in this order: the bytes after
 * `whsec_` decoded from standard base64 when they are (what `new Webhook(secret)` of
 * `standardwebhooks` and `svix` uses), then the whole secret's UTF-8 bytes (the earlier rule,
 * kept so receivers that re-encode the secret keep verifying; the only key for base64url
 * secrets issued before, which those libraries cannot decode).
 */
export function standardSignatureKeys(secret: string): Buffer[] {
  const whole = Buffer.from(secret, "utf8");
  const rest = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : null;
  if (rest === null || !STANDARD_BASE64.test(rest)) return [whole];
  return [Buffer.from(rest, "base64"), whole];
}

/** The Standard Webhooks `webhook-signature` header: `v1,<base64>` per key of each secret, space-separated. */
export function standardSignatureHeader({ id, secrets, body, timestamp }: StandardSignatureInput): string {
  if (secrets.length === 0) throw new Error("standardSignatureHeader needs at least one secret");
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new Error("standardSignatureHeader needs the timestamp in whole unix seconds");
  }
  return secrets
    .flatMap(standardSignatureKeys)
    .map((key) => `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`)
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
