// The dashboard home's read model and the manual reminder, on a real database.
import { hashToken } from "@/lib/infra/secrets/link-token";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/common/api-error";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { applyAgencyAction } from "@/lib/core/requests/apply-agency-action";
import { editRequest, ZEditRequestInput } from "@/lib/core/requests/edit-request";
import { sendReminderNow } from "@/lib/core/requests/send-reminder-now";
import { getDb } from "@/lib/infra/db/db";
import { getDashboardHome } from "@/lib/surfaces/dashboard/home/get-dashboard-home";
import { grantWithConnector } from "@/lib/surfaces/client-pages/grant-with-connector";
import { createSandboxConnector } from "@/lib/infra/connectors/sandbox-connector";
import { seedAccessAgency, seedAccessRequest, type TestAgency } from "@/test/support/access-fixtures";

let agency: TestAgency;
beforeAll(async () => {
  agency = await seedAccessAgency(["meta", "google"]);
});

const DAY = 24 * 3600_000;

describe("dashboard home", () => {
  it("lists open requests oldest first, finds stalled ones, and leaves closed ones out", async () => {
    const db = await getDb();
    const old = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    const fresh = await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } });
    const closed = await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } });
    await cancelRequest({ agencyId: agency.agencyId, id: closed.requestId });
    // a preview copy ("Preview as client") is open but never listed
    await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } }, { isDemo: true });
    // The old one was created, and last heard of, five days ago.
    const fiveDaysAgo = new Date(Date.now() - 5 * DAY);
    await db.accessRequest.update({ where: { id: old.requestId }, data: { createdAt: fiveDaysAgo } });
    await db.event.updateMany({ where: { requestId: old.requestId }, data: { createdAt: fiveDaysAgo } });

    const home = await getDashboardHome({ agencyId: agency.agencyId });
    expect(home.waiting.total).toBe(2);
    expect(home.waiting.oldest.map((r) => r.id)).toEqual([old.requestId, fresh.requestId]);
    expect(home.waiting.oldest[0]).toMatchObject({
      clientName: "Ana Client",
      status: "pending",
      progress: { done: 0, total: 1 },
    });
    expect(home.stalled.map((r) => r.id)).toEqual([old.requestId]);
    // cancelled through the API (no team member): credited to the API
    expect(home.recent.map((e) => e.text)).toContain("Ana Client: The API cancelled the request");
    // every line names its client; a grant attempt's report is not activity
    expect(home.recent.filter((e) => e.clientName && !e.text.includes(e.clientName))).toEqual([]);
    expect(home.recent.filter((e) => /grant attempt/.test(e.text))).toEqual([]);
    expect(home.usage.clients.used).toBeGreaterThanOrEqual(3);
  });

  it("reads a reopened request as asking for more access, naming the client", async () => {
    const r = await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } });
    const links = [{ internalAccountId: agency.accounts.google! }];
    await applyAgencyAction({
      agencyId: agency.agencyId,
      input: { requestId: r.requestId, kind: "mark_granted", serviceId: "google_analytics" },
    });
    await editRequest({
      agencyId: agency.agencyId,
      input: ZEditRequestInput.parse({
        requestId: r.requestId,
        requestedServices: {
          google_analytics: { accessLevel: "viewer", requestedAccountLinks: links },
          google_tag_manager: { accessLevel: "read", requestedAccountLinks: links },
        },
      }),
    });
    const home = await getDashboardHome({ agencyId: agency.agencyId });
    expect(home.recent.map((e) => e.text)).toContain("Ana Client: The API reopened the request to ask for more access");
  });

  it("shows failed grants of the week in plain language", async () => {
    const { token } = await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } });
    const db = await getDb();
    const request = await db.accessRequest.findFirstOrThrow({ where: { inviteTokenHash: hashToken(token) } });
    const session = await db.grantSession.create({
      data: {
        agencyId: agency.agencyId,
        requestId: request.id,
        serviceId: "google_analytics",
        nonce: crypto.randomUUID(),
        expiresAt: new Date(Date.now() + 600_000),
        usedAt: new Date(),
      },
    });
    const { encryptText } = await import("@/lib/infra/secrets/crypto");
    const { loadSecrets } = await import("@/lib/infra/secrets/secrets");
    await db.grantSession.update({
      where: { id: session.id },
      data: { accessToken: encryptText("sandbox-token:google:fail", loadSecrets().encryptionKey) },
    });
    await grantWithConnector({
      token,
      serviceId: "google_analytics",
      sessionId: session.id,
      assetIds: ["google_analytics_1001"],
      connector: createSandboxConnector("google"),
    });

    const home = await getDashboardHome({ agencyId: agency.agencyId });
    expect(home.failedGrants.length).toBeGreaterThan(0);
    expect(home.failedGrants[0]!.text).toMatch(/^(Granting Google Analytics failed|Google grant attempt failed)/);
    expect(home.failedGrants[0]!.tone).toBe("bad");
  });
});

describe("send reminder now", () => {
  it("queues a reminder email to the client, once an hour at most, only for open requests", async () => {
    const db = await getDb();
    const { requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    const { sentAt } = await sendReminderNow({ agencyId: agency.agencyId, requestId });
    const emails = await db.email.findMany({ where: { requestId, kind: "reminder" } });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe("ana@client.test");
    expect(typeof sentAt).toBe("string");

    const again = await sendReminderNow({ agencyId: agency.agencyId, requestId }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).code).toBe("CONFLICT");
    // the dashboard words the last reminder's time itself: the message carries no timestamp
    expect((again as ApiError).message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const later = await sendReminderNow({
      agencyId: agency.agencyId,
      requestId,
      now: new Date(Date.now() + 2 * 3600_000),
    });
    expect(later.sentAt).toBeTruthy();
    expect(
      (await getDashboardHome({ agencyId: agency.agencyId })).waiting.oldest.find((r) => r.id === requestId)!
        .lastReminderAt,
    ).not.toBeNull();

    await cancelRequest({ agencyId: agency.agencyId, id: requestId });
    const closed = await sendReminderNow({
      agencyId: agency.agencyId,
      requestId,
      now: new Date(Date.now() + 4 * 3600_000),
    }).catch((e: unknown) => e);
    expect((closed as ApiError).code).toBe("INVALID_STATE");
    const foreign = await sendReminderNow({ agencyId: crypto.randomUUID(), requestId }).catch((e: unknown) => e);
    expect((foreign as ApiError).code).toBe("NOT_FOUND");
  });
});
