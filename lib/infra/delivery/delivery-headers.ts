// The headers of one delivery attempt, signed afresh for every attempt over the same body bytes.
// The `webhook-*` headers are the Standard Webhooks ones (sign-payload.ts), added beside ours:
// `webhook-id` is the delivery id (one message per event and webhook, the same on every retry).
import { signatureHeader, standardSignatureHeader } from "@/lib/infra/delivery/sign-payload";

export const USER_AGENT = "Service-Webhooks/1.0";

export interface DeliveryHeaderInput {
  eventId: string;
  eventType: string;
  deliveryId: string;
  attemptId: string;
  body: string;
  /** Every secret signing now, current first. */
  secrets: string[];
  /** Unix seconds; defaults to the clock. */
  timestamp?: number;
}

export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "Service-Event-Id": input.eventId,
    "Service-Event-Type": input.eventType,
    "Service-Delivery-Id": input.deliveryId,
    "Service-Attempt-Id": input.attemptId,
    "Service-Signature": signatureHeader({ secrets: input.secrets, body: input.body, timestamp }),
    "webhook-id": input.deliveryId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardSignatureHeader({
      id: input.deliveryId,
      secrets: input.secrets,
      body: input.body,
      timestamp,
    }),
  };
}
