// The invite page, which every client of every agency opens, reads everything it shows in
// one SQL statement: the request, client and agency, the services, the agency accounts they
// name, the intake questions and the platform setup notices. A plain view writes nothing.
// A colleague's forwarded link still opens through the relational load.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { seedAccessAgency, seedAccessRequest, type TestAgency } from "@/test/support/access-fixtures";

const saved = process.env.SANDBOX_PLATFORMS;
let agency: TestAgency;

beforeAll(async () => {
  // Google in the sandbox; Meta has no credentials here, so its services wait for setup
  process.env.SANDBOX_PLATFORMS = "google";
  resetEnvCache();
  agency = await seedAccessAgency(["meta", "google"]);
  const db = await getDb();
  await db.agency.update({ where: { id: agency.agencyId }, data: { intakeFormEnabled: true } });
  await db.intakeQuestion.create({
    data: {
      agencyId: agency.agencyId,
      position: 1,
      type: "single_choice",
      label: "Monthly budget?",
      required: true,
      options: ["Low", "High"],
      translations: { Spanish: { label: "¿Presupuesto mensual?", options: ["Bajo", "Alto"] } },
    },
  });
  await db.intakeQuestion.create({
    data: { agencyId: agency.agencyId, position: 0, type: "text", label: "Website?", required: false, options: [] },
  });
  await db.intakeQuestion.create({
    data: {
      agencyId: agency.agencyId,
      position: 2,
      type: "text",
      label: "Archived",
      options: [],
      archivedAt: new Date(),
    },
  });
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  if (saved === undefined) delete process.env.SANDBOX_PLATFORMS;
  else process.env.SANDBOX_PLATFORMS = saved;
  resetEnvCache();
});

describe("the invite page's load", () => {
  it("is one statement with every part of the page, in the client's language, and a repeated view writes nothing", async () => {
    const { token } = await seedAccessRequest(
      agency,
      { google_analytics: { accessLevel: "viewer" }, meta_ads: { accessLevel: "advertiser", optional: true } },
      { language: "Spanish", intake: true },
    );
    // the first view records the Meta setup notice; the next ones find it fresh
    await loadAccessPage({ token });

    const db = await getDb();
    const raw = vi.spyOn(db, "$queryRaw");
    const reads = [
      vi.spyOn(db.accessRequest, "findUnique"),
      vi.spyOn(db.connectedAccount, "findMany"),
      vi.spyOn(db.intakeQuestion, "findMany"),
      vi.spyOn(db.platformSetupNotice, "findMany"),
    ];
    const writes = [vi.spyOn(db.platformSetupNotice, "upsert"), vi.spyOn(db.platformSetupNotice, "updateMany")];
    const page = (await loadAccessPage({ token }))!;
    expect(raw).toHaveBeenCalledTimes(1);
    for (const spy of [...reads, ...writes]) expect(spy).not.toHaveBeenCalled();

    expect(page.locale).toBe("es");
    expect(page.agency.name).toMatch(/^Access Agency /);
    expect(page.platforms.map((p) => p.platform)).toEqual(["google", "meta"]);
    const google = page.platforms[0]!.services[0]!;
    expect(google.accounts).toEqual([expect.stringContaining("google@agency.test")]);
    expect(google.actions.grant).toBe(true);
    const meta = page.platforms[1]!.services[0]!;
    expect(meta.setupPending).toBe(true);
    expect(meta.optional).toBe(true);
    expect(meta.accounts).toEqual([expect.stringContaining("meta@agency.test")]);
    expect(page.intake?.questions.map((q) => q.label)).toEqual(["Website?", "¿Presupuesto mensual?"]);
    expect(page.intake?.questions[1]!.options).toEqual(["Low", "High"]);
    expect(page.intake?.questions[1]!.optionLabels).toEqual(["Bajo", "Alto"]);
    expect(page.progress).toEqual({ done: 0, total: 3 });
  });

  it("shows no questions once the request is closed, and a token it does not know reads as unknown", async () => {
    const { token, requestId } = await seedAccessRequest(
      agency,
      { google_analytics: { accessLevel: "viewer" } },
      { intake: true },
    );
    const db = await getDb();
    await db.accessRequest.update({ where: { id: requestId }, data: { status: "cancelled", cancelledAt: new Date() } });
    const page = (await loadAccessPage({ token }))!;
    expect(page.status).toBe("cancelled");
    expect(page.intake).toEqual({ complete: false, questions: [] });
    expect(await loadAccessPage({ token: "A".repeat(32) })).toBeNull();
    expect(await loadAccessPage({ token: "not a token" })).toBeNull();
  });
});
