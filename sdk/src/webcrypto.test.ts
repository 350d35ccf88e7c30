// Verification on WebCrypto (what edge runtimes have) against deliveries signed by the app's
// own signer, and signTestPayload checked by both verifiers and by the app's.
import { describe, expect, it } from "vitest";
import { signatureHeader, verifySignature } from "@/lib/infra/delivery/sign-payload";
import { signTestPayload, verifyWebhookAsync, WebhookVerificationError } from "./webhook-signature.js";
import { createWebhookHandler, verifyWebhook } from "./webhooks.js";

const SECRET = "whsec_current";
const OLD = "whsec_previous";
const NOW = 1_800_000_000;
const event = {
  id: "evt_1",
  type: "request.created",
  schemaVersion: "2026-10-06",
  createdAt: "2027-01-15T08:00:00.000Z",
  test: false,
  data: { request: { id: "r1" } },
};
const body = JSON.stringify(event);
const reason = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof WebhookVerificationError ? e.reason : String(e);
  }
  return "accepted";
};

describe("verifyWebhookAsync (WebCrypto)", () => {
  it("accepts what the service signs, as text or bytes, with either secret during a rotation", async () => {
    const header = signatureHeader({ secrets: [SECRET, OLD], body, timestamp: NOW });
    expect((await verifyWebhookAsync({ payload: body, signature: header, secret: SECRET, now: NOW * 1000 })).id).toBe(
      "evt_1",
    );
    expect(
      (
        await verifyWebhookAsync({
          payload: new TextEncoder().encode(body),
          signature: header,
          secret: [OLD],
          now: NOW * 1000,
        })
      ).type,
    ).toBe("request.created");
  });

  it("refuses what verifyWebhook refuses, with the same reasons", async () => {
    const header = signatureHeader({ secrets: [SECRET], body, timestamp: NOW });
    const at = NOW * 1000;
    expect(await reason(verifyWebhookAsync({ payload: body, signature: header, secret: "whsec_other", now: at }))).toBe(
      "no_matching_signature",
    );
    expect(await reason(verifyWebhookAsync({ payload: body + " ", signature: header, secret: SECRET, now: at }))).toBe(
      "no_matching_signature",
    );
    expect(
      await reason(verifyWebhookAsync({ payload: body, signature: header, secret: SECRET, now: at + 301_000 })),
    ).toBe("timestamp_out_of_tolerance");
    expect(await reason(verifyWebhookAsync({ payload: body, signature: null, secret: SECRET, now: at }))).toBe(
      "missing_signature",
    );
    expect(await reason(verifyWebhookAsync({ payload: body, signature: "v1=abc", secret: SECRET, now: at }))).toBe(
      "malformed_signature",
    );
    const notJson = signatureHeader({ secrets: [SECRET], body: "nope", timestamp: NOW });
    expect(await reason(verifyWebhookAsync({ payload: "nope", signature: notJson, secret: SECRET, now: at }))).toBe(
      "malformed_body",
    );
  });

  it("does not import node:crypto (the edge entry point stays loadable without Node)", async () => {
    const { readFile } = await import("node:fs/promises");
    for (const file of ["webhook-signature.ts", "webhook-receiver.ts", "client.ts", "errors.ts", "edge.ts"]) {
      expect(await readFile(new URL(file, import.meta.url), "utf8")).not.toMatch(/from "node:/);
    }
  });
});

describe("signTestPayload", () => {
  it("signs an event object so the SDK's verifiers and the service's own check accept it", async () => {
    const signed = await signTestPayload({ payload: event, secret: SECRET, timestamp: NOW });
    expect(signed.payload).toBe(body);
    expect(signed.signature).toBe(signatureHeader({ secrets: [SECRET], body, timestamp: NOW }));
    expect(signed.headers).toEqual({ "Content-Type": "application/json", "Service-Signature": signed.signature });
    expect(
      verifyWebhook({ payload: signed.payload, signature: signed.signature, secret: SECRET, now: NOW * 1000 }).id,
    ).toBe("evt_1");
    expect(
      (
        await verifyWebhookAsync({
          payload: signed.payload,
          signature: signed.signature,
          secret: SECRET,
          now: NOW * 1000,
        })
      ).id,
    ).toBe("evt_1");
    expect(verifySignature({ header: signed.signature, body, secrets: [SECRET], now: NOW })).toBe(true);
  });

  it("signs with the clock by default, and with two secrets as during a rotation", async () => {
    const signed = await signTestPayload({ payload: body, secret: [SECRET, OLD] });
    expect(signed.signature.match(/v1=/g)).toHaveLength(2);
    const handler = createWebhookHandler({ secret: OLD, onEvent: () => {} });
    expect((await handler(signed.payload, signed.signature)).status).toBe(200);
  });

  it("refuses an empty secret or a timestamp that is not whole seconds", async () => {
    await expect(signTestPayload({ payload: body, secret: "" })).rejects.toThrow(TypeError);
    await expect(signTestPayload({ payload: body, secret: SECRET, timestamp: 1.5 })).rejects.toThrow(TypeError);
  });
});
