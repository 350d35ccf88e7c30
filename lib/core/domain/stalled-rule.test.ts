// The stalled rule alone: quiet for the agency's days since the client's last activity (or
// the request's creation), told once per quiet spell, never with 0 days.
import { describe, expect, it } from "vitest";
import { stalledSince } from "@/lib/core/domain/stalled-rule";

const DAY = 24 * 60 * 60 * 1000;
const created = new Date("2026-11-24T09:00:00Z"); // a Tuesday
const at = (days: number) => new Date(created.getTime() + days * DAY);

describe("stalledSince", () => {
  const base = { createdAt: created, clientActivityAt: null, stalledNotifiedAt: null, stalledAfterDays: 2 };

  it("is the creation when the client never came, once the days have passed", () => {
    expect(stalledSince(base, at(1.99))).toBeNull();
    expect(stalledSince(base, at(2))).toEqual(created);
  });

  it("counts from the client's last activity", () => {
    const seen = { ...base, clientActivityAt: at(1) };
    expect(stalledSince(seen, at(2.5))).toBeNull();
    expect(stalledSince(seen, at(3))).toEqual(at(1));
  });

  it("is told once per quiet spell: again only after new activity", () => {
    const told = { ...base, stalledNotifiedAt: at(2) };
    expect(stalledSince(told, at(10))).toBeNull();
    const back = { ...told, clientActivityAt: at(3) };
    expect(stalledSince(back, at(4))).toBeNull();
    expect(stalledSince(back, at(5))).toEqual(at(3));
  });

  it("never, with 0 days", () => {
    expect(stalledSince({ ...base, stalledAfterDays: 0 }, at(365))).toBeNull();
  });
});
