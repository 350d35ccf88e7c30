// The delivery worker against real loopback receivers, on both databases: signed events in
// order with the spec's headers, retries, redirects, timeouts, huge bodies, rotation,
// cancellation, leases, and the worker's periodic tasks.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { getDb } from "@/lib/infra/db/db";
import { nextReadyDelivery } from "@/lib/core/webhooks/delivery/claim-deliveries";
import { deliverOne } from "@/lib/core/webhooks/delivery/deliver-one";
import { startDeliveryLoop, type DeliveryLoop } from "@/lib/runtime/worker/delivery-loop";
import { DEFAULT_TIMEOUT_MS } from "@/lib/infra/delivery/safe-send";
import { standardWebhooksSecret, verifySignature } from "@/lib/infra/delivery/sign-payload";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { recordEvent } from "@/lib/core/events/record-event";
import type { EventType } from "@/lib/core/events/event-types";
import { respond, startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { deleteWebhook } from "@/lib/core/webhooks/delete-webhook";
import { rotateWebhookSecret } from "@/lib/core/webhooks/rotate-webhook-secret";
import { loadSigningSecrets } from "@/lib/core/webhooks/delivery/signing-secrets";
import { startWorker } from "@/lib/runtime/worker/start-worker";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stripe = new Stripe("sk_test_x");

let receiver: WebhookReceiver;
let loop: DeliveryLoop;
let agencyId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  agencyId = (await createAgency({ name: "Delivery Agency", plan: "agency" })).id;
  // The default 10 s limit: one test below waits it out on purpose.
  loop = startDeliveryLoop({ name: "test", pollMs: 100, maxInFlight: 8 });
});
afterAll(async () => {
  await loop.stop();
  await receiver.close();
});

// Each test's webhooks go away after it, so later events do not reach them.
const made: { agencyId: string; id: string }[] = [];
afterEach(async () => {
  for (const h of made.splice(0)) await deleteWebhook(h).catch(() => undefined);
});

async function hook(path: string, events: string[] = ["*"], agency = agencyId) {
  const created = await createWebhook({ agencyId: agency, input: { url: receiver.url(path), events } });
  made.push({ agencyId: agency, id: created.webhook.id });
  return created;
}

/** Records `n` events in one transaction, 1 ms apart so their order is unambiguous. */
async function publish(n: number, opts: { type?: EventType; agency?: string } = {}): Promise<string[]> {
  const db = await getDb();
  const base = Date.now() - n;
  return db.$transaction(
    async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        ids.push(
          await recordEvent(tx, {
            agencyId: opts.agency ?? agencyId,
            type: opts.type ?? "client.created",
            data: { seq: i } as never,
            now: new Date(base + i),
          }),
        );
      }
      return ids;
    },
    { timeout: 60_000, maxWait: 15_000 },
  );
}

async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function deliveryOf(eventId: string, webhookId: string) {
  return (await getDb()).webhookDelivery.findFirstOrThrow({
    where: { eventId, webhookId },
    include: { attemptLog: { orderBy: { number: "asc" } } },
  });
}

describe("delivering events", () => {
  it("sends every subscribed event, signed (stripe's verifier agrees), in order, with the spec's headers and exact bytes", async () => {
    const all = await hook("/all");
    const some = await hook("/some", ["request.created"]);
    const events = await publish(20);
    const created = await publish(3, { type: "request.created" });
    const got = await receiver.waitFor(23, "/all");
    await receiver.waitFor(3, "/some");
    expect(receiver.byPath("/some").map((r) => r.headers["service-event-id"])).toEqual(created);
    expect(got.map((r) => r.headers["service-event-id"])).toEqual([...events, ...created]);

    const db = await getDb();
    // The receiver sees a delivery a moment before the worker records it.
    await waitUntil(
      "every delivery to be recorded",
      async () =>
        (await db.webhookDelivery.count({ where: { webhookId: all.webhook.id, status: "succeeded" } })) === 23,
    );
    for (const r of got) {
      const eventId = String(r.headers["service-event-id"]);
      const event = await db.event.findUniqueOrThrow({ where: { id: eventId } });
      expect(r.body).toBe(event.body);
      const header = String(r.headers["service-signature"]);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature({ header, body: r.body, secrets: [all.secret] })).toBe(true);
      const parsed = stripe.webhooks.constructEvent(r.body, header, all.secret) as unknown as {
        id: string;
        type: string;
        test: boolean;
      };
      expect(parsed).toMatchObject({ id: eventId, type: event.type, test: false });
      const delivery = await deliveryOf(eventId, all.webhook.id);
      expect(r.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": "Service-Webhooks/1.0",
        "service-event-type": event.type,
        "service-delivery-id": delivery.id,
        "service-attempt-id": delivery.attemptLog[0]!.id,
        "webhook-id": delivery.id,
      });
      // The Standard Webhooks headers verify with that spec's library and svix, given the secret
      // exactly as the API showed it, and still with the re-encoded secret receivers used before.
      const headers = r.headers as Record<string, string>;
      expect(new StandardWebhook(all.secret).verify(r.body, headers)).toMatchObject({ id: eventId });
      expect(() => new SvixWebhook(all.secret).verify(r.body, headers)).not.toThrow();
      expect(new StandardWebhook(standardWebhooksSecret(all.secret)).verify(r.body, headers)).toMatchObject({
        id: eventId,
      });
      expect(() =>
        new SvixWebhook(`whsec_${crypto.randomBytes(33).toString("base64")}`).verify(r.body, headers),
      ).toThrow();
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200 });
    }
    // both webhooks got their own delivery id for the same event
    const shared = receiver.byPath("/some")[0]!;
    const twin = got.find((r) => r.headers["service-event-id"] === shared.headers["service-event-id"])!;
    expect(shared.headers["service-delivery-id"]).not.toBe(twin.headers["service-delivery-id"]);
    expect(receiver.maxInFlight("/all")).toBe(1);
    expect(some.webhook.events).toEqual(["request.created"]);
  });

  it("retries a 500: the second attempt carries the same body, a new attempt id and a fresh signature", async () => {
    receiver.on("/flaky", respond.status(500, "down"), respond.status(200));
    const h = await hook("/flaky");
    const [eventId] = await publish(1);
    const first = await receiver.waitFor(1, "/flaky");
    const failed = await waitUntil("the failure to be recorded", async () => {
      const d = await deliveryOf(eventId!, h.webhook.id);
      return d.attempts === 1 ? d : null;
    });
    expect(failed).toMatchObject({ status: "pending", lastStatusCode: 500, lastError: "HTTP 500" });
    const delay = failed.nextAttemptAt.getTime() - failed.firstFailureAt!.getTime();
    expect(delay).toBeGreaterThanOrEqual(54_000);
    expect(delay).toBeLessThanOrEqual(66_000);
    expect(failed.attemptLog[0]).toMatchObject({ number: 1, statusCode: 500, error: null, responseExcerpt: "down" });
    expect(failed.attemptLog[0]!.nextAttemptAt?.getTime()).toBe(failed.nextAttemptAt.getTime());

    // Instead of waiting a minute, make the retry due now; a second later so the timestamp moves.
    await new Promise((r) => setTimeout(r, 1_100));
    await (await getDb()).webhookDelivery.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date() } });
    loop.wake();
    const both = await receiver.waitFor(2, "/flaky");
    const done = await waitUntil("the retry to be recorded", async () => {
      const d = await deliveryOf(eventId!, h.webhook.id);
      return d.status === "succeeded" ? d : null;
    });
    expect(done).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    expect(done.attemptLog.map((a) => a.number)).toEqual([1, 2]);
    expect(both[1]!.body).toBe(first[0]!.body);
    expect(both[1]!.headers["service-delivery-id"]).toBe(first[0]!.headers["service-delivery-id"]);
    expect(both[1]!.headers["service-attempt-id"]).not.toBe(first[0]!.headers["service-attempt-id"]);
    expect(both[1]!.headers["service-signature"]).not.toBe(first[0]!.headers["service-signature"]);
    for (const r of both)
      expect(() =>
        stripe.webhooks.constructEvent(r.body, String(r.headers["service-signature"]), h.secret),
      ).not.toThrow();
  });

  it("postpones a retry by Retry-After", async () => {
    receiver.on("/busy", respond.status(503, "later", { "retry-after": "600" }));
    const h = await hook("/busy");
    const [eventId] = await publish(1);
    const d = await waitUntil("the 503 to be recorded", async () => {
      const row = await deliveryOf(eventId!, h.webhook.id);
      return row.attempts === 1 ? row : null;
    });
    expect(d.nextAttemptAt.getTime() - d.attemptLog[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(599_000);
  });

  it("does not follow a 301 and does not retry it", async () => {
    receiver.on("/moved", respond.status(301, "", { location: receiver.url("/elsewhere") }));
    const h = await hook("/moved");
    const [eventId] = await publish(1);
    const d = await waitUntil("the redirect to be recorded", async () => {
      const row = await deliveryOf(eventId!, h.webhook.id);
      return row.status !== "pending" ? row : null;
    });
    expect(d).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 301 });
    expect(receiver.byPath("/elsewhere")).toHaveLength(0);
  });

  it("counts a 200 with a 10 MB body as success without reading it all", async () => {
    receiver.on("/huge", respond.hugeBody(10 * 1024 * 1024));
    const h = await hook("/huge");
    const [eventId] = await publish(1);
    const d = await waitUntil("the huge answer to be recorded", async () => {
      const row = await deliveryOf(eventId!, h.webhook.id);
      return row.status !== "pending" ? row : null;
    });
    expect(d).toMatchObject({ status: "succeeded", lastStatusCode: 200 });
    expect(d.attemptLog[0]!.durationMs).toBeLessThan(3_000);
    expect(d.attemptLog[0]!.responseExcerpt!.length).toBeLessThanOrEqual(1024);
  });

  it("cuts an endpoint that never answers at 10 s, while other webhooks keep being served", async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    receiver.on("/silent", respond.silent());
    const silent = await hook("/silent", ["request.updated"]);
    const fast = await hook("/fast", ["request.completed"]);
    const [stuck] = await publish(1, { type: "request.updated" });
    await receiver.waitFor(1, "/silent");
    // While the silent endpoint holds its slot, another webhook's events go through at once.
    const t0 = Date.now();
    await publish(3, { type: "request.completed" });
    await receiver.waitFor(3, "/fast", 5_000);
    expect(Date.now() - t0).toBeLessThan(3_000);
    const d = await waitUntil(
      "the timeout to be recorded",
      async () => {
        const row = await deliveryOf(stuck!, silent.webhook.id);
        return row.attempts === 1 ? row : null;
      },
      15_000,
    );
    expect(d.status).toBe("pending");
    expect(d.attemptLog[0]!.error).toBe("timeout after 10000 ms");
    expect(d.attemptLog[0]!.durationMs).toBeGreaterThanOrEqual(9_900);
    expect(d.attemptLog[0]!.durationMs).toBeLessThan(11_500);
    expect(fast.webhook.id).not.toBe(silent.webhook.id);
  });

  it("cuts an endpoint that trickles its headers (shorter limit for the test)", async () => {
    receiver.on("/trickle", respond.trickleHeaders(200));
    const h = await hook("/trickle", ["intake.completed"]);
    const db = await getDb();
    // Driven by hand with a 1.5 s limit: the loop would use the default 10 s.
    await loop.stop();
    try {
      await publish(1, { type: "intake.completed" });
      const ready = await nextReadyDelivery(db, h.webhook.id);
      const result = await deliverOne(db, ready!, await loadSigningSecrets(db, h.webhook.id), {
        allowLoopback: true,
        timeoutMs: 1_500,
      });
      expect(result).toMatchObject({ outcome: "retry", statusCode: null, error: "timeout after 1500 ms" });
      expect(result.durationMs).toBeGreaterThanOrEqual(1_400);
      expect(result.durationMs).toBeLessThan(3_000);
    } finally {
      loop = startDeliveryLoop({ name: "test", pollMs: 100, maxInFlight: 8 });
    }
  });

  it("checks the address again at delivery: a name now resolving to a private address is refused", async () => {
    const db = await getDb();
    const h = await hook("/rebind", ["service.skipped"]);
    await db.webhook.update({ where: { id: h.webhook.id }, data: { url: "https://hooks.example.test/in" } });
    await loop.stop();
    try {
      await publish(1, { type: "service.skipped" });
      const ready = await nextReadyDelivery(db, h.webhook.id);
      const result = await deliverOne(db, ready!, await loadSigningSecrets(db, h.webhook.id), {
        allowLoopback: true,
        resolve: async () => ["93.184.216.34", "10.0.0.7"],
      });
      expect(result).toMatchObject({ outcome: "retry", statusCode: null, error: "address not allowed: 10.0.0.7" });
    } finally {
      await db.webhook.update({ where: { id: h.webhook.id }, data: { deletedAt: new Date() } });
      loop = startDeliveryLoop({ name: "test", pollMs: 100, maxInFlight: 8 });
    }
  });

  it("signs with both secrets during a rotation, each verifiable on its own", async () => {
    const h = await hook("/rotating", ["service.granted"]);
    const rotated = await rotateWebhookSecret({ agencyId, id: h.webhook.id });
    await publish(1, { type: "service.granted" });
    const [got] = await receiver.waitFor(1, "/rotating");
    const header = String(got!.headers["service-signature"]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [h.secret, rotated.secret]) {
      expect(() => stripe.webhooks.constructEvent(got!.body, header, secret)).not.toThrow();
      const headers = got!.headers as Record<string, string>;
      for (const standard of [new StandardWebhook(secret), new StandardWebhook(standardWebhooksSecret(secret))])
        expect(() => standard.verify(got!.body, headers)).not.toThrow();
      expect(() => new SvixWebhook(secret).verify(got!.body, headers)).not.toThrow();
    }
    // once the overlap is over, only the new secret signs
    const db = await getDb();
    await db.webhookSecret.updateMany({
      where: { webhookId: h.webhook.id, expiresAt: { not: null } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await db.webhook.update({ where: { id: h.webhook.id }, data: { updatedAt: new Date() } });
    await publish(1, { type: "service.granted" });
    const [, second] = await receiver.waitFor(2, "/rotating");
    expect(String(second!.headers["service-signature"]).match(/v1=/g)).toHaveLength(1);
    expect(() =>
      stripe.webhooks.constructEvent(second!.body, String(second!.headers["service-signature"]), rotated.secret),
    ).not.toThrow();
  });
});

describe("what is not sent", () => {
  it("cancels due deliveries of an agency without API access, and of a paused webhook", async () => {
    const other = (await createAgency({ name: "Lapsed Agency", plan: "agency" })).id;
    const h = await hook("/lapsed", ["*"], other);
    await loop.stop();
    try {
      await setPlan({ agencyId: other, plan: "starter", apiAccess: false, trial: false });
      const [eventId] = await publish(1, { agency: other });
      // A delivery created in a race with a pause (recordEvent saw the webhook active).
      const paused = await hook("/paused-race");
      const [raced] = await publish(1);
      const db = await getDb();
      await db.webhook.update({ where: { id: paused.webhook.id }, data: { pausedAt: new Date() } });
      loop = startDeliveryLoop({ name: "test", pollMs: 100, maxInFlight: 8 });
      const cancelled = await waitUntil("the cancellations", async () => {
        const a = await deliveryOf(eventId!, h.webhook.id);
        const b = await deliveryOf(raced!, paused.webhook.id);
        return a.status === "cancelled" && b.status === "cancelled" ? [a, b] : null;
      });
      expect(cancelled[0]!.lastError).toMatch(/API access/);
      expect(cancelled[1]!.lastError).toMatch(/paused/);
      expect(receiver.byPath("/lapsed")).toHaveLength(0);
      expect(receiver.byPath("/paused-race")).toHaveLength(0);
    } finally {
      await setPlan({ agencyId: other, plan: "agency" });
    }
  });
});

describe("leases", () => {
  it("leaves a webhook leased by another worker alone until the lease lapses, then delivers", async () => {
    const h = await hook("/leased", ["connection.attempt_completed"]);
    const db = await getDb();
    await db.$executeRaw`UPDATE "Webhook" SET "leaseOwner" = 'dead-worker', "leaseUntil" = now() + interval '1500 milliseconds' WHERE "id" = ${h.webhook.id}::uuid`;
    const t0 = Date.now();
    await publish(1, { type: "connection.attempt_completed" });
    await receiver.waitFor(1, "/leased", 10_000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_000);
    // the worker gives the lease back once nothing is due
    await waitUntil(
      "the lease to be released",
      async () => (await db.webhook.findUniqueOrThrow({ where: { id: h.webhook.id } })).leaseOwner === null,
    );
  });

  it("never has a delivery left in progress: a lease given back leaves only pending or final deliveries", async () => {
    const db = await getDb();
    const stuck = await db.webhook.count({
      where: { leaseOwner: { not: null }, leaseUntil: { lt: new Date(Date.now() - 60_000) } },
    });
    expect(stuck).toBe(0);
    const statuses = await db.webhookDelivery.groupBy({ by: ["status"], _count: true });
    for (const s of statuses) expect(["pending", "succeeded", "failed", "cancelled"]).toContain(s.status);
  });

  it("keeps serving a backlog longer than one turn without waiting for the next poll", async () => {
    // A poll a minute away: every session after the first must start because work was
    // waiting (a full claim, a turn used up), never because the poll came round.
    await loop.stop();
    try {
      await hook("/backlog", ["request.expired"]);
      const events = await publish(30, { type: "request.expired" });
      loop = startDeliveryLoop({
        name: "backlog",
        pollMs: 60_000,
        maxInFlight: 8,
        claimBatch: 1,
        sessionMaxDeliveries: 10,
      });
      const got = await receiver.waitFor(30, "/backlog", 15_000);
      expect(got.map((r) => String(r.headers["service-event-id"]))).toEqual(events);
    } finally {
      await loop.stop();
      loop = startDeliveryLoop({ name: "test", pollMs: 100, maxInFlight: 8 });
    }
  });
});

describe("startWorker", () => {
  it("runs the periodic tasks on their intervals and stops them cleanly", async () => {
    const calls = { expiry: 0, emails: 0, reminders: 0, purge: 0 };
    const worker = startWorker({
      name: `tasks-${crypto.randomUUID()}`,
      deliveries: false,
      tasks: {
        expiry: async () => void calls.expiry++,
        emails: async () => void calls.emails++,
        reminders: async () => void calls.reminders++,
        purge: async () => {
          calls.purge++;
          throw new Error("a failing task is logged, not fatal");
        },
      },
      intervals: { purge: 100 },
      log: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 2_300));
    await worker.stop();
    const seen = { ...calls };
    expect(seen.expiry).toBeGreaterThanOrEqual(2);
    expect(seen.expiry).toBeLessThanOrEqual(4);
    expect(seen.emails).toBeGreaterThanOrEqual(1);
    expect(seen.emails).toBeLessThanOrEqual(2);
    // reminders start after 5 s, the purge after a minute
    expect(seen.reminders).toBe(0);
    expect(seen.purge).toBe(0);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(calls).toEqual(seen);
  });

  it("delivers through the worker's own loop", async () => {
    await loop.stop();
    const worker = startWorker({
      name: `deliveries-${crypto.randomUUID()}`,
      tasks: { expiry: null, emails: null, reminders: null, purge: null },
    });
    try {
      await hook("/via-worker", ["request.cancelled"]);
      await publish(2, { type: "request.cancelled" });
      worker.wake();
      const got = await receiver.waitFor(2, "/via-worker");
      expect(got.map((r) => String(r.headers["service-delivery-id"]))).toEqual(
        expect.arrayContaining([expect.stringMatching(UUID)]),
      );
    } finally {
      await worker.stop();
      loop = startDeliveryLoop({ name: "test", pollMs: 100, maxInFlight: 8 });
    }
  });
});
