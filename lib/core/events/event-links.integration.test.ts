// The client's links in stored event bodies: the Event row keeps `inviteUrl`
// and `embedUrl` sealed, so the database holds no token in clear; the webhook delivery (sent
// by the worker to a loopback receiver, signed) carries the real links, as does the API; the
// dashboard's readers of the stored body still read it; and a row written before, with
// plain links, is still delivered exactly as stored. Through the V2 API over HTTP, on both
// database modes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { getDb } from "@/lib/infra/db/db";
import { openSealedJson, SEALED_VALUE_PREFIX } from "@/lib/infra/secrets/sealed-json";
import { eventEnvelope, newEventId } from "@/lib/core/events/event-envelope";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { getRequestTimeline } from "@/lib/core/requests/get-request-timeline";
import { startDeliveryLoop, type DeliveryLoop } from "@/lib/runtime/worker/delivery-loop";
import { startApiServer } from "@/test/support/api-server";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { client, expectOk, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";

const stripe = new Stripe("sk_test_x");

let server: Awaited<ReturnType<typeof startApiServer>>;
let receiver: WebhookReceiver;
let loop: DeliveryLoop;
let a: SeededV2Agency;
let api: ReturnType<typeof client>;
let hook: { id: string; secret: string };

beforeAll(async () => {
  server = await startApiServer();
  receiver = await startWebhookReceiver();
  a = await seedV2Agency({ platforms: ["meta"] });
  api = client(server.url, a.key);
  const created = await createWebhook({
    agencyId: a.agencyId,
    input: { url: receiver.url("/links"), events: ["request.created"] },
  });
  hook = { id: created.webhook.id, secret: created.secret };
  loop = startDeliveryLoop({ name: "event-links", pollMs: 100, maxInFlight: 2 });
});
afterAll(async () => {
  await loop.stop();
  await receiver.close();
  await server.close();
});

async function createRequest() {
  const clientId = expectOk(
    await api("POST", "/clients", { body: { name: "Links Client", email: `links-${Date.now()}@example.com` } }),
    201,
  ).id as string;
  return expectOk(
    await api("POST", "/requests", {
      body: {
        clientId,
        requestedServices: {
          meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] },
        },
      },
    }),
    201,
  ) as { id: string; inviteUrl: string; embedUrl: string };
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

describe("links in stored event bodies", () => {
  it("stores the links sealed and delivers and answers the real ones", async () => {
    const created = await createRequest();
    const token = tokenOf(created.inviteUrl);
    expect(token.length).toBeGreaterThanOrEqual(32);

    // the raw row, as PostgreSQL returns it: no link and no token in clear
    const db = await getDb();
    const rows = await db.$queryRaw<{ id: string; body: string }[]>`
      SELECT "id", "body" FROM "Event" WHERE "requestId" = ${created.id}::uuid`;
    expect(rows).toHaveLength(1);
    const raw = rows[0]!.body;
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(created.inviteUrl);
    expect(raw).not.toContain("/i/");
    expect(raw).not.toContain("/embed/");
    const stored = JSON.parse(raw) as { type: string; data: { request: Record<string, unknown> } };
    expect(stored.type).toBe("request.created");
    expect(stored.data.request.id).toBe(created.id);
    expect(String(stored.data.request.inviteUrl)).toMatch(new RegExp(`^${SEALED_VALUE_PREFIX}`));
    expect(String(stored.data.request.embedUrl)).toMatch(new RegExp(`^${SEALED_VALUE_PREFIX}`));
    // a sealed link copied onto another event's row does not open there
    expect(openSealedJson(raw, newEventId())).not.toContain(token);

    // the integrator receives the real links, signed over what it receives
    const delivered = (await receiver.waitFor(1, "/links")).find((r) => r.headers["service-event-id"] === rows[0]!.id)!;
    const header = String(delivered.headers["service-signature"]);
    const sent = stripe.webhooks.constructEvent(delivered.body, header, hook.secret) as unknown as {
      data: { request: { inviteUrl: string; embedUrl: string } };
    };
    expect(sent.data.request.inviteUrl).toBe(created.inviteUrl);
    expect(sent.data.request.embedUrl).toBe(created.embedUrl);
    // and data.request is GET's body, as the spec says
    const got = expectOk(await api("GET", `/requests/${created.id}`));
    expect(got.inviteUrl).toBe(created.inviteUrl);
    expect(sent.data.request).toEqual(got);

    // the dashboard's readers of the stored body still read it
    const timeline = await getRequestTimeline({ agencyId: a.agencyId, requestId: created.id });
    expect(timeline.length).toBeGreaterThan(0);
  });

  it("delivers a row stored before, with plain links, exactly as stored", async () => {
    const created = await createRequest();
    await receiver.waitFor(2, "/links");
    const db = await getDb();
    const id = newEventId();
    const now = new Date();
    const got = expectOk(await api("GET", `/requests/${created.id}`));
    const plain = JSON.stringify(eventEnvelope(id, "request.created", now, { request: got }));
    await db.event.create({
      data: {
        id,
        agencyId: a.agencyId,
        type: "request.created",
        schemaVersion: "2026-10-06",
        requestId: created.id,
        body: plain,
        fannedOutAt: now,
        createdAt: now,
        deliveries: { create: { agencyId: a.agencyId, webhookId: hook.id, eventType: "request.created" } },
      },
    });
    const received = await receiver.waitFor(3, "/links");
    const old = received.find((r) => r.headers["service-event-id"] === id)!;
    expect(old.body).toBe(plain);
    expect(JSON.parse(old.body).data.request.inviteUrl).toBe(created.inviteUrl);
    // readers of a plain row are unchanged
    expect(openSealedJson(plain, id)).toBe(plain);
  });
});
