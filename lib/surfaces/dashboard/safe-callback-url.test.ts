import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, safeCallbackUrl } from "@/lib/surfaces/dashboard/safe-callback-url";

describe("safeCallbackUrl", () => {
  it("keeps paths on this site with their query", () => {
    expect(safeCallbackUrl("/dashboard/requests/abc?x=1")).toBe("/dashboard/requests/abc?x=1");
    expect(safeCallbackUrl(["/dashboard/team", "/x"])).toBe("/dashboard/team");
  });
  it("refuses other origins and odd forms", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "dashboard",
      "",
      "/a\nb",
    ]) {
      expect(safeCallbackUrl(bad)).toBe(DEFAULT_AFTER_LOGIN);
    }
    expect(safeCallbackUrl(undefined)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeCallbackUrl("/" + "a".repeat(3000))).toBe(DEFAULT_AFTER_LOGIN);
  });
  it("sends a sign-in with no destination to Home, where a new user's checklist is", () => {
    expect(safeCallbackUrl(undefined)).toBe("/dashboard");
  });
});
