// The one `Retry-After` reader, for the webhook retry schedule and the connectors' HTTP
// client: delay-seconds (digits only) or any of the three HTTP-date forms (RFC 9110
// section 5.6.7). Anything else, including negative or fractional numbers, reads as null.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// The three HTTP-date forms a recipient must accept (RFC 9110 section 5.6.7), always GMT.
const IMF_FIXDATE = /^[a-z]{3}, (\d{2}) ([a-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) gmt$/;
const RFC850_DATE = /^[a-z]{6,9}, (\d{2})-([a-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) gmt$/;
const ASCTIME_DATE = /^[a-z]{3} ([a-z]{3}) ( \d|\d{2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

function utc(year: number, month: string, day: number, h: number, m: number, s: number): Date | null {
  const monthIndex = MONTHS.indexOf(month);
  if (monthIndex < 0 || day < 1 || day > 31 || h > 23 || m > 59 || s > 60) return null;
  const date = new Date(Date.UTC(year, monthIndex, day, h, m, Math.min(s, 59)));
  // Date.UTC rolls 31 February into March; such a value is not a real date.
  return date.getUTCDate() === day ? date : null;
}

function parseHttpDate(text: string, now: Date): Date | null {
  const value = text.toLowerCase().replace(/\s+/g, " ");
  let m = IMF_FIXDATE.exec(value);
  if (m) return utc(+m[3]!, m[2]!, +m[1]!, +m[4]!, +m[5]!, +m[6]!);
  m = RFC850_DATE.exec(value);
  if (m) {
    // Two-digit years: RFC 9110 says read them as the most recent matching year not over 50 years ahead.
    const yy = +m[3]!;
    const year = yy + 2000 > now.getUTCFullYear() + 50 ? yy + 1900 : yy + 2000;
    return utc(year, m[2]!, +m[1]!, +m[4]!, +m[5]!, +m[6]!);
  }
  m = ASCTIME_DATE.exec(text.toLowerCase().trim());
  if (m) return utc(+m[6]!, m[1]!, +m[2]!.trim(), +m[3]!, +m[4]!, +m[5]!);
  return null;
}

/**
 * Reads a `Retry-After` value: delay-seconds (digits only) or an HTTP-date.
 * Anything else, including negative or fractional numbers, gives null and is ignored.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): Date | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === "") return null;
  if (/^\d+$/.test(text)) {
    // Anything past the retry window is capped later anyway; this only keeps the Date valid.
    const seconds = Math.min(Number(text), 10 * 365 * 24 * 3600);
    return new Date(now.getTime() + seconds * 1000);
  }
  return parseHttpDate(text, now);
}

/** `Retry-After` as milliseconds from `now` (never negative), or null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  const at = parseRetryAfter(value, new Date(now));
  return at === null ? null : Math.max(0, at.getTime() - now);
}
