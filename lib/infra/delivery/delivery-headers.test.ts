import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { deliveryHeaders, USER_AGENT } from "@/lib/infra/delivery/delivery-headers";
import { standardWebhooksSecret, verifySignature } from "@/lib/infra/delivery/sign-payload";
import { newWebhookSecret } from "@/lib/infra/secrets/secret-box";

const BODY = '{"id":"evt_1","type":"request.created"}';
const SECRET = "whsec_current";
const OLD = "whsec_previous";
const input = { eventId: "evt_1", eventType: "request.created", deliveryId: "d-1", body: BODY, secrets: [SECRET] };

describe("deliveryHeaders", () => {
  it("carries the spec's headers", () => {
    const h = deliveryHeaders({ ...input, attemptId: "a-1", timestamp: 1_700_000_000 });
    expect(h).toEqual({
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      "Service-Event-Id": "evt_1",
      "Service-Event-Type": "request.created",
      "Service-Delivery-Id": "d-1",
      "Service-Attempt-Id": "a-1",
      "Service-Signature": expect.stringMatching(/^t=1700000000,v1=[0-9a-f]{64}$/),
      "webhook-id": "d-1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(USER_AGENT).toBe("Service-Webhooks/1.0");
  });

  it("signs a retry afresh: new timestamp and signature over the same body, same event and delivery ids", () => {
    const first = deliveryHeaders({ ...input, attemptId: "a-1", timestamp: 1_700_000_000 });
    const retry = deliveryHeaders({ ...input, attemptId: "a-2", timestamp: 1_700_000_060 });
    expect(retry["Service-Signature"]).not.toBe(first["Service-Signature"]);
    expect(retry["Service-Signature"]!.startsWith("t=1700000060,")).toBe(true);
    expect(retry["Service-Delivery-Id"]).toBe(first["Service-Delivery-Id"]);
    for (const [h, now] of [
      [first, 1_700_000_000],
      [retry, 1_700_000_060],
    ] as const) {
      expect(verifySignature({ header: h["Service-Signature"], body: BODY, secrets: [SECRET], now })).toBe(true);
    }
  });

  it("defaults to the clock and signs once per secret during rotation, each accepted by stripe", () => {
    const h = deliveryHeaders({ ...input, secrets: [SECRET, OLD], attemptId: "a-1" });
    const header = h["Service-Signature"]!;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(Math.abs(Number(/^t=(\d+)/.exec(header)![1]) - Date.now() / 1000)).toBeLessThan(5);
    const stripe = new Stripe("sk_test_x");
    for (const secret of [SECRET, OLD])
      expect(() => stripe.webhooks.constructEvent(BODY, header, secret)).not.toThrow();
    expect(() => stripe.webhooks.constructEvent(BODY, header, "whsec_other")).toThrow();
  });

  it("signs a secret as shown for standardwebhooks and svix, and keeps the re-encoded secret verifying", () => {
    const secret = newWebhookSecret();
    const old = newWebhookSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const h = deliveryHeaders({ ...input, secrets: [secret, old], attemptId: "a-1", timestamp });
    // per secret: the key its base64 decodes to, then the whole secret's bytes
    expect(h["webhook-signature"]!.split(" ")).toHaveLength(4);
    for (const s of [secret, old]) {
      expect(new Webhook(s).verify(BODY, h)).toEqual(JSON.parse(BODY));
      expect(() => new SvixWebhook(s).verify(BODY, h)).not.toThrow();
      expect(new Webhook(standardWebhooksSecret(s)).verify(BODY, h)).toEqual(JSON.parse(BODY));
    }
    expect(() => new Webhook(newWebhookSecret()).verify(BODY, h)).toThrow(/No matching signature/);
    expect(() => new SvixWebhook(newWebhookSecret()).verify(BODY, h)).toThrow();
    expect(() => new SvixWebhook(secret).verify(`${BODY} `, h)).toThrow();
  });

  it("keeps signing secrets issued before (base64url) with the whole secret's bytes, as receivers were told", () => {
    // A secret as the app made them before: whsec_ and 32 random bytes in base64url.
    const secret = `whsec_${randomBytes(32).toString("base64url")}`;
    const old = `whsec_${randomBytes(32).toString("base64url")}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const h = deliveryHeaders({ ...input, secrets: [secret, old], attemptId: "a-1", timestamp });
    expect(h["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const s of [secret, old]) {
      expect(new Webhook(standardWebhooksSecret(s)).verify(BODY, h)).toEqual(JSON.parse(BODY));
      expect(() => new Webhook(s, { format: "raw" }).verify(BODY, h)).not.toThrow();
      expect(verifySignature({ header: h["Service-Signature"], body: BODY, secrets: [s] })).toBe(true);
    }
    const other = standardWebhooksSecret(`whsec_${randomBytes(32).toString("base64url")}`);
    expect(() => new Webhook(other).verify(BODY, h)).toThrow(/No matching signature/);
    expect(() => new Webhook(standardWebhooksSecret(secret)).verify(`${BODY} `, h)).toThrow();
    // The signature covers webhook-id and webhook-timestamp.
    expect(() => new Webhook(standardWebhooksSecret(secret)).verify(BODY, { ...h, "webhook-id": "d-2" })).toThrow();
    expect(() =>
      new Webhook(standardWebhooksSecret(secret)).verify(BODY, { ...h, "webhook-timestamp": String(timestamp - 1) }),
    ).toThrow();
  });
});
