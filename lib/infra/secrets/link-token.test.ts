import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { hashToken, LinkTokenUnreadableError, openLinkToken, storeLinkToken } from "@/lib/infra/secrets/link-token";
import { decryptText } from "@/lib/infra/secrets/crypto";

// the real decryption, counted
vi.mock("@/lib/infra/secrets/crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/infra/secrets/crypto")>();
  return { ...real, decryptText: vi.fn(real.decryptText) };
});

const key = crypto.randomBytes(32);
const otherKey = crypto.randomBytes(32);

describe("link tokens", () => {
  it("stores a sha256 hex and a sealed copy that does not contain the token", () => {
    const token = crypto.randomBytes(24).toString("base64url");
    const stored = storeLinkToken(token, key);
    expect(stored.hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(stored.hash).toBe(hashToken(token));
    expect(stored.sealed).not.toContain(token);
    expect(openLinkToken({ hash: stored.hash, sealed: stored.sealed }, key)).toBe(token);
  });

  it("refuses a copy sealed under another key, or belonging to another row's hash", () => {
    const a = storeLinkToken("token-a-0123456789abcdef", key);
    const b = storeLinkToken("token-b-0123456789abcdef", key);
    expect(() => openLinkToken({ hash: a.hash, sealed: a.sealed }, otherKey)).toThrow(LinkTokenUnreadableError);
    expect(() => openLinkToken({ hash: a.hash, sealed: b.sealed }, key)).toThrow(LinkTokenUnreadableError);
  });

  it("answers a copy opened before from memory, but only for the same key and hash", () => {
    const token = "token-c-0123456789abcdef";
    const stored = storeLinkToken(token, key);
    const decrypts = vi.mocked(decryptText);
    decrypts.mockClear();
    expect(openLinkToken(stored, key)).toBe(token);
    expect(openLinkToken(stored, key)).toBe(token);
    expect(decrypts).toHaveBeenCalledTimes(1);
    // another key, or another row's hash with this copy, is never answered from memory
    expect(() => openLinkToken(stored, otherKey)).toThrow(LinkTokenUnreadableError);
    expect(() => openLinkToken({ hash: hashToken("another-token-0123456789"), sealed: stored.sealed }, key)).toThrow(
      LinkTokenUnreadableError,
    );
  });

  it("falls back to the legacy plaintext column while a row is not sealed yet", () => {
    expect(
      openLinkToken(
        { hash: hashToken("legacy-token-0123456789"), sealed: null, legacy: "legacy-token-0123456789" },
        key,
      ),
    ).toBe("legacy-token-0123456789");
    expect(() => openLinkToken({ hash: null, sealed: null, legacy: null }, key)).toThrow(LinkTokenUnreadableError);
  });
});
