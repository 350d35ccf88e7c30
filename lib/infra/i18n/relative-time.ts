// "2 hours ago", "hace 2 horas", "2 uur geleden": how long ago a moment was, in the reader's
// language, with Intl.RelativeTimeFormat. Whole units, rounded down, the largest that fits;
// "now" for under a minute, "yesterday" and "last month" where the language says so.
import type { Locale } from "@/lib/infra/i18n/dictionary";

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function timeAgo(locale: Locale, at: Date | string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, "second");
}
