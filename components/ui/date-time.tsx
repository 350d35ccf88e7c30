"use client";
// The one date and time format of the dashboard: the viewer's locale and time zone, with
// the zone named where it matters (deadlines, expiry). Server rendering cannot know the
// browser's zone, so the text is written after mount; until then a stable ISO date shows,
// and server and browser render the same markup. `formatUtc` is for what is UTC by definition.
import { useSyncExternalStore } from "react";

export type DateTimeStyle = "date" | "datetime" | "time";

export function formatDateTime(
  iso: string | Date,
  style: DateTimeStyle = "datetime",
  opts: { zone?: boolean; locale?: string; timeZone?: string } = {},
): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return "";
  const base: Intl.DateTimeFormatOptions =
    style === "date"
      ? { dateStyle: "medium" }
      : style === "time"
        ? { hour: "numeric", minute: "2-digit" }
        : { dateStyle: "medium", timeStyle: "short" };
  const options: Intl.DateTimeFormatOptions = opts.zone
    ? // dateStyle/timeStyle cannot be combined with timeZoneName: spell the parts out
      {
        ...(style !== "time" ? { year: "numeric", month: "short", day: "numeric" } : {}),
        ...(style !== "date" ? { hour: "numeric", minute: "2-digit" } : {}),
        timeZoneName: "short",
      }
    : base;
  return new Intl.DateTimeFormat(opts.locale, {
    ...options,
    ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
  }).format(d);
}

/** The same text on the server and in every browser: UTC, English, explicit (for periods that are UTC by definition, such as the usage month). */
export function formatUtc(iso: string, dateOnly = false): string {
  const d = new Date(iso);
  return dateOnly
    ? d.toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" })
    : `${d.toLocaleString("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })} UTC`;
}

const subscribe = () => () => {};

/** true in the browser after hydration, false on the server and during hydration */
function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

export function DateTime({
  value,
  style = "datetime",
  zone = false,
  className,
}: {
  value: string | Date;
  style?: DateTimeStyle;
  zone?: boolean;
  className?: string;
}) {
  const mounted = useMounted();
  const iso = typeof value === "string" ? value : value.toISOString();
  // before mount: the UTC date, the same on server and browser
  const text = mounted
    ? formatDateTime(iso, style, { zone })
    : formatDateTime(iso, style === "time" ? "time" : "date", {
        timeZone: "UTC",
        locale: "en-GB",
        zone: style === "time",
      });
  return (
    <time
      dateTime={iso}
      className={className}
      title={mounted ? formatDateTime(iso, "datetime", { zone: true }) : undefined}
      suppressHydrationWarning
    >
      {text}
    </time>
  );
}
