import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_OFFSETS_MS, classifyResponse, nextAttemptAt } from "@/lib/infra/delivery/retry-schedule";
import { parseRetryAfter } from "@/lib/infra/retry-after";

const MIN = 60_000;
const HOUR = 60 * MIN;
const FIRST = new Date("2026-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(FIRST.getTime() + ms);
const mid = () => 0.5; // no jitter

describe("constants", () => {
  it("retries at 1m, 5m, 30m, 2h, 8h, 24h after the first failure, 7 attempts in all", () => {
    expect(RETRY_OFFSETS_MS).toEqual([MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 8 * HOUR, 24 * HOUR]);
    expect(MAX_ATTEMPTS).toBe(7);
    expect(RETRY_OFFSETS_MS.length + 1).toBe(MAX_ATTEMPTS);
  });
});

describe("classifyResponse", () => {
  it.each([200, 201, 202, 204, 299])("%i is success", (status) => {
    expect(classifyResponse(status)).toBe("success");
  });
  it.each([null, 408, 429, 500, 502, 503, 504, 599])("%s is retried", (status) => {
    expect(classifyResponse(status)).toBe("retry");
  });
  it.each([100, 199, 300, 301, 302, 304, 307, 308, 400, 401, 403, 404, 409, 410, 413, 422, 600])(
    "%i is final",
    (status) => {
      expect(classifyResponse(status)).toBe("final");
    },
  );
});

describe("nextAttemptAt", () => {
  it("gives every step measured from the first failure, not from the last attempt", () => {
    for (let made = 1; made <= 6; made++) {
      // The clock is well past the previous step; the schedule still counts from the first failure.
      const now = at(made === 1 ? 0 : RETRY_OFFSETS_MS[made - 2]! + 3 * 1000);
      expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: made, now, random: mid })).toEqual(
        at(RETRY_OFFSETS_MS[made - 1]!),
      );
    }
  });

  it("stops after the 7th attempt", () => {
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 7, now: at(24 * HOUR), random: mid })).toBeNull();
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 8, now: at(HOUR), random: mid })).toBeNull();
  });

  it("refuses a nonsensical attempt count", () => {
    expect(() => nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 0, now: FIRST })).toThrow(RangeError);
    expect(() => nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 1.5, now: FIRST })).toThrow(RangeError);
  });

  it("jitters by at most 10% either way (random = 0 and random = 1)", () => {
    for (let made = 1; made <= 5; made++) {
      const offset = RETRY_OFFSETS_MS[made - 1]!;
      expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: made, now: FIRST, random: () => 0 })).toEqual(
        at(offset * 0.9),
      );
      expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: made, now: FIRST, random: () => 1 })).toEqual(
        at(offset * 1.1),
      );
    }
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 1, now: FIRST, random: () => 0.75 })).toEqual(
      at(MIN * 1.05),
    );
  });

  it("keeps the jittered default within bounds", () => {
    for (let i = 0; i < 200; i++) {
      const due = nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 3, now: FIRST })!.getTime() - FIRST.getTime();
      expect(due).toBeGreaterThanOrEqual(27 * MIN);
      expect(due).toBeLessThanOrEqual(33 * MIN);
    }
  });

  it("caps the last retry at exactly 24 hours after the first failure", () => {
    const now = at(8 * HOUR);
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 6, now, random: () => 1 })).toEqual(at(24 * HOUR));
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 6, now, random: () => 0 })).toEqual(
      at(24 * HOUR * 0.9),
    );
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 6, now, random: mid })).toEqual(at(24 * HOUR));
  });

  it("gives up when the 24-hour window has already passed", () => {
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 6, now: at(24 * HOUR), random: mid })).toEqual(
      at(24 * HOUR),
    );
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 6, now: at(24 * HOUR + 1), random: mid })).toBeNull();
  });

  it("makes an overdue retry due now rather than in the past", () => {
    const now = at(3 * HOUR); // the worker was down; the 30m retry is late
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 3, now, random: mid })).toEqual(now);
  });

  it("is postponed by Retry-After in seconds", () => {
    const now = at(10_000);
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 1, now, retryAfter: "600", random: mid })).toEqual(
      at(10_000 + 600_000),
    );
  });

  it("is postponed by Retry-After as an HTTP-date", () => {
    const now = at(10_000);
    const retryAfter = "Thu, 01 Jan 2026 01:00:00 GMT";
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 1, now, retryAfter, random: mid })).toEqual(at(HOUR));
  });

  it("never lets Retry-After bring a retry forward", () => {
    const now = at(10_000);
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 2, now, retryAfter: "0", random: mid })).toEqual(
      at(5 * MIN),
    );
    const past = "Wed, 31 Dec 2025 23:00:00 GMT";
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 2, now, retryAfter: past, random: mid })).toEqual(
      at(5 * MIN),
    );
  });

  it("never lets Retry-After go past 24 hours after the first failure", () => {
    const now = at(HOUR);
    expect(
      nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 2, now, retryAfter: String(7 * 24 * 3600), random: mid }),
    ).toEqual(at(24 * HOUR));
    expect(
      nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 2, now, retryAfter: "999999999999999999999", random: mid }),
    ).toEqual(at(24 * HOUR));
    const nextWeek = "Thu, 08 Jan 2026 00:00:00 GMT";
    expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 2, now, retryAfter: nextWeek, random: mid })).toEqual(
      at(24 * HOUR),
    );
  });

  it.each(["soon", "-5", "1.5", "10 s", "Thu, 32 Jan 2026 00:00:00 GMT", "2026-01-01T05:00:00Z", ""])(
    "ignores a bad Retry-After %j",
    (retryAfter) => {
      expect(nextAttemptAt({ firstFailureAt: FIRST, attemptsMade: 1, now: FIRST, retryAfter, random: mid })).toEqual(
        at(MIN),
      );
    },
  );
});

describe("parseRetryAfter", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("120", now)).toEqual(new Date("2026-03-01T12:02:00.000Z"));
    expect(parseRetryAfter(" 0 ", now)).toEqual(now);
  });

  it("reads the three HTTP-date forms as GMT", () => {
    const expected = new Date("2026-03-01T13:30:15.000Z");
    expect(parseRetryAfter("Sun, 01 Mar 2026 13:30:15 GMT", now)).toEqual(expected);
    expect(parseRetryAfter("Sunday, 01-Mar-26 13:30:15 GMT", now)).toEqual(expected);
    expect(parseRetryAfter("Sun Mar  1 13:30:15 2026", now)).toEqual(expected);
  });

  it("returns null for anything else", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "abc",
      "-1",
      "1e3",
      "0x10",
      "Sun, 30 Feb 2026 00:00:00 GMT",
      "Sun, 01 Mar 2026 13:30:15 PST",
    ]) {
      expect(parseRetryAfter(bad, now)).toBeNull();
    }
  });
});
