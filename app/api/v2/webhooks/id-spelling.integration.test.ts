// One spelling of an id: a webhook addressed by its id in upper case is the same webhook, and a
// secret rotated that way is sealed under the stored (lower-case) id, so the test endpoint and
// the worker's deliveries can open it. Secrets sealed under the upper-case spelling before that
// was so are repaired on first use. Runs on both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { getDb } from "@/lib/infra/db/db";
import { recordEvent } from "@/lib/core/events/record-event";
import { rotateWebhookSecret } from "@/lib/core/webhooks/rotate-webhook-secret";
import { openSecret, sealSecret } from "@/lib/infra/secrets/secret-box";
import { startDeliveryLoop } from "@/lib/runtime/worker/delivery-loop";
import { startApiServer } from "@/test/support/api-server";
import { call, expectOk, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";

const stripe = new Stripe("sk_test_x");

let server: Awaited<ReturnType<typeof startApiServer>>;
let receiver: WebhookReceiver;
let a: SeededV2Agency;

beforeAll(async () => {
  server = await startApiServer();
  receiver = await startWebhookReceiver();
  a = await seedV2Agency({ platforms: [] });
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const api = (method: string, path: string, opts?: Parameters<typeof call>[4]) =>
  call(server.url, a.key, method, path, opts);

async function hookAt(path: string): Promise<{ id: string; secret: string }> {
  return expectOk(
    await api("POST", "/webhooks", { body: { url: receiver.url(path), events: ["client.created"] } }),
    201,
  );
}

function signatureOf(path: string, index = 0) {
  const got = receiver.byPath(path)[index]!;
  return { body: got.body, header: String(got.headers["service-signature"]) };
}

/** Records one client.created event and lets a worker deliver it; answers the attempts made. */
async function deliverOneEvent(webhookId: string) {
  const db = await getDb();
  const eventId = await db.$transaction((tx) =>
    recordEvent(tx, { agencyId: a.agencyId, type: "client.created", data: { client: { id: "x" } } as never }),
  );
  const loop = startDeliveryLoop({ name: "id-spelling", pollMs: 50, allowLoopback: true, timeoutMs: 5_000 });
  try {
    for (;;) {
      const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId, webhookId } });
      if (delivery.status !== "pending")
        return { delivery, attempts: await db.deliveryAttempt.count({ where: { deliveryId: delivery.id } }) };
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await loop.stop();
  }
}

describe("a webhook id in upper case", () => {
  it("rotates through the API; the test endpoint and deliveries sign with the new secret", async () => {
    const hook = await hookAt("/upper");
    const upper = hook.id.toUpperCase();
    const rotated = expectOk(await api("POST", `/webhooks/${upper}/rotate-secret`));
    expect(rotated.id).toBe(hook.id);

    const result = expectOk(await api("POST", `/webhooks/${upper}/test`));
    expect(result).toMatchObject({ delivered: true, statusCode: 200 });
    const test = signatureOf("/upper");
    expect(() => stripe.webhooks.constructEvent(test.body, test.header, rotated.secret)).not.toThrow();
    expect(JSON.parse(test.body).data.webhookId).toBe(hook.id);

    const { delivery, attempts } = await deliverOneEvent(hook.id);
    expect(delivery.status).toBe("succeeded");
    expect(attempts).toBe(1);
    const sent = signatureOf("/upper", 1);
    expect(() => stripe.webhooks.constructEvent(sent.body, sent.header, rotated.secret)).not.toThrow();
  });

  it("seals under the stored id when the core is called with another spelling", async () => {
    const hook = await hookAt("/core");
    const { secret } = await rotateWebhookSecret({ agencyId: a.agencyId, id: hook.id.toUpperCase() });
    const row = await (
      await getDb()
    ).webhookSecret.findFirstOrThrow({ where: { webhookId: hook.id, expiresAt: null } });
    expect(openSecret(row.secretEncrypted, hook.id)).toBe(secret);
  });

  it("repairs a secret sealed under the upper-case spelling on first use", async () => {
    const hook = await hookAt("/repair");
    const db = await getDb();
    const row = await db.webhookSecret.findFirstOrThrow({ where: { webhookId: hook.id } });
    // as a rotation through an upper-case path once stored it
    await db.webhookSecret.update({
      where: { id: row.id },
      data: { secretEncrypted: sealSecret(hook.secret, hook.id.toUpperCase()) },
    });

    const result = expectOk(await api("POST", `/webhooks/${hook.id}/test`));
    expect(result).toMatchObject({ delivered: true, statusCode: 200 });
    const test = signatureOf("/repair");
    expect(() => stripe.webhooks.constructEvent(test.body, test.header, hook.secret)).not.toThrow();
    const repaired = await db.webhookSecret.findUniqueOrThrow({ where: { id: row.id } });
    expect(openSecret(repaired.secretEncrypted, hook.id)).toBe(hook.secret);

    const { delivery, attempts } = await deliverOneEvent(hook.id);
    expect(delivery.status).toBe("succeeded");
    expect(attempts).toBe(1);
  });

  it("names the same object on every path that takes an id", async () => {
    const hook = await hookAt("/paths");
    const upper = hook.id.toUpperCase();
    expect(expectOk(await api("GET", `/webhooks/${upper}`)).id).toBe(hook.id);
    expect(expectOk(await api("PATCH", `/webhooks/${upper}`, { body: { events: ["*"] } })).id).toBe(hook.id);
    expect(expectOk(await api("GET", `/webhooks/${upper}/deliveries`))).toEqual([]);
  });
});
