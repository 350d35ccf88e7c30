import { describe, expect, it } from "vitest";
import { pkceChallenge, pkceVerifier } from "@/lib/infra/connectors/pkce";

describe("PKCE", () => {
  it("derives a stable RFC 7636 verifier per nonce and its S256 challenge", () => {
    const v = pkceVerifier("secret", "nonce-1");
    expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pkceVerifier("secret", "nonce-1")).toBe(v);
    expect(pkceVerifier("secret", "nonce-2")).not.toBe(v);
    expect(pkceVerifier("other", "nonce-1")).not.toBe(v);
    // S256: base64url(sha256(verifier)) without padding, as computed independently (Python's hashlib)
    expect(pkceChallenge("dBjftJeZ4CVP-mJ92K9qpvuKHqoknmHt7EOiUzq09wE")).toBe(
      "bkAhzeSo7MvSw3YXd3yIiE9oVGte7C3CALZ6FmVQvUI",
    );
  });
});
