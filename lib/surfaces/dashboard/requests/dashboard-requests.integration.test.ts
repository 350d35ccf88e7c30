// The dashboard's request reads and agency actions against a real database: newest-first
// list with search, status filter and cursor; demo requests kept out; the detail's
// progress, awaiting-confirmation flag, intake answers and event timeline; and each agency
// action's state version and events (the same domain path as the API).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { ApiError } from "@/lib/core/common/api-error";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { listRequests } from "@/lib/core/requests/list-requests";
import {
  listRequestsForDashboard,
  ZDashboardRequestsQuery,
} from "@/lib/surfaces/dashboard/requests/list-requests-for-dashboard";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { applyAgencyAction, ZAgencyRequestAction } from "@/lib/core/requests/apply-agency-action";
import { listClientsForDashboard, ZDashboardClientsQuery } from "@/lib/surfaces/dashboard/clients-query";
import { getClientForDashboard } from "@/lib/surfaces/dashboard/get-client-for-dashboard";

let agencyId: string;
let otherAgencyId: string;
let googleAccount: string;
let hubspotAccount: string;
const clients: Record<string, string> = {};

async function newRequest(
  clientKey: string,
  services: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  isDemo = false,
) {
  return createRequest({
    agencyId,
    input: ZCreateRequestBody.parse({ clientId: clients[clientKey], requestedServices: services, ...extra }),
    source: "dashboard",
    isDemo,
  });
}

async function eventTypes(requestId: string) {
  const rows = await (
    await getDb()
  ).event.findMany({ where: { requestId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => r.type);
}

beforeAll(async () => {
  agencyId = (await createAgency({ name: "Dash Agency" })).id;
  otherAgencyId = (await createAgency({ name: "Other Agency" })).id;
  googleAccount = (await connectAccount({ agencyId, platform: "google" })).internalAccountId;
  hubspotAccount = (await connectAccount({ agencyId, platform: "hubspot" })).internalAccountId;
  for (const [key, body] of Object.entries({
    alice: { name: "Alice Anders", email: "alice@acme.test", company: "Acme", externalClientId: "CRM-1" },
    bob: { name: "Bob Berg", email: "bob@bolt.test", company: "Bolt" },
  })) {
    clients[key] = (await createClient({ agencyId, input: ZCreateClientBody.parse(body) })).id;
  }
  clients.prospect = (
    await createClient({
      agencyId,
      input: ZCreateClientBody.parse({ name: "Pat Prospect", email: "pat@p.test" }),
      isProspect: true,
    })
  ).id;
});

describe("listRequestsForDashboard", () => {
  it("lists newest first with search, status filter, cursor, and no demos", async () => {
    const google = {
      google_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: googleAccount }] },
    };
    const r1 = await newRequest("alice", google);
    const r2 = await newRequest("bob", google);
    const r3 = await newRequest("alice", google);
    const demo = await newRequest("alice", google, {}, true);
    await applyAgencyAction({ agencyId, input: { requestId: r2.id, kind: "cancel" } });

    const all = await listRequestsForDashboard({ agencyId, query: ZDashboardRequestsQuery.parse({}) });
    const ids = all.data.map((r) => r.id);
    expect(ids).toEqual([r3.id, r2.id, r1.id]);
    expect(ids).not.toContain(demo.id);
    expect(all.data[0]).toMatchObject({
      client: { name: "Alice Anders", email: "alice@acme.test" },
      progress: { done: 0, total: 1 },
      status: "pending",
    });
    expect(all.data[0]!.services[0]).toMatchObject({
      name: "Google Ads",
      platformName: "Google",
      awaitingConfirmation: false,
    });

    for (const q of ["alice", "ACME", "crm-1", "alice@acme"]) {
      const found = await listRequestsForDashboard({ agencyId, query: ZDashboardRequestsQuery.parse({ search: q }) });
      expect(found.data.map((r) => r.id)).toEqual([r3.id, r1.id]);
    }
    const cancelled = await listRequestsForDashboard({
      agencyId,
      query: ZDashboardRequestsQuery.parse({ status: "cancelled" }),
    });
    expect(cancelled.data.map((r) => r.id)).toEqual([r2.id]);

    const p1 = await listRequestsForDashboard({ agencyId, query: ZDashboardRequestsQuery.parse({ limit: "2" }) });
    expect(p1.data.map((r) => r.id)).toEqual([r3.id, r2.id]);
    expect(p1.nextCursor).toBeTruthy();
    const p2 = await listRequestsForDashboard({
      agencyId,
      query: ZDashboardRequestsQuery.parse({ limit: "2", cursor: p1.nextCursor }),
    });
    expect(p2.data.map((r) => r.id)).toEqual([r1.id]);
    expect(p2.nextCursor).toBeNull();
    // a cursor is bound to its filters
    await expect(
      listRequestsForDashboard({
        agencyId,
        query: ZDashboardRequestsQuery.parse({ limit: "2", cursor: p1.nextCursor, search: "bob" }),
      }),
    ).rejects.toBeInstanceOf(ApiError);

    // the API list never shows the demo either, and the other agency sees nothing
    const api = await listRequests({ agencyId, query: { limit: 100 } });
    expect(api.data.map((r) => r.id)).not.toContain(demo.id);
    expect(
      (await listRequestsForDashboard({ agencyId: otherAgencyId, query: ZDashboardRequestsQuery.parse({}) })).data,
    ).toEqual([]);
  });

  it("writes no events and counts no usage for a demo request", async () => {
    const db = await getDb();
    const usageBefore = await db.usageCounter.aggregate({ where: { agencyId }, _sum: { used: true } });
    const demo = await newRequest(
      "bob",
      { google_ads: { accessLevel: "standard", requestedAccountLinks: [{ internalAccountId: googleAccount }] } },
      {},
      true,
    );
    expect(await eventTypes(demo.id)).toEqual([]);
    const usageAfter = await db.usageCounter.aggregate({ where: { agencyId }, _sum: { used: true } });
    expect(usageAfter._sum.used).toBe(usageBefore._sum.used);
    await expect(getRequestForDashboard({ agencyId, id: demo.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("agency actions and the detail view", () => {
  it("mark, unmark, confirm invite and cancel record the API's events", async () => {
    const r = await newRequest("bob", {
      google_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: googleAccount }] },
      hubspot_portal: { accessLevel: "standard", requestedAccountLinks: [{ internalAccountId: hubspotAccount }] },
    });
    expect(r.stateVersion).toBe(1);

    let after = await applyAgencyAction({
      agencyId,
      input: ZAgencyRequestAction.parse({ requestId: r.id, kind: "mark_granted", serviceId: "google_ads" }),
    });
    expect(after).toMatchObject({ status: "in_progress", stateVersion: 2 });

    // a client-sent invite waiting for confirmation (set through the client's action)
    after = await applyAgencyAction({
      agencyId,
      input: { requestId: r.id, kind: "unmark_granted", serviceId: "google_ads" },
    });
    expect(after.stateVersion).toBe(3);
    expect(after.services.find((s) => s.service === "google_ads")?.status).toBe("pending");

    await applyRequestAction({
      requestId: r.id,
      action: { kind: "invite_sent", serviceId: "google_ads" },
    });
    let detail = await getRequestForDashboard({ agencyId, id: r.id });
    expect(detail.request.services.find((s) => s.service === "google_ads")?.awaitingConfirmation).toBe(true);

    after = await applyAgencyAction({
      agencyId,
      input: { requestId: r.id, kind: "confirm_invite", serviceId: "google_ads" },
    });
    expect(after.services.find((s) => s.service === "google_ads")?.status).toBe("granted");
    after = await applyAgencyAction({
      agencyId,
      input: { requestId: r.id, kind: "mark_granted", serviceId: "hubspot_portal" },
    });
    expect(after.status).toBe("completed");
    const completedVersion = after.stateVersion;
    // the old way of reopening a completed request is gone (the request editor does it); unmarking a grant still reopens it
    expect(ZAgencyRequestAction.safeParse({ requestId: r.id, kind: "request_more_access" }).success).toBe(false);
    after = await applyAgencyAction({
      agencyId,
      input: { requestId: r.id, kind: "unmark_granted", serviceId: "hubspot_portal" },
    });
    expect(after).toMatchObject({ status: "in_progress", completedAt: null });
    expect(after.stateVersion).toBe(completedVersion + 1);

    after = await applyAgencyAction({ agencyId, input: { requestId: r.id, kind: "cancel" } });
    expect(after.status).toBe("cancelled");
    await expect(
      applyAgencyAction({ agencyId, input: { requestId: r.id, kind: "mark_granted", serviceId: "google_ads" } }),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });

    const expected = [
      "request.created",
      "service.granted",
      "request.updated",
      "request.updated",
      "service.granted",
      "service.granted",
      "request.completed",
      "request.updated",
      "request.cancelled",
    ];
    expect((await eventTypes(r.id)).sort()).toEqual([...expected].sort());
    detail = await getRequestForDashboard({ agencyId, id: r.id });
    // the timeline shows them in the order they were recorded
    expect(detail.timeline.map((e) => e.type)).toEqual(expected);
    expect(detail.timeline[0]).toMatchObject({ stateVersion: 1, status: "pending" });
    expect(detail.timeline[1]).toMatchObject({ type: "service.granted", service: "google_ads" });
    expect(detail.request.progress).toEqual({ done: 1, total: 2 });
  });

  it("refuses another agency's request and actions it does not know", async () => {
    const r = await newRequest("alice", {
      google_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: googleAccount }] },
    });
    await expect(
      applyAgencyAction({ agencyId: otherAgencyId, input: { requestId: r.id, kind: "cancel" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getRequestForDashboard({ agencyId: otherAgencyId, id: r.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(ZAgencyRequestAction.safeParse({ requestId: r.id, kind: "mark_granted" }).success).toBe(false);
    expect(ZAgencyRequestAction.safeParse({ requestId: r.id, kind: "expire" }).success).toBe(false);
  });

  it("shows the client's intake answers", async () => {
    const db = await getDb();
    await db.agency.update({ where: { id: agencyId }, data: { intakeFormEnabled: true } });
    const q = await db.intakeQuestion.create({ data: { agencyId, type: "text", label: "Your website?", position: 0 } });
    const r = await newRequest("alice", {}, { intakeForm: { requested: true } });
    await db.intakeAnswer.create({
      data: {
        agencyId,
        requestId: r.id,
        questionId: q.id,
        questionLabel: q.label,
        questionType: q.type,
        value: "acme.test",
      },
    });
    const detail = await getRequestForDashboard({ agencyId, id: r.id });
    expect(detail.intakeAnswers).toEqual([expect.objectContaining({ label: "Your website?", value: "acme.test" })]);
    expect(detail.request.progress).toEqual({ done: 0, total: 1 });
  });
});

describe("dashboard clients", () => {
  it("searches name, email, company and externalClientId, with prospects apart", async () => {
    const search = async (s: string, prospects?: "0" | "1") =>
      (
        await listClientsForDashboard({ agencyId, query: ZDashboardClientsQuery.parse({ search: s, prospects }) })
      ).data.map((c) => c.name);
    expect(await search("alice")).toEqual(["Alice Anders"]);
    expect(await search("BOLT")).toEqual(["Bob Berg"]);
    expect(await search("CRM-1")).toEqual(["Alice Anders"]);
    expect(await search("@", "0")).toEqual(["Alice Anders", "Bob Berg"]);
    expect(await search("", "1")).toEqual(["Pat Prospect"]);
    const c = await getClientForDashboard({ agencyId, id: clients.alice! });
    expect(c).toMatchObject({ isProspect: false, externalClientId: "CRM-1" });
    expect(c.requestCount).toBeGreaterThan(0);
    await expect(getClientForDashboard({ agencyId: otherAgencyId, id: clients.alice! })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
