// Maps a webhook row (with its secrets' expiry times) to the API's webhook object.
import type { TWebhook, TWebhookEventName } from "@/lib/core/webhooks/schemas";

export interface WebhookRowForView {
  id: string;
  url: string;
  events: string[];
  pausedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  secrets: { expiresAt: Date | null }[];
}

/** Only the expiry time is needed from each secret; never select the sealed value for a view. */
export const webhookViewInclude = { secrets: { select: { expiresAt: true } } } as const;

export function serializeWebhook(row: WebhookRowForView, now: Date = new Date()): TWebhook {
  // The replaced secret still signing, if any: rotation keeps at most one of them.
  const previous = row.secrets
    .map((s) => s.expiresAt)
    .filter((t): t is Date => t !== null && t > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    id: row.id,
    url: row.url,
    // stored only after ZWebhookEvents accepted them: each an event type, or "*"
    events: row.events as TWebhookEventName[],
    status: row.pausedAt ? "paused" : "active",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    secretRotation: { previousSecretExpiresAt: previous ? previous.toISOString() : null },
  };
}
