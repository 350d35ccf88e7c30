// A one-click service whose platform is neither configured nor in the sandbox: the client
// page offers no grant button but says the agency must finish the setup (in the client's
// language), and the agency hears of it: a dashboard notice and one email a day to owners.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { createUser } from "@/lib/core/users/create-user";
import { listPlatformSetupNotices } from "@/lib/core/agencies/note-platform-setup-needed";
import { loadAccessPage } from "@/lib/surfaces/access/load-access-page";
import { seedAccessAgency, seedAccessRequest, type TestAgency } from "@/test/support/access-fixtures";

const saved = process.env.SANDBOX_PLATFORMS;
let agency: TestAgency;

beforeAll(async () => {
  // Google keeps the sandbox; Meta has no credentials here, so it is unconfigured.
  process.env.SANDBOX_PLATFORMS = "google";
  resetEnvCache();
  agency = await seedAccessAgency();
  await createUser({ agencyId: agency.agencyId, email: `owner-${agency.agencyId.slice(0, 8)}@agency.test`, password: "correct horse battery staple", role: "owner" });
});
afterAll(() => {
  if (saved === undefined) delete process.env.SANDBOX_PLATFORMS;
  else process.env.SANDBOX_PLATFORMS = saved;
  resetEnvCache();
});

describe("platforms that are not set up", () => {
  it("offers no grant for an unconfigured platform, tells the client why, and keeps the sandbox platform working", async () => {
    const { token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" }, google_analytics: { accessLevel: "viewer" } }, { language: "Spanish" });
    const page = (await loadAccessPage({ token }))!;
    const meta = page.platforms.find((p) => p.platform === "meta")!.services[0]!;
    const google = page.platforms.find((p) => p.platform === "google")!.services[0]!;
    expect(meta.setupPending).toBe(true);
    expect(meta.actions.grant).toBe(false);
    expect(google.setupPending).toBe(false);
    expect(google.actions.grant).toBe(true);
  });

  it("records a dashboard notice and emails the owners once a day per platform", async () => {
    const db = await getDb();
    const { token } = await seedAccessRequest(agency, { meta_page: { accessLevel: "advertiser" } });
    const before = await db.email.count({ where: { agencyId: agency.agencyId, kind: "platform_setup" } });
    await loadAccessPage({ token });
    await loadAccessPage({ token });
    const emails = await db.email.findMany({ where: { agencyId: agency.agencyId, kind: "platform_setup" } });
    // the first test's page load already sent today's email for Meta
    expect(before).toBe(1);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("A client is waiting for Meta to be set up");
    const notices = await listPlatformSetupNotices({ agencyId: agency.agencyId });
    expect(notices.map((n) => n.platform)).toEqual(["meta"]);

    // a day later the owners are reminded once more
    await db.platformSetupNotice.updateMany({ where: { agencyId: agency.agencyId }, data: { lastEmailedAt: new Date(Date.now() - 25 * 3600_000) } });
    await loadAccessPage({ token });
    expect(await db.email.count({ where: { agencyId: agency.agencyId, kind: "platform_setup" } })).toBe(2);
  });
});
