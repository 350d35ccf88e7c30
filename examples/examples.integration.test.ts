// The examples, run: each receiver (Express, a Next.js route handler, node:http) is sent a
// delivery signed by the app's own signer (lib/infra/delivery/sign-payload.ts) and must accept
// it once, skip its duplicate and refuse a forgery; the end-to-end script runs against the
// app's route handlers and delivery worker on the test database with the sandbox platforms.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureHeader } from "@/lib/infra/delivery/sign-payload";
import { eventEnvelope, newEventId } from "@/lib/core/events/event-envelope";
import { startApiServer } from "@/test/support/api-server";
import { seedV2Agency } from "@/test/support/v2-fixtures";
import { startDeliveryLoop, type DeliveryLoop } from "@/lib/runtime/worker/delivery-loop";
import type { WebhookEvent } from "@access-requests/sdk";
import { createReceiverApp } from "./express-receiver";
import { webhookRoute } from "./next-route-handler";
import { createReceiverServer } from "./node-http-receiver";
import { runEndToEnd } from "./end-to-end";

const SECRET = "whsec_" + "a".repeat(43);
const OLD_SECRET = "whsec_" + "b".repeat(43);

function delivery(secrets: string[] = [SECRET], timestamp = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify(
    eventEnvelope(newEventId(), "webhook.test", new Date(), { webhookId: crypto.randomUUID(), message: "hello" }),
  );
  return { body, signature: signatureHeader({ secrets, body, timestamp }) };
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

type Send = (body: string, signature: string) => Promise<{ status: number; text: string }>;

async function checkReceiver(send: Send, received: WebhookEvent[]) {
  const first = delivery([SECRET, OLD_SECRET]); // as during a rotation: one v1 per secret
  expect(await send(first.body, first.signature)).toEqual({ status: 200, text: "ok" });
  expect(await send(first.body, first.signature)).toEqual({ status: 200, text: "duplicate" });
  expect(received.map((e) => e.id)).toEqual([JSON.parse(first.body).id]);
  expect(received[0]).toMatchObject({ type: "webhook.test", test: true, data: { message: "hello" } });

  const forged = delivery(["whsec_someone-else"]);
  expect((await send(forged.body, forged.signature)).status).toBe(400);
  const stale = delivery([SECRET], Math.floor(Date.now() / 1000) - 301);
  expect((await send(stale.body, stale.signature)).status).toBe(400);
  const tampered = delivery();
  expect((await send(tampered.body.replace("hello", "hellp"), tampered.signature)).status).toBe(400);
  expect(received).toHaveLength(1);
}

const post =
  (url: string): Send =>
  async (body, signature) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "service-signature": signature },
      body,
    });
    return { status: res.status, text: await res.text() };
  };

describe("receivers", () => {
  it("Express", async () => {
    const received: WebhookEvent[] = [];
    const server = http.createServer(createReceiverApp({ secret: [SECRET], onEvent: (e) => void received.push(e) }));
    try {
      await checkReceiver(post(await listen(server)), received);
    } finally {
      server.close();
    }
  });

  it("Next.js route handler", async () => {
    const received: WebhookEvent[] = [];
    const POST = webhookRoute({ secret: SECRET, onEvent: (e) => void received.push(e) });
    await checkReceiver(async (body, signature) => {
      const res = await POST(
        new Request("http://localhost/api/webhooks", {
          method: "POST",
          headers: { "service-signature": signature },
          body,
        }),
      );
      return { status: res.status, text: await res.text() };
    }, received);
  });

  it("node:http", async () => {
    const received: WebhookEvent[] = [];
    const server = createReceiverServer({ secret: SECRET, onEvent: (e) => void received.push(e) });
    try {
      await checkReceiver(post(await listen(server)), received);
    } finally {
      server.close();
    }
  });
});

describe("end-to-end script", () => {
  let api: Awaited<ReturnType<typeof startApiServer>>;
  let loop: DeliveryLoop;
  beforeAll(async () => {
    api = await startApiServer();
    loop = startDeliveryLoop({ name: "examples", pollMs: 100 });
  });
  afterAll(async () => {
    await loop.stop();
    await api.close();
  });

  it("creates a client and a request, waits for request.completed through webhooks and prints the granted assets", async () => {
    const agency = await seedV2Agency({ platforms: ["meta"] });
    const lines: string[] = [];
    const request = await runEndToEnd({
      baseUrl: api.url,
      apiKey: agency.key,
      playSandboxClient: true,
      timeoutMs: 30_000,
      log: (l) => lines.push(l),
    });
    expect(request.status).toBe("completed");
    const granted = request.services.flatMap((s) => s.grantedAssets);
    expect(granted).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^event request\.created evt_/),
        expect.stringMatching(/^event request\.completed evt_/),
      ]),
    );
    expect(lines.some((l) => l.startsWith("granted ") && l.includes(granted[0]!.id))).toBe(true);
  });
});
