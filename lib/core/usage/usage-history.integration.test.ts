// Daily usage for the chart: UTC day buckets, clients and prospects apart, demo requests
// and other agencies left out, every day of the window present.
import { describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { fillDays, historyStart, usageHistory } from "@/lib/core/usage/usage-history";

describe("fillDays and historyStart", () => {
  it("starts on the first of the month two months back, across a year boundary", () => {
    expect(historyStart(new Date("2026-02-15T10:00:00Z"), 2).toISOString()).toBe("2025-12-01T00:00:00.000Z");
    expect(historyStart(new Date("2026-05-01T00:00:00Z"), 0).toISOString()).toBe("2026-05-01T00:00:00.000Z");
  });

  it("lists every day up to now with zeros, and adds counts to their day", () => {
    const days = fillDays(new Date("2026-01-30T00:00:00Z"), new Date("2026-02-02T23:59:00Z"), [
      { day: "2026-01-31", prospect: false, count: 2 },
      { day: "2026-01-31", prospect: true, count: 1 },
      { day: "2026-02-02", prospect: true, count: 4 },
      { day: "2025-12-01", prospect: false, count: 9 },
    ]);
    expect(days).toEqual([
      { date: "2026-01-30", clients: 0, prospects: 0 },
      { date: "2026-01-31", clients: 2, prospects: 1 },
      { date: "2026-02-01", clients: 0, prospects: 0 },
      { date: "2026-02-02", clients: 0, prospects: 4 },
    ]);
  });
});

describe("usageHistory", () => {
  it("counts non-demo requests per UTC day, clients and prospects apart", async () => {
    const agency = await createAgency({ name: "History Co", plan: "agency" });
    const other = await createAgency({ name: "Other Co", plan: "agency" });
    const mk = async (agencyId: string, isProspect: boolean) =>
      createClient({ agencyId, input: ZCreateClientBody.parse({ name: "C", email: "c@example.com" }), isProspect });
    const client = await mk(agency.id, false);
    const prospect = await mk(agency.id, true);
    const foreign = await mk(other.id, false);
    const body = (clientId: string) => ZCreateRequestBody.parse({ clientId, requestedServices: { meta_pixel: {} } });
    const at = (iso: string) => new Date(iso);
    await createRequest({
      agencyId: agency.id,
      input: body(client.id),
      source: "dashboard",
      now: at("2026-03-10T23:30:00Z"),
    });
    await createRequest({
      agencyId: agency.id,
      input: body(client.id),
      source: "api",
      now: at("2026-03-10T00:10:00Z"),
    });
    await createRequest({
      agencyId: agency.id,
      input: body(prospect.id),
      source: "static_link",
      now: at("2026-03-10T12:00:00Z"),
    });
    await createRequest({
      agencyId: agency.id,
      input: body(prospect.id),
      source: "static_link",
      now: at("2026-04-02T12:00:00Z"),
    });
    await createRequest({
      agencyId: agency.id,
      input: body(client.id),
      source: "dashboard",
      isDemo: true,
      now: at("2026-03-10T12:00:00Z"),
    });
    await createRequest({
      agencyId: other.id,
      input: body(foreign.id),
      source: "api",
      now: at("2026-03-10T12:00:00Z"),
    });
    // before the window
    await createRequest({
      agencyId: agency.id,
      input: body(client.id),
      source: "api",
      now: at("2026-01-31T23:59:00Z"),
    });

    const history = await usageHistory({ agencyId: agency.id, now: at("2026-04-05T08:00:00Z") });
    expect(history.from).toBe("2026-02-01T00:00:00.000Z");
    expect(history.days).toHaveLength(28 + 31 + 5);
    expect(history.days[0]!.date).toBe("2026-02-01");
    expect(history.days.at(-1)!.date).toBe("2026-04-05");
    const nonZero = history.days.filter((d) => d.clients || d.prospects);
    expect(nonZero).toEqual([
      { date: "2026-03-10", clients: 2, prospects: 1 },
      { date: "2026-04-02", clients: 0, prospects: 1 },
    ]);
  });
});
