import { describe, expect, it } from "vitest";
import { ownsService } from "@/lib/core/request-records/forward-ownership";

const to = (forwardId: string) => ({
  forwardId,
  name: "Marta",
  email: "marta@client.test",
  at: "2026-01-01T00:00:00Z",
});

describe("ownsService", () => {
  it("gives the client's link its own services only", () => {
    expect(ownsService({ forwardedTo: null })).toBe(true);
    expect(ownsService({ forwardedTo: to("f1") })).toBe(false);
  });

  it("gives a colleague's link only the services handed to that link", () => {
    expect(ownsService({ forwardedTo: to("f1") }, { id: "f1" })).toBe(true);
    expect(ownsService({ forwardedTo: to("f2") }, { id: "f1" })).toBe(false);
    // taken back: the client's again
    expect(ownsService({ forwardedTo: null }, { id: "f1" })).toBe(false);
  });
});
