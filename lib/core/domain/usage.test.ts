import { describe, expect, it } from "vitest";
import { PLAN_DEFAULTS, decideUsage, usagePeriod, usageView, type UsageDecisionInput } from "@/lib/core/domain/usage";

describe("usagePeriod", () => {
  it.each([
    ["mid-month", "2026-05-17T08:30:00.000Z", "2026-05", "2026-05-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z"],
    [
      "first instant of a month",
      "2026-05-01T00:00:00.000Z",
      "2026-05",
      "2026-05-01T00:00:00.000Z",
      "2026-06-01T00:00:00.000Z",
    ],
    [
      "last instant of a month",
      "2026-05-31T23:59:59.999Z",
      "2026-05",
      "2026-05-01T00:00:00.000Z",
      "2026-06-01T00:00:00.000Z",
    ],
    [
      "December rolls into January",
      "2026-12-31T23:59:59.999Z",
      "2026-12",
      "2026-12-01T00:00:00.000Z",
      "2027-01-01T00:00:00.000Z",
    ],
    ["January", "2027-01-01T00:00:00.000Z", "2027-01", "2027-01-01T00:00:00.000Z", "2027-02-01T00:00:00.000Z"],
    ["leap February", "2028-02-29T12:00:00.000Z", "2028-02", "2028-02-01T00:00:00.000Z", "2028-03-01T00:00:00.000Z"],
    ["plain February", "2027-02-28T23:59:59.999Z", "2027-02", "2027-02-01T00:00:00.000Z", "2027-03-01T00:00:00.000Z"],
  ])("%s", (_label, now, key, start, end) => {
    const period = usagePeriod(new Date(now));
    expect(period.key).toBe(key);
    expect(period.start.toISOString()).toBe(start);
    expect(period.end.toISOString()).toBe(end);
  });

  it("uses UTC, not the local time zone, for an instant that is another month elsewhere", () => {
    // 23:30 UTC on 30 April is already May east of UTC.
    expect(usagePeriod(new Date("2026-04-30T23:30:00.000Z")).key).toBe("2026-04");
  });
});

describe("decideUsage", () => {
  const base: UsageDecisionInput = { kind: "client", used: 0, limit: 10, overageEnabled: false, included: null };

  it.each<[string, Partial<UsageDecisionInput>, ReturnType<typeof decideUsage>]>([
    ["client below the limit", { used: 9 }, { allowed: true, billable: false }],
    ["client at the limit", { used: 10 }, { allowed: false }],
    ["client over the limit", { used: 11 }, { allowed: false }],
    ["client with no limit", { used: 10_000, limit: null }, { allowed: true, billable: false }],
    ["client with a zero limit", { used: 0, limit: 0 }, { allowed: false }],
    ["overage: below included", { overageEnabled: true, included: 10, used: 9 }, { allowed: true, billable: false }],
    ["overage: at included", { overageEnabled: true, included: 10, used: 10 }, { allowed: true, billable: true }],
    [
      "overage: past the limit is still allowed",
      { overageEnabled: true, included: 10, used: 500 },
      { allowed: true, billable: true },
    ],
    [
      "overage: included null bills past the client limit",
      { overageEnabled: true, included: null, used: 10 },
      { allowed: true, billable: true },
    ],
    [
      "overage: included null within the client limit",
      { overageEnabled: true, included: null, used: 9 },
      { allowed: true, billable: false },
    ],
    [
      "overage: included null and no limit bills nothing",
      { overageEnabled: true, included: null, limit: null, used: 500 },
      { allowed: true, billable: false },
    ],
    [
      "overage: included zero bills the first",
      { overageEnabled: true, included: 0, used: 0 },
      { allowed: true, billable: true },
    ],
    ["prospect below the limit", { kind: "prospect", used: 9 }, { allowed: true, billable: false }],
    ["prospect at the limit", { kind: "prospect", used: 10 }, { allowed: false }],
    [
      "prospect at the limit with overage on",
      { kind: "prospect", used: 10, overageEnabled: true, included: 0 },
      { allowed: false },
    ],
    ["prospect with no limit", { kind: "prospect", used: 10_000, limit: null }, { allowed: true, billable: false }],
  ])("%s", (_label, patch, expected) => {
    expect(decideUsage({ ...base, ...patch })).toEqual(expected);
  });
});

describe("usageView", () => {
  const input = {
    plan: "pro",
    billingPeriod: "monthly",
    trial: false,
    apiAccess: true,
    clientLimit: 100,
    prospectLimit: null,
    overageEnabled: false,
    overageIncluded: null,
    clientsUsed: 42,
    prospectsUsed: 7,
    billableUnits: 0,
    now: new Date("2026-12-10T09:00:00.000Z"),
  };

  it("returns the spec's Usage object", () => {
    expect(usageView(input)).toEqual({
      plan: "pro",
      billingPeriod: "monthly",
      trial: false,
      apiAccess: true,
      countingMode: "access_links",
      period: { start: "2026-12-01T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z", timezone: "UTC" },
      clients: { used: 42, limit: 100, remaining: 58 },
      prospects: { used: 7, limit: null, remaining: null },
      overage: { enabled: false, included: null, billableUnits: 0 },
    });
  });

  it("never reports negative remaining", () => {
    const view = usageView({
      ...input,
      clientsUsed: 130,
      overageEnabled: true,
      overageIncluded: 100,
      billableUnits: 30,
    });
    expect(view.clients).toEqual({ used: 130, limit: 100, remaining: 0 });
    expect(view.overage).toEqual({ enabled: true, included: 100, billableUnits: 30 });
  });

  it("shows the client limit as included when overage is on and included is unset, as the billing rule applies it", () => {
    expect(usageView({ ...input, overageEnabled: true, overageIncluded: null }).overage).toEqual({
      enabled: true,
      included: 100,
      billableUnits: 0,
    });
    expect(usageView({ ...input, clientLimit: null, overageEnabled: true, overageIncluded: null }).overage).toEqual({
      enabled: true,
      included: null,
      billableUnits: 0,
    });
  });

  it("passes null plan and billing period through", () => {
    const view = usageView({ ...input, plan: null, billingPeriod: null, trial: true });
    expect(view).toMatchObject({ plan: null, billingPeriod: null, trial: true });
  });
});

describe("PLAN_DEFAULTS", () => {
  it("holds the allowance of each plan", () => {
    expect(PLAN_DEFAULTS).toEqual({
      trial: { clientLimit: 10, prospectLimit: 10, apiAccess: true, overageAvailable: false },
      starter: { clientLimit: 25, prospectLimit: 25, apiAccess: false, overageAvailable: false },
      pro: { clientLimit: 100, prospectLimit: 100, apiAccess: true, overageAvailable: false },
      agency: { clientLimit: null, prospectLimit: null, apiAccess: true, overageAvailable: true },
    });
  });
});
