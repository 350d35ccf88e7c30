// The dashboard wrappers without a server: ApiError → ActionResult mapping (field errors,
// 403 for roles), and the Origin check of mutating route handlers.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/core/common/api-error";
import { zodToApiError } from "@/lib/core/common/to-api-error";
import { toActionFailure } from "@/lib/surfaces/dashboard/action-result";
import { isSafeMethod, isSameOrigin } from "@/lib/surfaces/dashboard/same-origin";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";

describe("toActionFailure", () => {
  it("maps zod errors from the API schema to per-field messages", () => {
    const parsed = ZCreateClientBody.safeParse({ name: "", email: "nope" });
    const f = toActionFailure(zodToApiError(parsed.error as z.ZodError));
    expect(f).toMatchObject({ ok: false, code: "VALIDATION_FAILED", status: 400 });
    expect(Object.keys(f.fieldErrors ?? {})).toEqual(expect.arrayContaining(["name", "email"]));
  });
  it("keeps the status and message of a forbidden role", () => {
    const f = toActionFailure(new ApiError("FORBIDDEN", "Your role (viewer) cannot do this."));
    expect(f).toEqual({ ok: false, code: "FORBIDDEN", status: 403, error: "Your role (viewer) cannot do this." });
  });
  it("hides unknown errors behind a 500 message", () => {
    const original = console.error;
    console.error = () => {};
    try {
      const f = toActionFailure(new Error("secret internals"));
      expect(f.code).toBe("INTERNAL");
      expect(f.error).not.toContain("secret");
    } finally {
      console.error = original;
    }
  });
});

describe("isSameOrigin", () => {
  const req = (headers: Record<string, string>) =>
    new Request("http://localhost:3999/api/dashboard/x", { method: "POST", headers });
  it("accepts the app's own origin and the host it was sent to", () => {
    expect(isSameOrigin(req({ origin: "http://localhost:3999" }))).toBe(true);
    expect(isSameOrigin(req({ origin: "http://127.0.0.1:4000", host: "127.0.0.1:4000" }))).toBe(true);
  });
  it("refuses other, missing and opaque origins", () => {
    expect(isSameOrigin(req({ origin: "https://evil.example" }))).toBe(false);
    expect(isSameOrigin(req({}))).toBe(false);
    expect(isSameOrigin(req({ origin: "null" }))).toBe(false);
  });
  it("treats reads as safe", () => {
    expect(isSafeMethod("GET")).toBe(true);
    expect(isSafeMethod("post")).toBe(false);
  });
});
