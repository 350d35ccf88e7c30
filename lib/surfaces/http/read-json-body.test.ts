import { describe, it, expect } from "vitest";
import { readJsonBody } from "@/lib/surfaces/http/read-json-body";
import { findUnstorableText } from "@/lib/surfaces/http/untrusted-text";
import { ApiError } from "@/lib/core/common/api-error";

function jsonRequest(body: string, type = "application/json") {
  return new Request("http://x/", { method: "POST", headers: { "content-type": type }, body });
}

describe("readJsonBody", () => {
  it("refuses text PostgreSQL cannot store, naming the field", async () => {
    const err = await readJsonBody(jsonRequest(JSON.stringify({ metadata: { a: "x\u0000y" } }))).then(
      () => null,
      (e: unknown) => e as ApiError,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err!.details[0]!.field).toBe("metadata.a");
    expect(findUnstorableText({ list: ["ok", "\ud800"] })).toBe("list[1]");
    expect(findUnstorableText({ "\udc00key": 1 })).toBe("?key");
    expect(findUnstorableText({ emoji: "😀 fine" })).toBeNull();
  });

  it("maps malformed JSON, wrong content type and oversized bodies to their codes", async () => {
    expect(
      (
        await readJsonBody(jsonRequest("{")).then(
          () => null,
          (e: unknown) => e as ApiError,
        )
      )?.code,
    ).toBe("VALIDATION_FAILED");
    expect(
      (
        await readJsonBody(jsonRequest("{}", "text/plain")).then(
          () => null,
          (e: unknown) => e as ApiError,
        )
      )?.code,
    ).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(
      (
        await readJsonBody(jsonRequest(JSON.stringify({ a: "x".repeat(1024 * 1024) }))).then(
          () => null,
          (e: unknown) => e as ApiError,
        )
      )?.code,
    ).toBe("PAYLOAD_TOO_LARGE");
    expect(await readJsonBody(jsonRequest(""), { allowEmpty: true })).toBeUndefined();
  });
});
