// The webhook endpoints over real HTTP: create (idempotent, URL and events rules, the limit
// of 10), list, read, update, pause, resume, delete, rotate the secret, send a test and read
// the delivery log, with every error they answer. Runs on both databases.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { recordEvent } from "@/lib/core/events/record-event";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { startApiServer } from "@/test/support/api-server";
import {
  call,
  expectError,
  expectOk,
  fieldsOf,
  ISO_MS,
  seedV2Agency,
  UUID,
  type SeededV2Agency,
} from "@/test/support/v2-fixtures";
import { respond, startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";

// A public address written as an IP literal: accepted without asking DNS and never contacted.
const PUBLIC_URL = "https://93.184.216.34/hooks/service";
const stripe = new Stripe("sk_test_x");

let server: Awaited<ReturnType<typeof startApiServer>>;
let receiver: WebhookReceiver;
let a: SeededV2Agency;
let b: SeededV2Agency;

beforeAll(async () => {
  server = await startApiServer();
  receiver = await startWebhookReceiver();
  a = await seedV2Agency({ platforms: [] });
  b = await seedV2Agency({ platforms: [] });
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const api = (agency: SeededV2Agency, method: string, path: string, opts?: Parameters<typeof call>[4]) =>
  call(server.url, agency.key, method, path, opts);

async function create(agency: SeededV2Agency, body: unknown = { url: PUBLIC_URL, events: ["*"] }) {
  return expectOk(await api(agency, "POST", "/webhooks", { body }), 201);
}

async function clearWebhooks(agency: SeededV2Agency) {
  const db = await getDb();
  await db.webhook.updateMany({
    where: { agencyId: agency.agencyId, deletedAt: null },
    data: { deletedAt: new Date() },
  });
}

describe("POST /webhooks", () => {
  it("creates a webhook and returns its whsec_ secret once, stored encrypted", async () => {
    const data = await create(a, { url: PUBLIC_URL, events: ["request.created", "request.completed"] });
    expect(data).toEqual({
      id: expect.stringMatching(UUID),
      url: PUBLIC_URL,
      events: ["request.created", "request.completed"],
      status: "active",
      createdAt: expect.stringMatching(ISO_MS),
      updatedAt: expect.stringMatching(ISO_MS),
      secretRotation: { previousSecretExpiresAt: null },
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{44}$/),
    });
    const got = expectOk(await api(a, "GET", `/webhooks/${data.id}`));
    expect(got).not.toHaveProperty("secret");
    const { secret, ...view } = data;
    expect(got).toEqual(view);
    const rows = await (await getDb()).webhookSecret.findMany({ where: { webhookId: data.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secretEncrypted).not.toContain(secret.slice(6, 20));
  });

  it("is idempotent: the same key and body replay the same webhook and secret", async () => {
    await clearWebhooks(a);
    const key = "hook-create-1";
    const first = await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["*"] }, idempotencyKey: key });
    const again = await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["*"] }, idempotencyKey: key });
    expect(expectOk(again, 201)).toEqual(expectOk(first, 201));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(expectOk(await api(a, "GET", "/webhooks")).length).toBe(1);
    expectError(
      await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["client.created"] }, idempotencyKey: key }),
      409,
      "IDEMPOTENCY_KEY_REUSED",
    );
    const missing = expectError(
      await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["*"] }, idempotencyKey: null }),
      400,
      "VALIDATION_FAILED",
    );
    expect(missing.details[0]!.field).toBe("Idempotency-Key");
  });

  it("refuses URLs that are not https on 443 to public addresses, naming the url field", async () => {
    const bad = [
      "not a url",
      "ftp://93.184.216.34/",
      "http://93.184.216.34/hook",
      "https://93.184.216.34:8443/hook",
      "https://10.0.0.1/hook",
      "https://0x0a000001/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/",
      "https://[fd00::1]/",
      "https://[::ffff:a9fe:a9fe]/",
      "https://[64:ff9b::a9fe:a9fe]/",
      "https://0.0.0.0/",
      "https://user:pass@93.184.216.34/",
      `https://93.184.216.34/${"a".repeat(2048)}`,
    ];
    for (const url of bad) {
      const res = await api(a, "POST", "/webhooks", { body: { url, events: ["*"] } });
      expectError(res, 400, "VALIDATION_FAILED");
      expect(fieldsOf(res), url).toEqual(["url"]);
    }
    const port = await api(a, "POST", "/webhooks", { body: { url: "https://93.184.216.34:8443/", events: ["*"] } });
    expect(port.body.error.message).toMatch(/8443/);
  });

  it("refuses a host under a reserved name (.example, .test, .invalid, .localhost) on create and update, naming url", async () => {
    for (const url of [
      "https://webhooks.demo-agency.example/access-events",
      "https://hooks.test/in",
      "https://x.invalid/",
      "https://app.localhost/in",
    ]) {
      const res = await api(a, "POST", "/webhooks", { body: { url, events: ["*"] } });
      expectError(res, 400, "VALIDATION_FAILED");
      expect(fieldsOf(res), url).toEqual(["url"]);
      expect(res.body.error.message).toMatch(/reserved name/);
    }
    const hook = await create(a);
    const res = await api(a, "PATCH", `/webhooks/${hook.id}`, { body: { url: "https://hooks.demo.example/in" } });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(fieldsOf(res)).toEqual(["url"]);
    await api(a, "DELETE", `/webhooks/${hook.id}`);
  });

  it("allows plain http on any port to loopback only with WEBHOOK_ALLOW_LOOPBACK", async () => {
    await clearWebhooks(a);
    await create(a, { url: receiver.url("/local"), events: ["*"] });
    const saved = process.env.WEBHOOK_ALLOW_LOOPBACK;
    process.env.WEBHOOK_ALLOW_LOOPBACK = "0";
    resetEnvCache();
    try {
      for (const url of [receiver.url("/local"), `https://127.0.0.1/`, "https://[::1]/", "https://localhost/"]) {
        const res = await api(a, "POST", "/webhooks", { body: { url, events: ["*"] } });
        expectError(res, 400, "VALIDATION_FAILED");
        expect(fieldsOf(res), url).toEqual(["url"]);
      }
    } finally {
      process.env.WEBHOOK_ALLOW_LOOPBACK = saved;
      resetEnvCache();
    }
  });

  it("refuses duplicate, unknown and mixed-with-* event lists", async () => {
    const cases: [unknown, string][] = [
      [["request.created", "request.created"], "events[1]"],
      [["request.created", "request.exploded"], "events[1]"],
      [["*", "request.created"], "events"],
      [["request.created", "*"], "events"],
      [[], "events"],
      ["*", "events"],
      [[1], "events[0]"],
    ];
    for (const [events, field] of cases) {
      const res = await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events } });
      expectError(res, 400, "VALIDATION_FAILED");
      expect(fieldsOf(res), JSON.stringify(events)).toContain(field);
    }
    expect(fieldsOf(await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL } }))).toEqual(["events"]);
    expect(fieldsOf(await api(a, "POST", "/webhooks", { body: { events: ["*"] } }))).toEqual(["url"]);
    expect(
      fieldsOf(await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["*"], secret: "x" } })),
    ).toEqual(["secret"]);
  });

  it("allows 10 webhooks per agency: the 11th is 409 LIMIT_REACHED until one is deleted", async () => {
    await clearWebhooks(a);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await create(a, { url: `${PUBLIC_URL}/${i}`, events: ["*"] })).id);
    const err = expectError(
      await api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["*"] } }),
      409,
      "LIMIT_REACHED",
    );
    expect(err.message).toMatch(/10/);
    // another agency is not affected
    await create(b);
    expectOk(await api(a, "DELETE", `/webhooks/${ids[0]}`));
    await create(a);
  });

  it("never lets concurrent creates pass the limit", async () => {
    await clearWebhooks(a);
    for (let i = 0; i < 8; i++) await create(a);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api(a, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["*"] } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === "LIMIT_REACHED")).toBe(true);
    expect(await (await getDb()).webhook.count({ where: { agencyId: a.agencyId, deletedAt: null } })).toBe(10);
  });
});

describe("GET /webhooks and GET /webhooks/{id}", () => {
  it("lists the agency's webhooks oldest first with cursor pages, and nothing of another agency", async () => {
    await clearWebhooks(a);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await create(a, { url: `${PUBLIC_URL}/${i}`, events: ["*"] })).id);
    const page1 = await api(a, "GET", "/webhooks?limit=2");
    expect(expectOk(page1).map((w: { id: string }) => w.id)).toEqual(made.slice(0, 2));
    const cursor = page1.body.meta.nextCursor;
    expect(typeof cursor).toBe("string");
    const page2 = await api(a, "GET", `/webhooks?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(expectOk(page2).map((w: { id: string }) => w.id)).toEqual(made.slice(2));
    expect(page2.body.meta.nextCursor).toBeNull();
    expect(expectOk(await api(b, "GET", "/webhooks")).map((w: { id: string }) => w.id)).not.toContain(made[0]);
    expect(fieldsOf(await api(a, "GET", "/webhooks?limit=0"))).toEqual(["limit"]);
    expect(fieldsOf(await api(a, "GET", "/webhooks?status=active"))).toEqual(["status"]);
  });

  it("answers 404 for another agency's webhook, a deleted one and a malformed id, on every endpoint", async () => {
    const mine = await create(b);
    const deleted = await create(a);
    expectOk(await api(a, "DELETE", `/webhooks/${deleted.id}`));
    for (const id of [mine.id, deleted.id, "not-a-uuid"]) {
      expectError(await api(a, "GET", `/webhooks/${id}`), 404, "NOT_FOUND");
      expectError(await api(a, "PATCH", `/webhooks/${id}`, { body: { events: ["*"] } }), 404, "NOT_FOUND");
      expectError(await api(a, "DELETE", `/webhooks/${id}`), 404, "NOT_FOUND");
      for (const op of ["pause", "resume", "rotate-secret", "test"])
        expectError(await api(a, "POST", `/webhooks/${id}/${op}`), 404, "NOT_FOUND");
      expectError(await api(a, "GET", `/webhooks/${id}/deliveries`), 404, "NOT_FOUND");
    }
    // the other agency's webhook is untouched
    expect(expectOk(await api(b, "GET", `/webhooks/${mine.id}`)).status).toBe("active");
  });

  it("checks scopes: webhooks:read to read, webhooks:write to change", async () => {
    const hook = await create(a);
    const reader = await createApiKey({ agencyId: a.agencyId, scopes: ["webhooks:read"] });
    const other = await createApiKey({ agencyId: a.agencyId, scopes: ["clients:read"] });
    expectOk(await call(server.url, reader.key, "GET", `/webhooks/${hook.id}`));
    expectOk(await call(server.url, reader.key, "GET", `/webhooks/${hook.id}/deliveries`));
    expectError(
      await call(server.url, reader.key, "POST", "/webhooks", { body: { url: PUBLIC_URL, events: ["*"] } }),
      403,
      "CAPABILITY_REQUIRED",
    );
    expectError(await call(server.url, reader.key, "POST", `/webhooks/${hook.id}/pause`), 403, "CAPABILITY_REQUIRED");
    expectError(await call(server.url, other.key, "GET", "/webhooks"), 403, "CAPABILITY_REQUIRED");
    expectError(await api(a, "PUT", `/webhooks/${hook.id}`), 405, "METHOD_NOT_ALLOWED");
  });
});

describe("PATCH /webhooks/{id}", () => {
  it("changes url and events with the creation rules", async () => {
    await clearWebhooks(a);
    const hook = await create(a);
    const updated = expectOk(
      await api(a, "PATCH", `/webhooks/${hook.id}`, {
        body: { url: `${PUBLIC_URL}/v2`, events: ["request.completed"] },
      }),
    );
    expect(updated).toMatchObject({
      id: hook.id,
      url: `${PUBLIC_URL}/v2`,
      events: ["request.completed"],
      status: "active",
    });
    expect(expectOk(await api(a, "PATCH", `/webhooks/${hook.id}`, { body: { events: ["*"] } })).url).toBe(
      `${PUBLIC_URL}/v2`,
    );
    expect(fieldsOf(await api(a, "PATCH", `/webhooks/${hook.id}`, { body: { url: "https://192.168.1.1/" } }))).toEqual([
      "url",
    ]);
    expect(
      fieldsOf(await api(a, "PATCH", `/webhooks/${hook.id}`, { body: { events: ["*", "client.created"] } })),
    ).toEqual(["events"]);
    expect(fieldsOf(await api(a, "PATCH", `/webhooks/${hook.id}`, { body: { status: "paused" } }))).toEqual(["status"]);
    expectError(await api(a, "PATCH", `/webhooks/${hook.id}`, { body: {} }), 400, "VALIDATION_FAILED");
  });
});

describe("pause, resume and delete", () => {
  async function pendingDelivery(webhookId: string) {
    const db = await getDb();
    const eventId = await db.$transaction((tx) =>
      recordEvent(tx, { agencyId: a.agencyId, type: "client.created", data: { client: { id: "x" } } as never }),
    );
    // Far in the future, so no worker running in this process could take it first.
    await db.webhookDelivery.updateMany({
      where: { eventId },
      data: { nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    return db.webhookDelivery.findFirstOrThrow({ where: { eventId, webhookId } });
  }

  it("pausing keeps deliveries scheduled after it, records none while paused; resuming records again", async () => {
    await clearWebhooks(a);
    const hook = await create(a);
    const before = await pendingDelivery(hook.id);
    expect(expectOk(await api(a, "POST", `/webhooks/${hook.id}/pause`)).status).toBe("paused");
    const db = await getDb();
    // due in an hour: not due while paused, so still pending
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
      status: "pending",
    });
    const during = await db.$transaction((tx) =>
      recordEvent(tx, { agencyId: a.agencyId, type: "client.created", data: {} as never }),
    );
    expect(await db.webhookDelivery.count({ where: { eventId: during } })).toBe(0);
    // pausing twice is harmless; the list shows the status
    expectOk(await api(a, "POST", `/webhooks/${hook.id}/pause`));
    expect(expectOk(await api(a, "GET", "/webhooks"))[0].status).toBe("paused");
    expect(expectOk(await api(a, "POST", `/webhooks/${hook.id}/resume`)).status).toBe("active");
    // still within its schedule: delivered after the resume
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
      status: "pending",
    });
    expect((await pendingDelivery(hook.id)).status).toBe("pending");
    expectError(await api(a, "POST", `/webhooks/${hook.id}/pause`, { body: { now: true } }), 400, "VALIDATION_FAILED");
  });

  it("cancels only deliveries that are due, or come due, while the webhook is paused", async () => {
    await clearWebhooks(a);
    const hook = await create(a);
    const db = await getDb();
    const dueNow = await pendingDelivery(hook.id);
    await db.webhookDelivery.update({ where: { id: dueNow.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    const comesDue = await pendingDelivery(hook.id);
    const later = await pendingDelivery(hook.id);
    expectOk(await api(a, "POST", `/webhooks/${hook.id}/pause`));
    const statusOf = async (id: string) => (await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).status;
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: dueNow.id } })).toMatchObject({
      status: "cancelled",
      lastError: expect.stringMatching(/paused/),
    });
    expect(await statusOf(comesDue.id)).toBe("pending");
    // this retry's time passes during the pause; the other's is still ahead at the resume
    await db.webhookDelivery.update({
      where: { id: comesDue.id },
      data: { nextAttemptAt: new Date(Date.now() - 1000) },
    });
    expectOk(await api(a, "POST", `/webhooks/${hook.id}/resume`));
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: comesDue.id } })).toMatchObject({
      status: "cancelled",
      lastError: expect.stringMatching(/paused/),
    });
    expect(await statusOf(later.id)).toBe("pending");
  });

  it("deleting cancels pending deliveries and frees the slot", async () => {
    await clearWebhooks(a);
    const hook = await create(a);
    const pending = await pendingDelivery(hook.id);
    expect(expectOk(await api(a, "DELETE", `/webhooks/${hook.id}`))).toEqual({ id: hook.id, deleted: true });
    const db = await getDb();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
      status: "cancelled",
      lastError: expect.stringMatching(/deleted/),
    });
    expect(await db.webhookSecret.count({ where: { webhookId: hook.id } })).toBe(0);
    expectError(await api(a, "GET", `/webhooks/${hook.id}`), 404, "NOT_FOUND");
  });
});

describe("POST /webhooks/{id}/rotate-secret", () => {
  it("returns a new secret; the old one signs for 24 h; rotating again ends the oldest at once", async () => {
    await clearWebhooks(a);
    const hook = await create(a);
    const t0 = Date.now();
    const r1 = expectOk(await api(a, "POST", `/webhooks/${hook.id}/rotate-secret`));
    expect(r1.secret).toMatch(/^whsec_/);
    expect(r1.secret).not.toBe(hook.secret);
    const expires = Date.parse(r1.secretRotation.previousSecretExpiresAt);
    expect(expires - t0).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expires - t0).toBeLessThan(24 * 3600_000 + 60_000);
    expect(expectOk(await api(a, "GET", `/webhooks/${hook.id}`)).secretRotation.previousSecretExpiresAt).toBe(
      r1.secretRotation.previousSecretExpiresAt,
    );

    const r2 = expectOk(await api(a, "POST", `/webhooks/${hook.id}/rotate-secret`));
    const db = await getDb();
    const rows = await db.webhookSecret.findMany({ where: { webhookId: hook.id } });
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.expiresAt === null)).toHaveLength(1);
    expect(Date.parse(r2.secretRotation.previousSecretExpiresAt)).toBeGreaterThanOrEqual(expires);

    // A test delivery now carries exactly two signatures: the newest secret's and r1's.
    const target = await create(a, { url: receiver.url("/rotated"), events: ["*"] });
    const r3 = expectOk(await api(a, "POST", `/webhooks/${target.id}/rotate-secret`));
    expectOk(await api(a, "POST", `/webhooks/${target.id}/test`));
    const [got] = await receiver.waitFor(1, "/rotated");
    const header = String(got!.headers["service-signature"]);
    expect(header.match(/v1=/g)).toHaveLength(2);
    for (const secret of [target.secret, r3.secret])
      expect(() => stripe.webhooks.constructEvent(got!.body, header, secret)).not.toThrow();
    expect(() => stripe.webhooks.constructEvent(got!.body, header, hook.secret)).toThrow();
  });
});

describe("POST /webhooks/{id}/test", () => {
  it("sends webhook.test at once, even when paused, and logs it without a retry", async () => {
    await clearWebhooks(a);
    const hook = await create(a, { url: receiver.url("/test-ok"), events: ["request.created"] });
    expectOk(await api(a, "POST", `/webhooks/${hook.id}/pause`));
    const result = expectOk(await api(a, "POST", `/webhooks/${hook.id}/test`));
    expect(result).toEqual({
      delivered: true,
      statusCode: 200,
      error: null,
      durationMs: expect.any(Number),
      eventId: expect.stringMatching(/^evt_/),
      deliveryId: expect.stringMatching(UUID),
    });
    const [got] = receiver.byPath("/test-ok");
    const event = stripe.webhooks.constructEvent(
      got!.body,
      String(got!.headers["service-signature"]),
      hook.secret,
    ) as unknown as Record<string, unknown>;
    expect(event).toEqual({
      id: result.eventId,
      type: "webhook.test",
      schemaVersion: "2026-10-06",
      createdAt: expect.stringMatching(ISO_MS),
      test: true,
      data: { webhookId: hook.id, message: expect.any(String) },
    });
    expect(got!.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Service-Webhooks/1.0",
      "service-event-id": result.eventId,
      "service-event-type": "webhook.test",
      "service-delivery-id": result.deliveryId,
      "service-attempt-id": expect.stringMatching(UUID),
    });
    const log = expectOk(await api(a, "GET", `/webhooks/${hook.id}/deliveries`));
    expect(log).toEqual([
      {
        id: result.deliveryId,
        webhookId: hook.id,
        eventId: result.eventId,
        eventType: "webhook.test",
        status: "succeeded",
        attempts: [
          {
            id: got!.headers["service-attempt-id"],
            number: 1,
            startedAt: expect.stringMatching(ISO_MS),
            statusCode: 200,
            error: null,
            durationMs: expect.any(Number),
            responseExcerpt: "ok",
            nextAttemptAt: null,
          },
        ],
        nextAttemptAt: null,
        createdAt: expect.stringMatching(ISO_MS),
        completedAt: expect.stringMatching(ISO_MS),
      },
    ]);
  });

  it("shows the endpoint's status or the connection error, and never retries", async () => {
    await clearWebhooks(a);
    receiver.on("/test-500", respond.status(500, "boom"));
    const failing = await create(a, { url: receiver.url("/test-500"), events: ["*"] });
    const r500 = expectOk(await api(a, "POST", `/webhooks/${failing.id}/test`));
    expect(r500).toMatchObject({ delivered: false, statusCode: 500, error: expect.stringMatching(/500/) });

    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await create(a, { url: `http://127.0.0.1:${port}/gone`, events: ["*"] });
    const rNet = expectOk(await api(a, "POST", `/webhooks/${refused.id}/test`));
    expect(rNet).toMatchObject({ delivered: false, statusCode: null, error: "connection refused" });

    const db = await getDb();
    const rows = await db.webhookDelivery.findMany({ where: { webhookId: { in: [failing.id, refused.id] } } });
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "failed"]);
    expect(await db.deliveryAttempt.count({ where: { webhookId: { in: [failing.id, refused.id] } } })).toBe(2);
    expect(receiver.byPath("/test-500")).toHaveLength(1);
  });
});

describe("GET /webhooks/{id}/deliveries", () => {
  it("pages newest first and filters by event type and outcome", async () => {
    await clearWebhooks(a);
    receiver.on("/log", respond.status(200), respond.status(410), respond.status(200));
    const hook = await create(a, { url: receiver.url("/log"), events: ["*"] });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(expectOk(await api(a, "POST", `/webhooks/${hook.id}/test`)));
    const ids = results.map((r) => r.deliveryId).reverse();

    const page1 = await api(a, "GET", `/webhooks/${hook.id}/deliveries?limit=2`);
    expect(expectOk(page1).map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 2));
    const page2 = await api(
      a,
      "GET",
      `/webhooks/${hook.id}/deliveries?limit=2&cursor=${encodeURIComponent(page1.body.meta.nextCursor)}`,
    );
    expect(expectOk(page2).map((d: { id: string }) => d.id)).toEqual(ids.slice(2));
    expect(page2.body.meta.nextCursor).toBeNull();

    const failed = expectOk(await api(a, "GET", `/webhooks/${hook.id}/deliveries?outcome=failed`));
    expect(failed.map((d: { id: string }) => d.id)).toEqual([results[1].deliveryId]);
    expect(failed[0].attempts[0].statusCode).toBe(410);
    expect(expectOk(await api(a, "GET", `/webhooks/${hook.id}/deliveries?eventType=request.created`))).toEqual([]);
    expect(
      expectOk(await api(a, "GET", `/webhooks/${hook.id}/deliveries?eventType=webhook.test&outcome=succeeded`)),
    ).toHaveLength(2);

    expect(fieldsOf(await api(a, "GET", `/webhooks/${hook.id}/deliveries?outcome=lost`))).toEqual(["outcome"]);
    expect(fieldsOf(await api(a, "GET", `/webhooks/${hook.id}/deliveries?eventType=nope`))).toEqual(["eventType"]);
    expect(fieldsOf(await api(a, "GET", `/webhooks/${hook.id}/deliveries?limit=101`))).toEqual(["limit"]);
    // a cursor only works with the filters it was issued for
    expect(
      fieldsOf(
        await api(
          a,
          "GET",
          `/webhooks/${hook.id}/deliveries?limit=2&outcome=failed&cursor=${encodeURIComponent(page1.body.meta.nextCursor)}`,
        ),
      ),
    ).toEqual(["cursor"]);
  });
});
