// Retention against a real database, with rows backdated by SQL: what is past 30 days goes
// (in batches), what is recent or still being delivered stays, and the counts are exact.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { getDb, type Db } from "@/lib/infra/db/db";
import { newEventId } from "@/lib/core/events/event-envelope";
import { purgeOldRecords } from "@/lib/runtime/worker/purge-old-records";
import type { DeliveryStatus } from "@/generated/prisma/enums";

const DAY = 24 * 60 * 60 * 1000;
let db: Db;
let agencyId: string;
let webhookId: string;
let secondWebhookId: string;
let leasedWebhookId: string;
let apiKeyId: string;

async function backdate(
  table: "Event" | "WebhookDelivery" | "DeliveryAttempt",
  id: string,
  daysAgo: number,
  now: Date,
) {
  const at = new Date(now.getTime() - daysAgo * DAY);
  await db.$executeRawUnsafe(`UPDATE "${table}" SET "createdAt" = $1 WHERE "id" = $2`, at, id);
}

async function event(daysAgo: number, now: Date) {
  const id = newEventId();
  await db.event.create({ data: { id, agencyId, type: "request.updated", schemaVersion: "test", body: "{}" } });
  await backdate("Event", id, daysAgo, now);
  return id;
}

async function delivery(
  eventId: string,
  daysAgo: number,
  now: Date,
  extra: { status?: DeliveryStatus; webhookId?: string } = {},
) {
  const d = await db.webhookDelivery.create({
    data: { agencyId, webhookId, eventId, eventType: "request.updated", ...extra },
  });
  await backdate("WebhookDelivery", d.id, daysAgo, now);
  return d.id;
}

async function attempt(deliveryId: string, daysAgo: number, now: Date) {
  const a = await db.deliveryAttempt.create({
    data: { agencyId, deliveryId, webhookId, number: 1, startedAt: now, durationMs: 5, statusCode: 500 },
  });
  await backdate("DeliveryAttempt", a.id, daysAgo, now);
  return a.id;
}

async function idempotencyRecord(expiresAt: Date) {
  return (
    await db.idempotencyRecord.create({
      data: {
        agencyId,
        apiKeyId,
        key: crypto.randomUUID(),
        endpoint: "POST /api/v2/clients",
        requestHash: "h",
        responseStatus: 201,
        responseBody: {},
        expiresAt,
      },
    })
  ).id;
}

beforeAll(async () => {
  db = await getDb();
  agencyId = (await createAgency({ name: "Retention Agency" })).id;
  webhookId = (await db.webhook.create({ data: { agencyId, url: "https://hooks.example.test/in", events: ["*"] } })).id;
  secondWebhookId = (
    await db.webhook.create({ data: { agencyId, url: "https://hooks.example.test/other", events: ["*"] } })
  ).id;
  leasedWebhookId = (
    await db.webhook.create({ data: { agencyId, url: "https://hooks.example.test/leased", events: ["*"] } })
  ).id;
  apiKeyId = (
    await db.apiKey.create({
      data: { agencyId, name: "k", prefix: "ak_test", keyHash: crypto.randomBytes(16).toString("hex"), scopes: [] },
    })
  ).id;
});

describe("purgeOldRecords", () => {
  it("deletes what is past retention in batches and keeps the rest", async () => {
    const now = new Date();
    // Past retention, delivered: the event, its delivery and both attempts go.
    const e1 = await event(31, now);
    const d1 = await delivery(e1, 31, now, { status: "succeeded" });
    await attempt(d1, 31, now);
    await attempt(d1, 31, now);
    // Past retention, still pending but idle: it can no longer be delivered, so it goes,
    // with its recent attempt.
    const e2 = await event(31, now);
    const d2 = await delivery(e2, 31, now);
    await attempt(d2, 1, now);
    // Past retention but a worker holds its webhook's lease right now (leases live on the
    // webhook; the delivery's own lease columns are never written): kept, with its event,
    // for the next purge.
    const e3 = await event(31, now);
    const d3 = await delivery(e3, 31, now, { webhookId: leasedWebhookId });
    await db.webhook.update({
      where: { id: leasedWebhookId },
      data: { leaseOwner: "worker-1", leaseUntil: new Date(now.getTime() + 60_000) },
    });
    // Recent event: kept, with its deliveries; only an attempt past retention goes.
    const e4 = await event(29, now);
    const d4 = await delivery(e4, 29, now, { status: "failed" });
    const d4b = await delivery(e4, 29, now, { webhookId: secondWebhookId });
    await attempt(d4, 31, now);
    const keptAttempt = await attempt(d4b, 2, now);
    // Many old events without deliveries, to make the batches loop.
    const bulk: string[] = [];
    for (let i = 0; i < 23; i++) bulk.push(await event(40, now));
    const expiredKey = await idempotencyRecord(new Date(now.getTime() - 1000));
    const liveKey = await idempotencyRecord(new Date(now.getTime() + DAY));

    const result = await purgeOldRecords({ now, batchSize: 5 });
    expect(result).toEqual({ events: 25, deliveries: 2, attempts: 4, idempotency: 1, audit: 0 });

    expect(await db.event.findMany({ where: { id: { in: [e1, e2, e3, e4, ...bulk] } }, select: { id: true } })).toEqual(
      expect.arrayContaining([{ id: e3 }, { id: e4 }]),
    );
    expect(await db.event.count({ where: { id: { in: [e1, e2, ...bulk] } } })).toBe(0);
    expect((await db.webhookDelivery.findMany({ select: { id: true } })).map((d) => d.id).sort()).toEqual(
      [d3, d4, d4b].sort(),
    );
    expect((await db.deliveryAttempt.findMany({ select: { id: true } })).map((a) => a.id)).toEqual([keptAttempt]);
    expect((await db.idempotencyRecord.findMany({ select: { id: true } })).map((r) => r.id)).toEqual([liveKey]);
    expect(expiredKey).not.toBe(liveKey);

    // Nothing more to do until the lease runs out; then the held delivery and its event go.
    expect(await purgeOldRecords({ now, batchSize: 5 })).toEqual({
      events: 0,
      deliveries: 0,
      attempts: 0,
      idempotency: 0,
      audit: 0,
    });
    const later = new Date(now.getTime() + 2 * 60_000);
    expect(await purgeOldRecords({ now: later })).toEqual({
      events: 1,
      deliveries: 1,
      attempts: 0,
      idempotency: 0,
      audit: 0,
    });
    expect(await db.event.count({ where: { id: e3 } })).toBe(0);
  });

  it("is safe to run from two workers at once", async () => {
    const now = new Date();
    for (let i = 0; i < 12; i++) {
      const e = await event(35, now);
      await attempt(await delivery(e, 35, now, { status: "succeeded" }), 35, now);
    }
    const [a, b] = await Promise.all([purgeOldRecords({ now, batchSize: 4 }), purgeOldRecords({ now, batchSize: 4 })]);
    expect(a.events + b.events).toBe(12);
    expect(a.deliveries + b.deliveries).toBe(12);
    expect(a.attempts + b.attempts).toBe(12);
    expect(await db.event.count({ where: { createdAt: { lt: new Date(now.getTime() - 30 * DAY) } } })).toBe(0);
  });
});
