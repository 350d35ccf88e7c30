"use client";
// A date or time in the reader's own time zone and locale, without a hydration mismatch:
// the server (and the browser's first, hydrating render) shows it in UTC with a fixed
// locale, and the browser switches to its own zone and locale right after hydration.
// Formatting with the server's zone or locale during server rendering made React throw
// hydration error #418 for any reader elsewhere.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** false during server rendering and hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** The same text on the server and in the hydrating browser: UTC, English, explicit. */
export function formatUtc(iso: string, dateOnly = false): string {
  const d = new Date(iso);
  return dateOnly
    ? d.toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" })
    : `${d.toLocaleString("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })} UTC`;
}

export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const hydrated = useHydrated();
  const d = new Date(iso);
  const text = hydrated ? (dateOnly ? d.toLocaleDateString() : d.toLocaleString()) : formatUtc(iso, dateOnly);
  return <time dateTime={iso}>{text}</time>;
}
