// A one-click service whose platform is neither configured nor in the sandbox: the client
// page offers no grant button but says the agency must finish the setup (in the client's
// language), and the agency hears of it: a dashboard notice and one email a day to owners.
// Snapchat Ads without Snapchat set up shows its Business Manager steps instead, on the
// client page and on the dashboard; with its credentials (or in the sandbox) it is one click.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { createUser } from "@/lib/core/users/create-user";
import { listPlatformSetupNotices } from "@/lib/core/agencies/note-platform-setup-needed";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { seedAccessAgency, seedAccessRequest, type TestAgency } from "@/test/support/access-fixtures";

const saved = process.env.SANDBOX_PLATFORMS;
let agency: TestAgency;

beforeAll(async () => {
  // Google keeps the sandbox; Meta has no credentials here, so it is unconfigured.
  process.env.SANDBOX_PLATFORMS = "google";
  resetEnvCache();
  agency = await seedAccessAgency();
  await createUser({
    agencyId: agency.agencyId,
    email: `owner-${agency.agencyId.slice(0, 8)}@agency.test`,
    password: "correct horse battery staple",
    role: "owner",
  });
});
afterAll(() => {
  if (saved === undefined) delete process.env.SANDBOX_PLATFORMS;
  else process.env.SANDBOX_PLATFORMS = saved;
  resetEnvCache();
});

describe("platforms that are not set up", () => {
  it("offers no grant for an unconfigured platform, tells the client why, and keeps the sandbox platform working", async () => {
    const { token } = await seedAccessRequest(
      agency,
      { meta_ads: { accessLevel: "advertiser" }, google_analytics: { accessLevel: "viewer" } },
      { language: "Spanish" },
    );
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
    await db.platformSetupNotice.updateMany({
      where: { agencyId: agency.agencyId },
      data: { lastEmailedAt: new Date(Date.now() - 25 * 3600_000) },
    });
    await loadAccessPage({ token });
    expect(await db.email.count({ where: { agencyId: agency.agencyId, kind: "platform_setup" } })).toBe(2);
  });

  it("does not rewrite a notice on every page view: last seen is kept to the minute", async () => {
    const db = await getDb();
    const { token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    const where = { agencyId: agency.agencyId, platform: "meta" };
    const recent = new Date(Date.now() - 10_000);
    await db.platformSetupNotice.updateMany({ where, data: { lastSeenAt: recent } });
    await loadAccessPage({ token });
    expect((await db.platformSetupNotice.findFirstOrThrow({ where })).lastSeenAt.getTime()).toBe(recent.getTime());
    const stale = new Date(Date.now() - 2 * 60_000);
    await db.platformSetupNotice.updateMany({ where, data: { lastSeenAt: stale } });
    await loadAccessPage({ token });
    expect((await db.platformSetupNotice.findFirstOrThrow({ where })).lastSeenAt.getTime()).toBeGreaterThan(
      Date.now() - 10_000,
    );
    // the email of the day was sent already: no more
    expect(await db.email.count({ where: { agencyId: agency.agencyId, kind: "platform_setup" } })).toBe(2);
  });

  it("Snapchat Ads: without Snapchat set up the client follows the Business Manager steps with the agency's email; live or sandboxed it is one click", async () => {
    try {
      const snapAgency = await seedAccessAgency(["snapchat"]);
      const { requestId, token } = await seedAccessRequest(
        snapAgency,
        { snapchat_ads: { accessLevel: "reports" } },
        { language: "Spanish" },
      );
      const page = (await loadAccessPage({ token }))!;
      const snap = page.platforms.find((p) => p.platform === "snapchat")!.services[0]!;
      expect(snap.flow).toBe("instructions");
      expect(snap.setupPending).toBe(false);
      expect(snap.actions.grant).toBe(false);
      expect(snap.steps).toHaveLength(4);
      expect(snap.steps[0]).toContain("Abre Snapchat Business Manager");
      expect(snap.steps[2]).toContain("snapchat@agency.test");
      // nothing for the agency to set up: no notice for Snapchat
      expect((await listPlatformSetupNotices({ agencyId: snapAgency.agencyId })).map((n) => n.platform)).toEqual([]);

      const detail = await getRequestForDashboard({ agencyId: snapAgency.agencyId, id: requestId });
      expect(detail.labels[0]!.manualSteps).toEqual([
        "Open Snapchat Business Manager (business.snapchat.com) with an account that is an admin of the organization that owns the ad account.",
        "Go to Members and click Invite Members.",
        "Enter snapchat@agency.test, choose the ad account and give it the role requested.",
        "Click Send Invite. The agency accepts the invitation, and then has access.",
      ]);

      // With its credentials Snapchat is live: a one-click grant, no steps.
      process.env.SNAPCHAT_CLIENT_ID = "snap-client-id";
      process.env.SNAPCHAT_CLIENT_SECRET = "snap-client-secret-0123";
      resetEnvCache();
      const live = (await loadAccessPage({ token }))!.platforms.find((p) => p.platform === "snapchat")!.services[0]!;
      expect(live.flow).toBe("one_click");
      expect(live.actions.grant).toBe(true);
      expect(
        (await getRequestForDashboard({ agencyId: snapAgency.agencyId, id: requestId })).labels[0]!.manualSteps,
      ).toEqual([]);

      // In the sandbox it stays a one-click grant, and the dashboard shows no steps.
      process.env.SANDBOX_PLATFORMS = "google,snapchat";
      resetEnvCache();
      const sandboxed = (await loadAccessPage({ token }))!.platforms.find((p) => p.platform === "snapchat")!
        .services[0]!;
      expect(sandboxed.flow).toBe("one_click");
      expect(sandboxed.actions.grant).toBe(true);
      expect(sandboxed.steps).toEqual([]);
      expect(
        (await getRequestForDashboard({ agencyId: snapAgency.agencyId, id: requestId })).labels[0]!.manualSteps,
      ).toEqual([]);
    } finally {
      delete process.env.SNAPCHAT_CLIENT_ID;
      delete process.env.SNAPCHAT_CLIENT_SECRET;
      process.env.SANDBOX_PLATFORMS = "google";
      resetEnvCache();
    }
  });
});
