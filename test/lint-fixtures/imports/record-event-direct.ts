// at: lib/core/requests/records-alone.ts
// breaks: events-through-reactions
// recording an event without lib/core/reactions skips its follow-ups (the team's notice...)
import { stub } from "@/lib/core/events/record-event";
export const x = stub;
