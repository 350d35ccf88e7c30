// Access after the grant, end to end on a real database: assets granted the way the
// sandbox grant step records them (the grant over HTTP is covered by access-flow), then read back (verified, lost, cannot be checked),
// `access.lost` sent once and only to webhooks that chose it, the public API still showing
// the spec's fields, offboarding through the agency's token and the checklist, the worker's
// scheduled sweep, and the audit log with its filters, CSV and 1-year retention.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";
import { getDb } from "@/lib/infra/db/db";
import {
  checkGrantedAccess,
  runScheduledAccessChecks,
  setAccessCheckSchedule,
} from "@/lib/core/access-checks/check-access";
import { confirmChecklistRemoval, removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { auditFiltersFrom, listAudit } from "@/lib/core/audit/list-audit";
import { exportAuditCsv } from "@/lib/surfaces/dashboard/audit-csv";
import { purgeOldRecords } from "@/lib/runtime/worker/purge-old-records";
import { ZWebhookEvents } from "@/lib/core/webhooks/schemas";
import { ApiError } from "@/lib/core/common/api-error";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { startApiServer } from "@/test/support/api-server";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { eventsOf, seedAccessRequest, typesOf, type TestAgency } from "@/test/support/access-fixtures";

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => close?.());

/** An agency whose Meta account holds its sandbox token (it can read and leave) and whose Google account holds none. */
async function seedAgency(): Promise<TestAgency> {
  const agency = await createAgency({ name: "Checks Agency", plan: "agency" });
  const meta = await connectAccount({
    agencyId: agency.id,
    platform: "meta",
    email: "meta@agency.test",
    accessToken: sandboxAgencyToken("meta"),
  });
  const google = await connectAccount({ agencyId: agency.id, platform: "google", email: "google@agency.test" });
  return { agencyId: agency.id, accounts: { meta: meta.internalAccountId, google: google.internalAccountId } };
}

async function grantedClient(agency: TestAgency) {
  const seeded = await seedAccessRequest(agency, {
    meta_ads: { accessLevel: "advertiser" },
    google_analytics: { accessLevel: "viewer" },
  });
  const grant = (serviceId: string, ids: number[], accessLevel: string) =>
    applyRequestAction({
      agencyId: agency.agencyId,
      requestId: seeded.requestId,
      action: { kind: "grant", serviceId },
      grantedAssets: ids.map((n) => ({ id: `${serviceId}_100${n}`, name: `Asset ${n}`, accessLevel })),
    });
  await grant("meta_ads", [1, 2], "advertiser");
  await grant("google_analytics", [1], "viewer");
  return seeded;
}

async function addWebhook(agencyId: string, events: string[]) {
  const db = await getDb();
  return db.webhook.create({ data: { agencyId, url: "https://hooks.example.com/x", events } });
}

async function deliveriesOf(webhookId: string) {
  const db = await getDb();
  return (await db.webhookDelivery.findMany({ where: { webhookId }, select: { eventType: true } }))
    .map((d) => d.eventType)
    .sort();
}

describe("access checks", () => {
  it("records verified and lost assets with the platform's answer, marks what cannot be checked, and sends access.lost once to webhooks that chose it", async () => {
    const agency = await seedAgency();
    const all = await addWebhook(agency.agencyId, ["*"]);
    const chosen = await addWebhook(agency.agencyId, ["access.lost"]);
    const { requestId, clientId } = await grantedClient(agency);

    const summary = await checkGrantedAccess({ agencyId: agency.agencyId, clientId });
    expect(summary).toEqual({ services: 2, verified: 1, lost: 1, newlyLost: 1, unavailable: 1, errors: 0 });

    const status = await loadAccessStatus({ agencyId: agency.agencyId, clientId });
    expect(status.lostCount).toBe(1);
    const meta = status.services.find((s) => s.serviceId === "meta_ads")!;
    expect(meta.assets.map((a) => [a.id, a.status])).toEqual([
      ["meta_ads_1001", "verified"],
      ["meta_ads_1002", "lost"],
    ]);
    expect(meta.assets[0]!.verifiedAt).not.toBeNull();
    expect(meta.assets[1]!.lostAt).not.toBeNull();
    expect(meta.assets[1]!.detail).toBe("The agency is no longer listed as a partner of this asset.");
    const ga = status.services.find((s) => s.serviceId === "google_analytics")!;
    expect(ga.assets[0]!.status).toBe("unavailable");
    expect(ga.assets[0]!.detail).toMatch(
      /^Cannot be checked automatically: the agency account has no platform sign-in/,
    );

    const lost = (await eventsOf(requestId)).filter((e) => e.type === "access.lost");
    expect(lost).toHaveLength(1);
    expect(lost[0]!.data.service).toEqual({ service: "meta_ads", platform: "meta" });
    expect((lost[0]!.data.assets as { id: string }[]).map((a) => a.id)).toEqual(["meta_ads_1002"]);
    // "*" means the spec's events: the extension reaches only the webhook that listed it
    expect(await deliveriesOf(chosen.id)).toEqual(["access.lost"]);
    expect(await deliveriesOf(all.id)).not.toContain("access.lost");

    // a second check finds the same loss: no new event, lostAt kept
    const again = await checkGrantedAccess({ agencyId: agency.agencyId, requestId });
    expect(again.newlyLost).toBe(0);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    const later = await loadAccessStatus({ agencyId: agency.agencyId, requestId });
    expect(later.services[0]!.assets[1]!.lostAt).toBe(meta.assets[1]!.lostAt);
  });

  it("keeps the public API's grantedAssets to the spec's fields", async () => {
    const agency = await seedAgency();
    const { requestId, clientId } = await grantedClient(agency);
    await checkGrantedAccess({ agencyId: agency.agencyId, clientId });
    const key = await createApiKey({ agencyId: agency.agencyId, scopes: API_SCOPES });
    const res = await fetch(`${base}/api/v2/requests/${requestId}`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { services: { grantedAssets: Record<string, unknown>[] }[] } };
    const assets = body.data.services.flatMap((s) => s.grantedAssets);
    expect(assets).toHaveLength(3);
    for (const a of assets) expect(Object.keys(a).sort()).toEqual(["accessLevel", "id", "name"]);
  });

  it("runs on the agency's schedule in the worker: once per period, never twice at once, and not when off", async () => {
    const agency = await seedAgency();
    const { clientId } = await grantedClient(agency);
    const db = await getDb();
    // other agencies of this file's database are checked too; this one is asserted
    const t0 = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    const [a, b] = await Promise.all([runScheduledAccessChecks({ now: t0 }), runScheduledAccessChecks({ now: t0 })]);
    expect(a.agencies + b.agencies).toBeGreaterThanOrEqual(1);
    const row = await db.agency.findUniqueOrThrow({ where: { id: agency.agencyId } });
    expect(row.lastAccessCheckAt?.toISOString()).toBe(t0.toISOString());
    const checked = await loadAccessStatus({ agencyId: agency.agencyId, clientId });
    expect(checked.services.every((s) => s.checkedAt === t0.toISOString())).toBe(true);

    const hourLater = new Date(t0.getTime() + 3600 * 1000);
    await runScheduledAccessChecks({ now: hourLater });
    expect(
      (await db.agency.findUniqueOrThrow({ where: { id: agency.agencyId } })).lastAccessCheckAt?.toISOString(),
    ).toBe(t0.toISOString());

    await setAccessCheckSchedule({ agencyId: agency.agencyId, everyDays: 0 });
    await runScheduledAccessChecks({ now: new Date(t0.getTime() + 10 * 24 * 3600 * 1000) });
    expect(
      (await db.agency.findUniqueOrThrow({ where: { id: agency.agencyId } })).lastAccessCheckAt?.toISOString(),
    ).toBe(t0.toISOString());
  });
});

describe("offboarding", () => {
  it("leaves the assets with the agency's token, gives a checklist for the rest, and records when and by whom", async () => {
    const agency = await seedAgency();
    const hook = await addWebhook(agency.agencyId, ["*", "access.removed"]);
    const { requestId, clientId } = await grantedClient(agency);

    const outcome = await removeClientAccess({ agencyId: agency.agencyId, clientId, removedBy: "owner@agency.test" });
    expect(outcome.removed.map((r) => r.assetId).sort()).toEqual(["meta_ads_1001", "meta_ads_1002"]);
    expect(outcome.failed).toEqual([]);
    expect(outcome.checklist).toHaveLength(1);
    expect(outcome.checklist[0]).toMatchObject({
      serviceId: "google_analytics",
      platform: "google",
      assets: [{ id: "google_analytics_1001" }],
    });
    expect(outcome.checklist[0]!.steps.join(" ")).toContain("google@agency.test");

    let status = await loadAccessStatus({ agencyId: agency.agencyId, clientId });
    const meta = status.services.find((s) => s.serviceId === "meta_ads")!;
    expect(meta.removedBy).toBe("owner@agency.test");
    expect(meta.removedAt).not.toBeNull();
    expect(meta.assets.every((a) => a.status === "removed")).toBe(true);
    expect(status.services.find((s) => s.serviceId === "google_analytics")!.removedAt).toBeNull();

    const confirmed = await confirmChecklistRemoval({
      agencyId: agency.agencyId,
      clientId,
      removedBy: "owner@agency.test",
    });
    expect(confirmed.services).toBe(1);
    // the removal by hand has its own receipt, apart from the agency token's one
    expect(confirmed.receipt?.code).toMatch(/^[0-9A-Z-]{24}$/);
    expect(confirmed.receipt?.code).not.toBe(outcome.receipt?.code);
    status = await loadAccessStatus({ agencyId: agency.agencyId, clientId });
    expect(status.services.every((s) => s.removedAt !== null && s.assets.every((a) => a.status === "removed"))).toBe(
      true,
    );

    const removedEvents = (await eventsOf(requestId)).filter((e) => e.type === "access.removed");
    expect(removedEvents.map((e) => (e.data.assets as { method: string }[]).map((a) => a.method))).toEqual([
      ["agency_token", "agency_token"],
      ["checklist"],
    ]);
    expect(removedEvents[0]!.data.removedBy).toBe("owner@agency.test");
    expect((await deliveriesOf(hook.id)).filter((t) => t === "access.removed")).toHaveLength(2);
    expect(typesOf(await eventsOf(requestId))).toContain("service.granted");

    // removed access is no longer checked
    expect((await checkGrantedAccess({ agencyId: agency.agencyId, clientId })).services).toBe(0);
  });

  it("refuses a client of another agency", async () => {
    const agency = await seedAgency();
    const other = await seedAgency();
    const { clientId } = await grantedClient(other);
    const err = await removeClientAccess({ agencyId: agency.agencyId, clientId, removedBy: "x@agency.test" }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("NOT_FOUND");
  });
});

describe("webhook subscriptions to the extension events", () => {
  it('accepts the extensions beside "*" and refuses spec types there', () => {
    expect(ZWebhookEvents.safeParse(["*", "access.lost"]).success).toBe(true);
    expect(ZWebhookEvents.safeParse(["access.removed"]).success).toBe(true);
    expect(ZWebhookEvents.safeParse(["*", "request.created"]).success).toBe(false);
    expect(ZWebhookEvents.safeParse(["*", "access.lost", "access.lost"]).success).toBe(false);
  });
});

describe("audit log", () => {
  it("records who, when, from where and what changed with secrets redacted, filters, exports CSV and keeps a year", async () => {
    const agency = await createAgency({ name: "Audit Agency" });
    const actor = { userId: null, email: "owner@agency.test", address: "203.0.113.9" };
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await recordAudit({
      agencyId: agency.id,
      actor,
      action: "api_key.created",
      changes: { name: "CI", key: "sk_live_abc", scopes: ["requests:read"] },
    });
    await recordAudit({
      agencyId: agency.id,
      actor: { ...actor, email: "member@agency.test" },
      action: "webhook.updated",
      target: "wh_1",
      changes: { url: "https://x.example" },
    });
    await recordAudit({ agencyId: agency.id, actor, action: "user.signed_in", now: old });

    const rows = await listAudit({ agencyId: agency.id });
    expect(rows.map((r) => r.action)).toEqual(["webhook.updated", "api_key.created", "user.signed_in"]);
    expect(rows[1]).toMatchObject({
      actorEmail: "owner@agency.test",
      address: "203.0.113.9",
      changes: { name: "CI", key: "[redacted]", scopes: ["requests:read"] },
    });

    expect((await listAudit({ agencyId: agency.id, filters: { action: "api_key" } })).map((r) => r.action)).toEqual([
      "api_key.created",
    ]);
    expect((await listAudit({ agencyId: agency.id, filters: { actor: "MEMBER@" } })).map((r) => r.action)).toEqual([
      "webhook.updated",
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await listAudit({ agencyId: agency.id, filters: { from: today, to: today } })).map((r) => r.action),
    ).toEqual(["webhook.updated", "api_key.created"]);
    expect(auditFiltersFrom({ from: "yesterday", action: "team" }).errors).toEqual({
      from: "from: a date as YYYY-MM-DD.",
    });
    expect(auditFiltersFrom({ from: "yesterday", action: "team" }).filters).toEqual({ action: "team" });

    const csv = await exportAuditCsv({ agencyId: agency.id, filters: { action: "webhook" } });
    expect(csv.split("\r\n")[0]).toBe("time,actor,actor email,address,what happened,action,target,changes");
    expect(csv).toContain("member@agency.test (team),member@agency.test,203.0.113.9,");
    expect(csv).toContain(",webhook.updated,wh_1,");

    const purged = await purgeOldRecords();
    expect(purged.audit).toBeGreaterThanOrEqual(1);
    expect((await listAudit({ agencyId: agency.id })).map((r) => r.action)).toEqual([
      "webhook.updated",
      "api_key.created",
    ]);
  });
});
