import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, openSecret, sealSecret } from "@/lib/infra/secrets/secret-box";

const KEY = crypto.randomBytes(32);
const HOOK = "5b0c7f3e-8a3d-4f6e-9d2a-1c2b3a4d5e6f";
const OTHER = "0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b";

describe("newWebhookSecret", () => {
  it("is whsec_ and 33 random bytes in standard base64, no padding (what Standard Webhooks libraries decode)", () => {
    const s = newWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{44}$/);
    expect(Buffer.from(s.slice(6), "base64")).toHaveLength(33);
    expect(newWebhookSecret()).not.toBe(s);
  });
});

describe("sealSecret / openSecret", () => {
  it("round-trips and never stores the plain text", () => {
    const secret = newWebhookSecret();
    const sealed = sealSecret(secret, HOOK, KEY);
    expect(sealed.split(".")).toHaveLength(3);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openSecret(sealed, HOOK, KEY)).toBe(secret);
    // a fresh IV every time
    expect(sealSecret(secret, HOOK, KEY)).not.toBe(sealed);
  });

  it("refuses another key, another webhook and any altered byte", () => {
    const sealed = sealSecret(newWebhookSecret(), HOOK, KEY);
    expect(() => openSecret(sealed, HOOK, crypto.randomBytes(32))).toThrow();
    expect(() => openSecret(sealed, OTHER, KEY)).toThrow();
    const [iv, tag, ct] = sealed.split(".") as [string, string, string];
    const flipped = Buffer.from(ct, "base64url");
    flipped[0]! ^= 1;
    expect(() => openSecret([iv, tag, flipped.toString("base64url")].join("."), HOOK, KEY)).toThrow();
    expect(() => openSecret("not-sealed", HOOK, KEY)).toThrow();
  });
});
