import { describe, expect, it } from "vitest";
import { describeAudit, readableAddress, servicesChange } from "@/lib/surfaces/dashboard/audit/describe-audit";

describe("the audit log in words", () => {
  it("says who edited which request and what was added, instead of the action name and JSON", () => {
    const row = {
      action: "request.edited",
      changes: {
        requestId: "x",
        requestedServices: { meta_ads: { accessLevel: "advertiser" }, google_ads: { accessLevel: "standard" } },
      },
    };
    const text = describeAudit(row, {
      actor: "Ana",
      target: "the request for Maple Bakery",
      previousServices: { meta_ads: { accessLevel: "advertiser" } },
    });
    expect(text).toBe("Ana edited the request for Maple Bakery: added Google Ads (Standard)");
    expect(text).not.toMatch(/request\.edited|\{/);
  });

  it("names roles and removals, and words every action without dots or underscores", () => {
    expect(
      servicesChange({ meta_ads: { accessLevel: "admin" }, google_ads: {} }, { meta_ads: { accessLevel: "analyst" } }),
    ).toMatch(/^removed Google Ads; changed Meta Ad Account to Analyst/);
    expect(
      describeAudit(
        { action: "team.invite_created", changes: { email: "bo@x.test", role: "manager" } },
        { actor: "Ana", target: null },
      ),
    ).toBe("Ana invited bo@x.test as Manager");
    expect(describeAudit({ action: "something.new_thing", changes: {} }, { actor: "Ana", target: null })).toBe(
      "Ana something new thing",
    );
  });

  it("writes addresses for people", () => {
    expect(readableAddress("0:0:0:0::/64")).toBe("This computer (localhost)");
    expect(readableAddress("2001:db8:1:2:0:0:0:0/64")).toBe("IPv6 network 2001:db8:1:2::/64");
    expect(readableAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(readableAddress("::1")).toBe("This computer (localhost)");
    expect(readableAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(readableAddress(null)).toBe("Not recorded");
  });
});
