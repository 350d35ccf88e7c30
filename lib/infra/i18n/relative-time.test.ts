import { describe, expect, it } from "vitest";
import { timeAgo } from "@/lib/infra/i18n/relative-time";

const now = new Date("2026-11-27T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("timeAgo", () => {
  it("says how long ago in English, Spanish and Dutch, in the largest whole unit", () => {
    const cases: [number, string, string, string][] = [
      [10, "now", "ahora", "nu"],
      [5 * 60, "5 minutes ago", "hace 5 minutos", "5 minuten geleden"],
      [2 * 3600 + 59 * 60, "2 hours ago", "hace 2 horas", "2 uur geleden"],
      [26 * 3600, "yesterday", "ayer", "gisteren"],
      [3 * 86400, "3 days ago", "hace 3 días", "3 dagen geleden"],
      [15 * 86400, "2 weeks ago", "hace 2 semanas", "2 weken geleden"],
      [400 * 86400, "last year", "el año pasado", "vorig jaar"],
    ];
    for (const [seconds, en, es, nl] of cases) {
      expect([
        timeAgo("en", ago(seconds), now),
        timeAgo("es", ago(seconds), now),
        timeAgo("nl", ago(seconds), now),
      ]).toEqual([en, es, nl]);
    }
  });

  it("reads an ISO string and never says a time in the future", () => {
    expect(timeAgo("en", "2026-11-27T10:00:00.000Z", now)).toBe("2 hours ago");
    expect(timeAgo("en", new Date(now.getTime() + 60_000), now)).toBe("now");
  });
});
