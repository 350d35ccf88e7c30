import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { signatureHeader, verifySignature } from "@/lib/infra/delivery/sign-payload";

const BODY = '{"id":"evt_1","type":"webhook.test"}';
const T = 1767225600; // 2026-01-01T00:00:00Z
const SECRET_ONE = "whsec_test_secret_one";
const SECRET_TWO = "whsec_test_secret_two";
// Computed independently with
//   printf '%s' '1767225600.{"id":"evt_1","type":"webhook.test"}' | openssl dgst -sha256 -hmac whsec_test_secret_one
const HEX_ONE = "9f23b0cc5190171b42b99cba0848039b77f2f9900e81989da01f08ba353c9fb2";
const HEX_TWO = "b00e7f8e22f643ef84e14071393009c7862a2c07f59c0586c4b369bc1dbd1679";

describe("signatureHeader", () => {
  it("matches a fixed vector keyed with the whole secret, prefix included", () => {
    expect(signatureHeader({ secrets: [SECRET_ONE], body: BODY, timestamp: T })).toBe(`t=${T},v1=${HEX_ONE}`);
  });

  it("carries one v1 per secret, in the given order", () => {
    expect(signatureHeader({ secrets: [SECRET_TWO, SECRET_ONE], body: BODY, timestamp: T })).toBe(
      `t=${T},v1=${HEX_TWO},v1=${HEX_ONE}`,
    );
  });

  it("changes when the body or the timestamp changes", () => {
    const base = signatureHeader({ secrets: [SECRET_ONE], body: BODY, timestamp: T });
    expect(signatureHeader({ secrets: [SECRET_ONE], body: `${BODY} `, timestamp: T })).not.toBe(base);
    expect(signatureHeader({ secrets: [SECRET_ONE], body: BODY, timestamp: T + 1 }).split(",")[1]).not.toBe(
      base.split(",")[1],
    );
  });

  it("refuses no secrets and non-integer timestamps", () => {
    expect(() => signatureHeader({ secrets: [], body: BODY, timestamp: T })).toThrow();
    expect(() => signatureHeader({ secrets: [SECRET_ONE], body: BODY, timestamp: 1.5 })).toThrow();
    expect(() => signatureHeader({ secrets: [SECRET_ONE], body: BODY, timestamp: Date.now() })).not.toThrow();
  });

  it("is accepted by the stripe package's verifier, for either secret during rotation", () => {
    const stripe = new Stripe("sk_test_x");
    const header = signatureHeader({ secrets: [SECRET_TWO, SECRET_ONE], body: BODY, timestamp: T });
    for (const secret of [SECRET_ONE, SECRET_TWO]) {
      const event = stripe.webhooks.constructEvent(BODY, header, secret, 300, undefined, T * 1000 + 10_000);
      expect(event.id).toBe("evt_1");
    }
    expect(() => stripe.webhooks.constructEvent(BODY, header, "whsec_other", 300, undefined, T * 1000)).toThrow();
    // Stripe's own tolerance agrees with ours: six minutes later it refuses.
    expect(() => stripe.webhooks.constructEvent(BODY, header, SECRET_ONE, 300, undefined, (T + 360) * 1000)).toThrow(
      /tolerance/,
    );
  });

  it("is accepted by the stripe package with the clock's own time and default tolerance", () => {
    const stripe = new Stripe("sk_test_x");
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader({ secrets: [SECRET_ONE], body: BODY, timestamp: now });
    expect(stripe.webhooks.constructEvent(BODY, header, SECRET_ONE).type).toBe("webhook.test");
  });
});

describe("verifySignature", () => {
  const header = signatureHeader({ secrets: [SECRET_TWO, SECRET_ONE], body: BODY, timestamp: T });

  it("accepts a match on any secret, from text or raw bytes", () => {
    expect(verifySignature({ header, body: BODY, secrets: [SECRET_ONE], now: T })).toBe(true);
    expect(verifySignature({ header, body: BODY, secrets: [SECRET_TWO], now: T })).toBe(true);
    expect(verifySignature({ header, body: Buffer.from(BODY), secrets: ["whsec_x", SECRET_ONE], now: T })).toBe(true);
  });

  it("rejects a wrong secret, a changed body and a missing or malformed header", () => {
    expect(verifySignature({ header, body: BODY, secrets: ["whsec_x"], now: T })).toBe(false);
    expect(verifySignature({ header, body: `${BODY}\n`, secrets: [SECRET_ONE], now: T })).toBe(false);
    expect(verifySignature({ header: null, body: BODY, secrets: [SECRET_ONE], now: T })).toBe(false);
    expect(verifySignature({ header: `v1=${HEX_ONE}`, body: BODY, secrets: [SECRET_ONE], now: T })).toBe(false);
    expect(verifySignature({ header: `t=${T}`, body: BODY, secrets: [SECRET_ONE], now: T })).toBe(false);
    expect(verifySignature({ header: `t=abc,v1=${HEX_ONE}`, body: BODY, secrets: [SECRET_ONE], now: T })).toBe(false);
    // A replayed signature under a new timestamp does not verify.
    expect(
      verifySignature({ header: `t=${T + 100},v1=${HEX_ONE}`, body: BODY, secrets: [SECRET_ONE], now: T + 100 }),
    ).toBe(false);
  });

  it("applies the tolerance: 300 s by default, both sides of now", () => {
    const check = (now: number, toleranceSeconds?: number) =>
      verifySignature({ header, body: BODY, secrets: [SECRET_ONE], now, toleranceSeconds });
    expect(check(T + 300)).toBe(true);
    expect(check(T + 301)).toBe(false);
    expect(check(T - 300)).toBe(true);
    expect(check(T - 301)).toBe(false);
    expect(check(T + 301, 600)).toBe(true);
    expect(check(T + 11, 10)).toBe(false);
  });
});
