// How the invite page loads: one statement per view (the request, its services, their
// accounts and the intake questions), the agency's branding from memory, nothing written on a
// plain view, and a branding change seen on the next view: at once on the instance that made
// it, and on the others when the brandingChanged notification arrives.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { CHANNELS, listen, notify } from "@/lib/infra/db/notifications";
import { forgetBranding } from "@/lib/core/agencies/branding-cache";
import { updateBranding } from "@/lib/core/agencies/update-branding";
import { loadAccessPage } from "@/lib/surfaces/access/load-access-page";
import { seedAccessAgency, seedAccessRequest, type TestAgency } from "@/test/support/access-fixtures";

const saved = process.env.SANDBOX_PLATFORMS;
let agency: TestAgency;
let stopListening: () => void;
let heard = 0;

beforeAll(async () => {
  // every platform of the request is usable here: a plain view
  process.env.SANDBOX_PLATFORMS = "meta,google";
  resetEnvCache();
  agency = await seedAccessAgency(["meta", "google"]);
  // as boot does on PostgreSQL: another instance's branding change empties this one's cache
  stopListening = await listen(CHANNELS.brandingChanged, () => {
    forgetBranding();
    heard++;
  });
});
afterAll(() => {
  stopListening?.();
  if (saved === undefined) delete process.env.SANDBOX_PLATFORMS;
  else process.env.SANDBOX_PLATFORMS = saved;
  resetEnvCache();
});

/** The next transaction id the database will hand out: only a write takes one. */
async function nextXid(): Promise<bigint> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ xmax: string }[]>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS "xmax"`;
  return BigInt(row!.xmax);
}

describe("the invite page's load", () => {
  it("reads the request, its services, accounts and intake questions in one statement once the branding is cached", async () => {
    const db = await getDb();
    await db.agency.update({ where: { id: agency.agencyId }, data: { intakeFormEnabled: true } });
    await db.intakeQuestion.create({ data: { agencyId: agency.agencyId, position: 1, type: "single_choice", label: "Budget", required: true, options: ["Low", "High"] } });
    await db.intakeQuestion.create({ data: { agencyId: agency.agencyId, position: 2, type: "text", label: "Gone", required: false, options: [], archivedAt: new Date() } });
    const { token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" }, google_analytics: { accessLevel: "viewer" } }, { intake: true });
    const first = (await loadAccessPage({ token }))!;
    expect(first.agency.name).toMatch(/^Access Agency/);
    expect(first.platforms.map((p) => p.platform)).toEqual(["meta", "google"]);
    expect(first.platforms[0]!.services[0]!.accounts[0]).toContain("meta@agency.test");
    expect(first.intake?.questions.map((q) => [q.label, q.type, q.options])).toEqual([["Budget", "single_choice", ["Low", "High"]]]);
    const raw = vi.spyOn(db, "$queryRaw");
    const agencyRead = vi.spyOn(db.agency, "findUnique");
    try {
      const again = (await loadAccessPage({ token }))!;
      expect(again).toEqual(first);
      expect(raw).toHaveBeenCalledTimes(1);
      expect(agencyRead).not.toHaveBeenCalled();
    } finally {
      raw.mockRestore();
      agencyRead.mockRestore();
    }
  });

  it("writes nothing on a plain view", async () => {
    const { token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    await loadAccessPage({ token });
    const before = await nextXid();
    for (let i = 0; i < 3; i++) expect((await loadAccessPage({ token }))?.open).toBe(true);
    expect(await nextXid()).toBe(before);
  });

  it("shows a branding change on the next view, and another instance's change once it is notified", async () => {
    const { token } = await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } });
    await loadAccessPage({ token });
    const heardBefore = heard;
    await updateBranding({ agencyId: agency.agencyId, input: { name: "Renamed Agency", accentColor: "#112233" } });
    // seen at once on this instance, before its own notification comes back
    const renamed = (await loadAccessPage({ token }))!;
    expect(renamed.agency.name).toBe("Renamed Agency");
    expect(renamed.agency.logoUrl).toBeNull();
    await vi.waitFor(() => expect(heard).toBe(heardBefore + 1), { timeout: 5000, interval: 20 });
    await loadAccessPage({ token });

    // another instance writes the row and notifies: until the notification, this one shows its cached copy
    const db = await getDb();
    await db.agency.update({ where: { id: agency.agencyId }, data: { name: "Elsewhere Agency" } });
    expect((await loadAccessPage({ token }))!.agency.name).toBe("Renamed Agency");
    await notify(db, CHANNELS.brandingChanged);
    await vi.waitFor(async () => expect((await loadAccessPage({ token }))!.agency.name).toBe("Elsewhere Agency"), { timeout: 5000, interval: 50 });
  });
});
