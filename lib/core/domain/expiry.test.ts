import { describe, expect, it } from "vitest";
import { isExpired, maxExpiresAt, validateExpiresAt } from "@/lib/core/domain/expiry";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const ms = (d: Date, n: number) => new Date(d.getTime() + n);

describe("validateExpiresAt", () => {
  it.each([
    ["one millisecond ahead", ms(NOW, 1), null],
    ["one day ahead", ms(NOW, 86_400_000), null],
    ["exactly one calendar year ahead", new Date("2027-03-15T12:00:00.000Z"), null],
    ["now", NOW, "expiresAt must be in the future"],
    ["in the past", ms(NOW, -1), "expiresAt must be in the future"],
    [
      "one year and a millisecond ahead",
      ms(new Date("2027-03-15T12:00:00.000Z"), 1),
      "expiresAt must be at most one year ahead",
    ],
    ["an invalid date", new Date("nope"), "expiresAt must be a valid datetime"],
  ])("%s", (_label, value, expected) => {
    expect(validateExpiresAt(value, NOW)).toBe(expected);
  });

  it("uses the calendar year, so a year spanning 29 February allows 366 days", () => {
    const now = new Date("2027-06-01T00:00:00.000Z");
    expect(validateExpiresAt(new Date("2028-06-01T00:00:00.000Z"), now)).toBeNull();
    expect(new Date("2028-06-01T00:00:00.000Z").getTime() - now.getTime()).toBe(366 * 86_400_000);
  });

  it("rolls 29 February over to 1 March of the next year", () => {
    expect(maxExpiresAt(new Date("2028-02-29T10:00:00.000Z")).toISOString()).toBe("2029-03-01T10:00:00.000Z");
  });

  it("does not change the date it is given", () => {
    const now = new Date(NOW.getTime());
    maxExpiresAt(now);
    expect(now.getTime()).toBe(NOW.getTime());
  });
});

describe("isExpired", () => {
  it.each([
    ["no deadline", null, false],
    ["deadline ahead", ms(NOW, 1), false],
    ["deadline exactly now", NOW, true],
    ["deadline passed", ms(NOW, -1), true],
  ])("%s", (_label, expiresAt, expected) => {
    expect(isExpired(expiresAt, NOW)).toBe(expected);
  });
});
