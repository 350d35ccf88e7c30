import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/core/common/api-error";
import {
  findUnstorableText,
  hasUnstorableText,
  parseUntrusted,
  refuseUnstorableText,
  UNSTORABLE_TEXT_MESSAGE,
} from "@/lib/surfaces/http/untrusted-text";

const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return e as ApiError;
  }
  return null;
};

describe("the text boundary", () => {
  it("finds NUL and unpaired surrogates, and lets paired ones (emoji) and control characters of text pass", () => {
    expect(hasUnstorableText("a\u0000b")).toBe(true);
    expect(hasUnstorableText("\ud800")).toBe(true);
    expect(hasUnstorableText("x\udc00")).toBe(true);
    expect(hasUnstorableText("😀 fine\nwith a line break\ttab")).toBe(false);
  });

  it("names the first field in objects, arrays, FormData and URLSearchParams", () => {
    expect(findUnstorableText({ list: ["ok", "\ud800"] })).toBe("list[1]");
    expect(findUnstorableText({ a: "fine", b: { c: "x\u0000" } })).toBe("b.c");
    expect(findUnstorableText({ "\udc00key": 1 })).toBe("?key");
    expect(findUnstorableText({ emoji: "😀 fine" })).toBeNull();
    const form = new FormData();
    form.set("name", "ok");
    form.set("note", "a\u0000b");
    expect(findUnstorableText(form)).toBe("note");
    expect(findUnstorableText(new URLSearchParams("name=a%00b"))).toBe("name");
    expect(findUnstorableText(new URLSearchParams("q.1=ok&q.2=fine"))).toBeNull();
    expect(findUnstorableText("bare\u0000")).toBe("");
    expect(findUnstorableText(42)).toBeNull();
  });

  it("refuses as VALIDATION_FAILED naming the field, before the schema is asked", () => {
    const err = thrown(() => refuseUnstorableText({ patch: { name: "a\u0000b" } }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: "VALIDATION_FAILED",
      status: 400,
      details: [{ field: "patch.name", message: UNSTORABLE_TEXT_MESSAGE }],
    });
    // the schema would have refused the unknown field; the text check comes first
    const schema = z.strictObject({ name: z.string().max(3) });
    expect(thrown(() => parseUntrusted(schema, { name: "\u0000" }))?.details[0]?.field).toBe("name");
    expect(thrown(() => parseUntrusted(schema, { name: "long" }))?.details[0]).toMatchObject({ field: "name" });
    expect(parseUntrusted(schema, { name: "ok" })).toEqual({ name: "ok" });
  });
});
