// Ids have one spelling: a uuid field of an input schema hands on the lower-case form.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { canonicalUuid, zUuid } from "@/lib/core/common/uuid";

const ID = "0b9c6f1e-7a2d-4c3b-8e9f-0a1b2c3d4e5f";

describe("zUuid", () => {
  it("accepts any spelling and hands on the stored one", () => {
    expect(z.object({ id: zUuid() }).parse({ id: ID.toUpperCase() })).toEqual({ id: ID });
    expect(zUuid().parse("0B9c6f1e-7A2d-4c3b-8e9f-0a1b2c3d4e5F")).toBe(ID);
  });

  it("still refuses what is not a uuid, with the schema's message", () => {
    const r = zUuid({ error: "id must be a uuid." }).safeParse("nope");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("id must be a uuid.");
  });

  it("leaves strings that are not uuids as they are", () => {
    expect(canonicalUuid("ABC")).toBe("ABC");
    expect(canonicalUuid(ID.toUpperCase())).toBe(ID);
  });
});
