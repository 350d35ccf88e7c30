// The dashboard's API key list: newest first, revoked keys kept, only display fields,
// paginated, and never another agency's keys.
import { describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { listApiKeys } from "@/lib/core/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";

describe("listApiKeys", () => {
  it("lists the agency's keys newest first with prefix, scopes and times", async () => {
    const agency = await createAgency({ name: "Keys Co" });
    const other = await createAgency({ name: "Other Keys Co" });
    const first = await createApiKey({ agencyId: agency.id, scopes: ["usage:read"], name: "First" });
    const second = await createApiKey({
      agencyId: agency.id,
      scopes: ["clients:read", "requests:read"],
      name: "Second",
    });
    await createApiKey({ agencyId: other.id, scopes: ["usage:read"] });
    await revokeApiKey({ agencyId: agency.id, id: first.id });

    const { data, nextCursor } = await listApiKeys({ agencyId: agency.id });
    expect(nextCursor).toBeNull();
    expect(data.map((k) => k.name)).toEqual(["Second", "First"]);
    expect(data[0]).toEqual({
      id: second.id,
      name: "Second",
      prefix: second.prefix,
      scopes: ["clients:read", "requests:read"],
      createdAt: second.createdAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(data[1]!.revokedAt).not.toBeNull();
    expect(JSON.stringify(data)).not.toContain(second.key);
  });

  it("pages with a cursor", async () => {
    const agency = await createAgency({ name: "Many Keys Co" });
    for (let i = 0; i < 5; i++) await createApiKey({ agencyId: agency.id, scopes: ["usage:read"], name: `K${i}` });
    const page1 = await listApiKeys({ agencyId: agency.id, query: { limit: 2 } });
    const page2 = await listApiKeys({ agencyId: agency.id, query: { limit: 2, cursor: page1.nextCursor! } });
    const page3 = await listApiKeys({ agencyId: agency.id, query: { limit: 2, cursor: page2.nextCursor! } });
    expect([...page1.data, ...page2.data, ...page3.data].map((k) => k.name)).toEqual(["K4", "K3", "K2", "K1", "K0"]);
    expect(page3.nextCursor).toBeNull();
    await expect(listApiKeys({ agencyId: agency.id, query: { cursor: "garbage" } })).rejects.toThrow(/cursor/);
  });
});
