// The API keys page's server actions against a real database: creating and revoking a key
// each write one audit entry with who, when, the caller's address, the key and what changed,
// and never the key itself. The session and request headers are the only things stubbed
// (next-auth's session cookie and Next.js's request scope exist only inside the app server).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { getDb } from "@/lib/infra/db/db";

const session = vi.hoisted(() => ({ current: null as null | { userId: string }, agencyId: "" }));
vi.mock("next-auth", () => ({ getServerSession: async () => session.current, default: () => null }));
// the tab's agency travels with every action, as the dashboard page sends it
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.7", "x-dashboard-agency": session.agencyId }),
}));

const { createApiKeyAction, revokeApiKeyAction } = await import("./api-key-actions");

let agencyId: string;
let ownerEmail: string;

beforeAll(async () => {
  const agency = await createAgency({ name: "Audit Keys Co" });
  agencyId = agency.id;
  session.agencyId = agency.id;
  const owner = await createUser({
    agencyId,
    email: "owner@audit-keys.test",
    password: "correct horse battery staple",
    emailVerified: true,
  });
  ownerEmail = owner.email;
  session.current = { userId: owner.id };
});

async function entries() {
  return (await getDb()).auditEntry.findMany({
    where: { agencyId, action: { startsWith: "api_key." } },
    orderBy: { createdAt: "asc" },
  });
}

describe("API key audit entries", () => {
  it("records the creation and the revocation with actor, address and changes, without the key", async () => {
    const created = await createApiKeyAction({ name: "CI deploys", scopes: ["requests:read", "clients:read"] });
    if (!created.ok) throw new Error(JSON.stringify(created));
    const key = created.data;
    expect(key.key).toBeTruthy();

    const revoked = await revokeApiKeyAction({ id: key.id });
    expect(revoked.ok).toBe(true);
    // a second revocation changes nothing and adds no entry
    expect((await revokeApiKeyAction({ id: key.id })).ok).toBe(true);

    const rows = await entries();
    expect(rows.map((r) => r.action)).toEqual(["api_key.created", "api_key.revoked"]);
    for (const r of rows) {
      expect(r.actorEmail).toBe(ownerEmail);
      expect(r.actorUserId).toBe(session.current!.userId);
      expect(r.address).toBe("203.0.113.7");
      expect(r.target).toBe(`api_key:${key.id}`);
      expect(r.createdAt).toBeInstanceOf(Date);
      expect(JSON.stringify(r)).not.toContain(key.key);
    }
    expect(rows[0]!.changes).toEqual({
      name: "CI deploys",
      prefix: key.prefix,
      scopes: ["clients:read", "requests:read"],
    });
    expect(rows[1]!.changes).toMatchObject({ name: "CI deploys", prefix: key.prefix, revokedAt: { from: null } });
    // the stored hash is no secret to show either
    const stored = await (await getDb()).apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(JSON.stringify(rows)).not.toContain(stored.keyHash);
  });

  it("records nothing for a refused creation", async () => {
    const before = (await entries()).length;
    const refused = await createApiKeyAction({ name: "No scopes", scopes: [] });
    expect(refused.ok).toBe(false);
    expect((await entries()).length).toBe(before);
  });
});
