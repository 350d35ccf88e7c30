import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSealedJson, SEALED_VALUE_PREFIX, stringifySealed } from "@/lib/infra/secrets/sealed-json";

const key = randomBytes(32);
const FIELDS = new Set(["inviteUrl", "embedUrl"]);
const body = {
  id: "evt_1",
  data: {
    request: { id: "r1", inviteUrl: "https://app.test/i/tok123456", embedUrl: "https://app.test/embed/tok123456" },
    note: "inviteUrl https://app.test/i/tok123456 in a text stays as it is",
    list: [{ inviteUrl: "https://app.test/i/other" }],
  },
};

describe("sealed values in a stored JSON text", () => {
  it("seals the named fields at any depth and opens to exactly the JSON it was made from", () => {
    const stored = stringifySealed(body, FIELDS, "evt_1", key);
    expect(stored).not.toContain("/i/other");
    const parsed = JSON.parse(stored) as typeof body;
    expect(parsed.data.request.id).toBe("r1");
    expect(parsed.data.request.inviteUrl.startsWith(SEALED_VALUE_PREFIX)).toBe(true);
    expect(parsed.data.list[0]!.inviteUrl.startsWith(SEALED_VALUE_PREFIX)).toBe(true);
    expect(openSealedJson(stored, "evt_1", key)).toBe(JSON.stringify(body));
  });

  it("returns plain text unchanged", () => {
    const plain = JSON.stringify(body);
    expect(openSealedJson(plain, "evt_1", key)).toBe(plain);
  });

  it("leaves sealed what does not open: another row, another key, an altered value, a look-alike", () => {
    const stored = stringifySealed(body, FIELDS, "evt_1", key);
    for (const opened of [openSealedJson(stored, "evt_2", key), openSealedJson(stored, "evt_1", randomBytes(32))])
      expect(opened).not.toContain('tok123456"');
    const altered = stored.replace(
      /(sealed:v1:[^."]+\.[^."]+\.)([A-Za-z0-9_-])/,
      (_m, head: string, c: string) => head + (c === "A" ? "B" : "A"),
    );
    expect(JSON.parse(openSealedJson(altered, "evt_1", key)).data.request.inviteUrl).toMatch(/^sealed:v1:/);
    const lookAlike = JSON.stringify({ name: `${SEALED_VALUE_PREFIX}not.a.value` });
    expect(openSealedJson(lookAlike, "evt_1", key)).toBe(lookAlike);
  });
});
