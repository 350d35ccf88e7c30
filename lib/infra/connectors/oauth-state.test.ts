// Checks signing and verifying the OAuth state: round trip, tampering,
// malformed input, expiry and nonces.

import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newNonce, signState, verifyState } from "@/lib/infra/connectors/oauth-state";

const SECRET = "test-secret-0123456789abcdef";
const NOW = new Date("2026-11-21T12:00:00.000Z");
const LATER = new Date("2026-11-21T12:10:00.000Z");

const payload = {
  requestId: "5f0c6a1e-8a7b-4a43-9d51-2a3c4b5d6e7f",
  serviceId: "meta_ads",
  nonce: "n0nce-AbC_123",
  expiresAt: LATER,
};

describe("signState / verifyState", () => {
  it("round-trips the payload", () => {
    const token = signState(payload, SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyState(token, SECRET, NOW)).toEqual({ ok: true, payload });
  });

  it("refuses a token signed with another secret", () => {
    const token = signState(payload, "another-secret-value");
    expect(verifyState(token, SECRET, NOW)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses a token whose payload was swapped", () => {
    const [, signature] = signState(payload, SECRET).split(".");
    const [forged] = signState({ ...payload, requestId: "other" }, SECRET).split(".");
    expect(verifyState(`${forged}.${signature}`, SECRET, NOW)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses any single-character change", () => {
    const token = signState(payload, SECRET);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...alphabet), (index, char) => {
        fc.pre(token[index] !== "." && token[index] !== char);
        const tampered = token.slice(0, index) + char + token.slice(index + 1);
        expect(verifyState(tampered, SECRET, NOW).ok).toBe(false);
      }),
      { numRuns: 300, seed: 42 },
    );
  });

  it("refuses at and after the expiry, accepts just before", () => {
    const token = signState(payload, SECRET);
    expect(verifyState(token, SECRET, new Date(LATER.getTime() - 1)).ok).toBe(true);
    expect(verifyState(token, SECRET, LATER)).toEqual({ ok: false, reason: "expired" });
    expect(verifyState(token, SECRET, new Date(LATER.getTime() + 60_000))).toEqual({ ok: false, reason: "expired" });
  });

  it.each(["", ".", "abc", "a.b.c", "abc.", ".abc", "ab+c.def", "abc.de=f", "x".repeat(5000) + ".abc"])(
    "refuses the malformed token %j",
    (token) => {
      expect(verifyState(token, SECRET, NOW)).toEqual({ ok: false, reason: "malformed" });
    },
  );

  it.each([
    "not json",
    "[]",
    JSON.stringify({ v: 2, requestId: "r", serviceId: "s", nonce: "n", exp: LATER.getTime() }),
    JSON.stringify({ v: 1, requestId: "", serviceId: "s", nonce: "n", exp: LATER.getTime() }),
    JSON.stringify({ v: 1, requestId: "r", serviceId: "s", nonce: "n", exp: LATER.getTime(), admin: true }),
  ])("refuses the correctly signed non-state body %j", (json) => {
    // Signed with the real secret so the shape check is what refuses it.
    const encoded = Buffer.from(json, "utf8").toString("base64url");
    const token = `${encoded}.${createHmac("sha256", SECRET).update(encoded).digest("base64url")}`;
    expect(verifyState(token, SECRET, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses an empty secret on both sides", () => {
    expect(() => signState(payload, "")).toThrow();
    expect(() => verifyState("a.b", "", NOW)).toThrow();
  });

  it("refuses an invalid expiry date when signing", () => {
    expect(() => signState({ ...payload, expiresAt: new Date("nope") }, SECRET)).toThrow();
  });
});

describe("newNonce", () => {
  it("is 128 bits of base64url and does not repeat", () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => newNonce()));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(nonce, "base64url")).toHaveLength(16);
    }
  });
});
