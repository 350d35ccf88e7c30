// The one crypto module: sealing round trips with and without associated data, the signed
// token's purpose binding, and values stored or handed out in each older format (made by the
// code before the merge, with a fixed key and secret) still opening.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptText, encryptText, openSigned, signValue, verifyValue } from "@/lib/infra/secrets/crypto";
import { openSecret } from "@/lib/infra/secrets/secret-box";
import { verifyState } from "@/lib/infra/connectors/oauth-state";

const KEY = Buffer.from("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "hex");
const SECRET = "legacy-app-secret";
const HOOK = "5b0c7f3e-8a3d-4f6e-9d2a-1c2b3a4d5e6f";

// Written by the code before the merge: lib/infra/secrets/seal.ts (encryptText, signValue),
// secret-box.ts (sealSecret), the idempotency store's sealBody, connectors/oauth-state.ts.
const LEGACY = {
  linkToken: "YMeSRpc6QidZMc6J.2Q7ZNW9JQ6OpIUNXrkTckg.zWPf0j-969m2-2vYd961",
  webhookSecret: "o__yQUAshkCmze6-.rbynyx-Hi8h_LQirb46Sxw.4hbwOai0ApnHGZaA",
  idempotencyBody: "1oWnSgdqRWfV-upwe-G8YhgaIctbbiWgKcq0g__xU-BanW3wdF0gn94AFd6ZexjddQ1G3Q4Da3WxIjo2ekFFZKTf0a1YXg",
  attemptNotice: "eyJyIjoicmVxMSIsIngiOjQxMDI0NDQ4MDAwMDB9.SXPsaObuI1bamXQcHfR6BqVYG_cEGgEzxsaPiEaOuTI",
  oauthState:
    "eyJ2IjoxLCJyZXF1ZXN0SWQiOiJyMSIsInNlcnZpY2VJZCI6Im1ldGFfYWRzIiwibm9uY2UiOiJuMSIsImV4cCI6NDEwMjQ0NDgwMDAwMH0.nJ36K3EJecx2PkSFdgkO_zMsWPOm0o42C7SBQ3nqAz0",
};

describe("sealing", () => {
  it("round-trips in one format, a fresh iv each time, and refuses another key or an altered byte", () => {
    const sealed = encryptText("hello", KEY);
    expect(sealed.split(".")).toHaveLength(3);
    expect(encryptText("hello", KEY)).not.toBe(sealed);
    expect(decryptText(sealed, KEY)).toBe("hello");
    expect(decryptText(encryptText("", KEY), KEY)).toBe("");
    expect(decryptText(sealed, crypto.randomBytes(32))).toBeNull();
    // the body's first character carries six whole bits (its last may carry unused padding bits)
    const [iv, tag, body] = sealed.split(".");
    const altered = (body![0] === "A" ? "B" : "A") + body!.slice(1);
    expect(decryptText([iv, tag, altered].join("."), KEY)).toBeNull();
    for (const bad of ["", "a.b", "a.b.c.d", "!!.??.**"]) expect(decryptText(bad, KEY)).toBeNull();
  });

  it("binds associated data: the same context opens, another or none does not", () => {
    const sealed = encryptText("whsec_x", KEY, HOOK);
    expect(decryptText(sealed, KEY, HOOK)).toBe("whsec_x");
    expect(decryptText(sealed, KEY, "another-hook")).toBeNull();
    expect(decryptText(sealed, KEY)).toBeNull();
  });

  it("opens values sealed in each earlier format", () => {
    expect(decryptText(LEGACY.linkToken, KEY)).toBe("tok_legacy_link");
    expect(openSecret(LEGACY.webhookSecret, HOOK, KEY)).toBe("whsec_legacy");
    expect(() => openSecret(LEGACY.webhookSecret, "another-hook", KEY)).toThrow();
    expect(JSON.parse(decryptText(LEGACY.idempotencyBody, KEY)!)).toEqual({ data: { id: "c1", secret: "whsec_once" } });
    expect(decryptText(LEGACY.idempotencyBody, crypto.randomBytes(32))).toBeNull();
  });
});

describe("signed tokens", () => {
  it("round-trips JSON for its purpose only, under its secret only", () => {
    const token = signValue("p1", { a: 1 }, SECRET);
    expect(verifyValue("p1", token, SECRET)).toEqual({ a: 1 });
    expect(verifyValue("p2", token, SECRET)).toBeNull();
    expect(verifyValue("p1", token, "another-secret")).toBeNull();
    expect(openSigned("p1", token.slice(0, -2) + "xx", SECRET)).toEqual({ ok: false, reason: "bad_signature" });
    expect(openSigned("p1", "a.b.c", SECRET)).toEqual({ ok: false, reason: "malformed" });
    expect(openSigned("p1", "x".repeat(9000) + ".abc", SECRET)).toEqual({ ok: false, reason: "malformed" });
    expect(() => signValue("p1", {}, "")).toThrow();
  });

  it("reads tokens handed out in each earlier format", () => {
    expect(verifyValue("attempt-notice", LEGACY.attemptNotice, SECRET)).toEqual({ r: "req1", x: 4102444800000 });
    expect(verifyValue("another-purpose", LEGACY.attemptNotice, SECRET)).toBeNull();
    // The OAuth state's MAC named no purpose: read only where the caller asks for it.
    expect(verifyValue("oauth-state", LEGACY.oauthState, SECRET)).toBeNull();
    expect(verifyState(LEGACY.oauthState, SECRET, new Date(0))).toEqual({
      ok: true,
      payload: { requestId: "r1", serviceId: "meta_ads", nonce: "n1", expiresAt: new Date(4102444800000) },
    });
  });
});
