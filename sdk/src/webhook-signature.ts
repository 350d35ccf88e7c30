// The part of the webhook receiver that runs anywhere: parsing the `Service-Signature`
// header, checking it with WebCrypto (`crypto.subtle`, present in Node 20+, Deno, Bun,
// Cloudflare Workers, Vercel Edge and browsers), parsing the event, and signing test
// payloads. Nothing here imports `node:`; the Node-only synchronous `verifyWebhook` lives in
// webhooks.ts and shares the header parsing and event checks.
import type { components } from "./generated/v2.js";

export type WebhookEvent = components["schemas"]["WebhookEvent"];
export type WebhookEventType = WebhookEvent["type"];
/** The event of one type: `EventOf<"service.granted">`. */
export type EventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

export const SIGNATURE_HEADER = "service-signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type VerificationFailure =
  | "missing_signature"
  | "malformed_signature"
  | "timestamp_out_of_tolerance"
  | "no_matching_signature"
  | "malformed_body";

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    readonly reason: VerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyOptions {
  /** The raw request body, exactly as received (before any JSON parsing). */
  payload: string | Uint8Array;
  /** The `Service-Signature` header. */
  signature: string | null | undefined;
  /** The webhook's `whsec_` secret, or both secrets during a rotation. */
  secret: string | readonly string[];
  /** Seconds a signature stays valid either side of now (default 300). */
  toleranceSeconds?: number;
  /** Now, in milliseconds (default Date.now()). */
  now?: number;
}

export interface ParsedSignature {
  timestamp: number;
  /** The v1 values, as bytes. */
  signatures: Uint8Array[];
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

function parseSignature(header: string): ParsedSignature | null {
  let timestamp: number | null = null;
  const signatures: Uint8Array[] = [];
  for (const item of header.split(",")) {
    const eq = item.indexOf("=");
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") {
      if (!/^\d{1,15}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(hexToBytes(value));
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** The secrets as a list, the header parsed and its timestamp checked; throws otherwise. */
export function checkSignatureHeader(options: VerifyOptions): { secrets: string[]; parsed: ParsedSignature } {
  const secrets = typeof options.secret === "string" ? [options.secret] : [...options.secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== "string" || s.length === 0))
    throw new TypeError("verifyWebhook needs at least one non-empty secret");
  if (!options.signature)
    throw new WebhookVerificationError("missing_signature", "The Service-Signature header is missing.");
  const parsed = parseSignature(options.signature);
  if (!parsed)
    throw new WebhookVerificationError(
      "malformed_signature",
      "The Service-Signature header is not `t=<seconds>,v1=<hex>`.",
    );
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      `The signature's timestamp is more than ${tolerance} seconds from now.`,
    );
  }
  return { secrets, parsed };
}

/** The verified body parsed into an event; throws `malformed_body` when it is not one. */
export function parseEvent(payload: string | Uint8Array): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(typeof payload === "string" ? payload : new TextDecoder().decode(payload));
  } catch {
    throw new WebhookVerificationError("malformed_body", "The body is not JSON.");
  }
  const e = event as Partial<WebhookEvent> | null;
  if (
    !e ||
    typeof e !== "object" ||
    typeof e.id !== "string" ||
    typeof e.type !== "string" ||
    typeof e.data !== "object" ||
    e.data === null
  ) {
    throw new WebhookVerificationError("malformed_body", "The body is not an event.");
  }
  return event as WebhookEvent;
}

const encoder = new TextEncoder();

function signedBytes(timestamp: number, payload: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(`${timestamp}.`);
  const body = typeof payload === "string" ? encoder.encode(payload) : payload;
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("WebCrypto (globalThis.crypto.subtle) is not available in this runtime");
  return s;
}

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return subtle().importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/**
 * `verifyWebhook` on WebCrypto, for edge runtimes (Cloudflare Workers, Vercel Edge, Deno,
 * Bun) and Node alike: the same checks and failures, asynchronous. `crypto.subtle.verify`
 * compares in constant time.
 */
export async function verifyWebhookAsync(options: VerifyOptions): Promise<WebhookEvent> {
  const { secrets, parsed } = checkSignatureHeader(options);
  const data = signedBytes(parsed.timestamp, options.payload);
  let matched = false;
  // Every comparison runs, so the time taken says nothing about which one matched.
  for (const secret of secrets) {
    const key = await hmacKey(secret, "verify");
    for (const candidate of parsed.signatures) {
      if (await subtle().verify("HMAC", key, candidate as Uint8Array<ArrayBuffer>, data)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError("no_matching_signature", "No signature matches the secret.");
  return parseEvent(options.payload);
}

export interface SignTestPayloadOptions {
  /** The event to sign: an object (serialised with JSON.stringify) or the exact body text. */
  payload: string | object;
  /** The webhook secret (`whsec_...`), or several to sign as during a rotation. */
  secret: string | readonly string[];
  /** Unix seconds the signature claims (default: now). */
  timestamp?: number;
}

export interface SignedTestPayload {
  /** The body to send, exactly as signed. */
  payload: string;
  /** The `Service-Signature` header's value. */
  signature: string;
  /** Headers to send with it: Content-Type and Service-Signature. */
  headers: Record<string, string>;
}

/**
 * Signs a payload the way the service signs deliveries, for integrators' tests of their own
 * receiver: `const { payload, headers } = await signTestPayload({ payload: event, secret })`,
 * then post `payload` with `headers` to the receiver. Runs on WebCrypto, so anywhere.
 */
export async function signTestPayload(options: SignTestPayloadOptions): Promise<SignedTestPayload> {
  const payload = typeof options.payload === "string" ? options.payload : JSON.stringify(options.payload);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new TypeError("signTestPayload needs the timestamp in whole unix seconds");
  const secrets = typeof options.secret === "string" ? [options.secret] : [...options.secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== "string" || s.length === 0))
    throw new TypeError("signTestPayload needs at least one non-empty secret");
  const data = signedBytes(timestamp, payload);
  const parts = [`t=${timestamp}`];
  for (const secret of secrets)
    parts.push(`v1=${bytesToHex(new Uint8Array(await subtle().sign("HMAC", await hmacKey(secret, "sign"), data)))}`);
  const signature = parts.join(",");
  return { payload, signature, headers: { "Content-Type": "application/json", "Service-Signature": signature } };
}
