// The one way the core records an event: lib/core/events records it (and its webhook
// deliveries), then the reactions table runs its follow-ups, both in the caller's
// transaction. Only this file imports recordEvent outside tests (.dependency-cruiser.cjs,
// "events-through-reactions"), so no event is recorded without its follow-ups.
import type { Tx } from "@/lib/infra/db/db";
import type { EventType } from "@/lib/core/events/event-types";
import type { TEventData } from "@/lib/core/events/schemas";
import { recordEvent } from "@/lib/core/events/record-event";
import { react } from "@/lib/core/reactions/reactions";

/** Records the event, runs its follow-ups and returns the event's id. */
export async function recordAndReact<T extends EventType>(
  tx: Tx,
  opts: {
    agencyId: string;
    type: T;
    data: TEventData<T>;
    requestId?: string | null;
    now?: Date;
    actor?: string | null;
  },
): Promise<string> {
  const now = opts.now ?? new Date();
  const id = await recordEvent(tx, { ...opts, now });
  await react(tx, {
    id,
    agencyId: opts.agencyId,
    type: opts.type,
    data: opts.data,
    requestId: opts.requestId ?? null,
    now,
    actor: opts.actor ?? null,
  });
  return id;
}
