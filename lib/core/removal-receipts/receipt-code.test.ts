// Receipt codes: random, in their printed form, and typed codes read leniently but never
// turned into something that is not a code.
import { describe, expect, it } from "vitest";
import { newReceiptCode, normalizeReceiptCode } from "@/lib/core/removal-receipts/receipt-code";

describe("receipt codes", () => {
  it("are 20 base32 characters in groups of four, different every time", () => {
    const codes = new Set(Array.from({ length: 200 }, () => newReceiptCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
      expect(normalizeReceiptCode(code)).toBe(code);
    }
  });

  it("reads typed codes leniently and refuses anything else", () => {
    expect(normalizeReceiptCode(" k7qf 2m9x-abcd-efgh-0oil ")).toBe("K7QF-2M9X-ABCD-EFGH-0011");
    for (const bad of [
      null,
      undefined,
      "",
      "K7QF-2M9X",
      "K7QF-2M9X-ABCD-EFGH-00000",
      "U7QF-2M9X-ABCD-EFGH-0000",
      "x".repeat(200),
    ])
      expect(normalizeReceiptCode(bad), String(bad)).toBeNull();
  });
});
