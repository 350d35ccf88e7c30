// The expiry sweep against a real database: it records `expired` once, with exactly one
// request.expired event (and its webhook delivery), leaves finished requests alone,
// discards unfinished grant sessions, and stays exact when two sweeps race.
import { beforeAll, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { getDb, type Db } from "@/lib/infra/db/db";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { createRequest } from "@/lib/core/requests/create-request";
import { runExpirySweep } from "@/lib/core/requests/expire-requests";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";

const HOUR = 60 * 60 * 1000;
let db: Db;
let agencyId: string;
let clientId: string;

async function newRequest(opts: { createdAt: Date; expiresAt?: Date; isDemo?: boolean }) {
  const input = ZCreateRequestBody.parse({
    clientId,
    requestedServices: { meta_ads: { accessLevel: "admin" } },
    ...(opts.expiresAt ? { expiresAt: opts.expiresAt.toISOString() } : {}),
  });
  return createRequest({ agencyId, input, source: "api", now: opts.createdAt, isDemo: opts.isDemo });
}

async function eventsOf(requestId: string, type: string) {
  const rows = await db.event.findMany({ where: { requestId, type }, orderBy: { createdAt: "asc" } });
  return rows.map(
    (e) =>
      JSON.parse(e.body) as { type: string; data: { request: { id: string; status: string; stateVersion: number } } },
  );
}

beforeAll(async () => {
  db = await getDb();
  agencyId = (await createAgency({ name: "Sweep Agency", plan: "agency" })).id;
  clientId = (
    await createClient({ agencyId, input: ZCreateClientBody.parse({ name: "Acme", email: "owner@acme.test" }) })
  ).id;
  await db.webhook.create({ data: { agencyId, url: "https://hooks.example.test/in", events: ["request.expired"] } });
});

describe("runExpirySweep", () => {
  it("expires an open request whose deadline passed, once, with one request.expired event", async () => {
    const t0 = new Date(Date.now() - 2 * HOUR);
    const expiresAt = new Date(t0.getTime() + HOUR);
    const req = await newRequest({ createdAt: t0, expiresAt });
    const before = await db.accessRequest.findUniqueOrThrow({ where: { id: req.id } });
    await db.grantSession.createMany({
      data: [
        {
          agencyId,
          requestId: req.id,
          serviceId: "meta_ads",
          nonce: `open-${req.id}`,
          expiresAt: new Date(Date.now() + HOUR),
        },
        {
          agencyId,
          requestId: req.id,
          serviceId: "meta_ads",
          nonce: `used-${req.id}`,
          usedAt: t0,
          expiresAt: new Date(Date.now() + HOUR),
        },
      ],
    });

    const now = new Date(expiresAt.getTime() + 1000);
    expect(await runExpirySweep({ now })).toBe(1);

    const after = await db.accessRequest.findUniqueOrThrow({ where: { id: req.id } });
    expect(after.status).toBe("expired");
    expect(after.expiredAt?.toISOString()).toBe(now.toISOString());
    expect(after.stateVersion).toBe(before.stateVersion + 1);

    const events = await eventsOf(req.id, "request.expired");
    expect(events).toHaveLength(1);
    expect(events[0]!.data.request).toMatchObject({ id: req.id, status: "expired", stateVersion: after.stateVersion });
    const eventIds = (
      await db.event.findMany({ where: { requestId: req.id, type: "request.expired" }, select: { id: true } })
    ).map((e) => e.id);
    expect(await db.webhookDelivery.count({ where: { eventId: { in: eventIds }, status: "pending" } })).toBe(1);

    const sessions = await db.grantSession.findMany({ where: { requestId: req.id } });
    expect(sessions.map((s) => s.nonce)).toEqual([`used-${req.id}`]);

    // A second sweep finds nothing to do and records nothing.
    const eventCount = await db.event.count();
    expect(await runExpirySweep({ now: new Date(now.getTime() + 60_000) })).toBe(0);
    expect(await db.event.count()).toBe(eventCount);
    expect((await db.accessRequest.findUniqueOrThrow({ where: { id: req.id } })).stateVersion).toBe(after.stateVersion);
  });

  it("leaves completed, cancelled, undated and not-yet-due requests untouched", async () => {
    const t0 = new Date(Date.now() - 3 * HOUR);
    const expiresAt = new Date(t0.getTime() + HOUR);
    const completed = await newRequest({ createdAt: t0, expiresAt });
    await applyRequestAction({
      agencyId,
      requestId: completed.id,
      action: { kind: "mark_granted", serviceId: "meta_ads" },
      now: t0,
    });
    const cancelled = await newRequest({ createdAt: t0, expiresAt });
    await cancelRequest({ agencyId, id: cancelled.id, now: t0 });
    const undated = await newRequest({ createdAt: t0 });
    const later = await newRequest({ createdAt: t0, expiresAt: new Date(Date.now() + 24 * HOUR) });
    const ids = [completed.id, cancelled.id, undated.id, later.id];
    const before = await db.accessRequest.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(before.find((r) => r.id === completed.id)?.status).toBe("completed");

    await runExpirySweep();

    const after = await db.accessRequest.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(after.map((r) => [r.status, r.stateVersion, r.expiredAt])).toEqual(
      before.map((r) => [r.status, r.stateVersion, null]),
    );
    for (const id of ids) expect(await eventsOf(id, "request.expired")).toHaveLength(0);
  });

  it("expires demo requests without recording events", async () => {
    const t0 = new Date(Date.now() - 2 * HOUR);
    const demo = await newRequest({ createdAt: t0, expiresAt: new Date(t0.getTime() + HOUR), isDemo: true });
    await runExpirySweep();
    expect((await db.accessRequest.findUniqueOrThrow({ where: { id: demo.id } })).status).toBe("expired");
    expect(await db.event.count({ where: { requestId: demo.id } })).toBe(0);
  });

  it("expires each request exactly once when sweeps race", async () => {
    const t0 = new Date(Date.now() - 2 * HOUR);
    const expiresAt = new Date(t0.getTime() + HOUR);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await newRequest({ createdAt: t0, expiresAt })).id);

    const counts = await Promise.all([runExpirySweep({ limit: 4 }), runExpirySweep({ limit: 4 }), runExpirySweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);

    const rows = await db.accessRequest.findMany({ where: { id: { in: ids } } });
    expect(rows.every((r) => r.status === "expired" && r.stateVersion === 2)).toBe(true);
    expect(await db.event.count({ where: { requestId: { in: ids }, type: "request.expired" } })).toBe(6);
  });

  it("stops at the limit and leaves the rest for the next sweep", async () => {
    const t0 = new Date(Date.now() - 2 * HOUR);
    const expiresAt = new Date(t0.getTime() + HOUR);
    for (let i = 0; i < 3; i++) await newRequest({ createdAt: t0, expiresAt });
    expect(await runExpirySweep({ limit: 2 })).toBe(2);
    expect(await runExpirySweep({ limit: 2 })).toBe(1);
    expect(await runExpirySweep({ limit: 2 })).toBe(0);
  });
});
