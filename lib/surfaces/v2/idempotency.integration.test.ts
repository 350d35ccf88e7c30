// Stored idempotent results are sealed at rest and replayed intact.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { getDb } from "@/lib/infra/db/db";

let srv: Awaited<ReturnType<typeof startApiServer>>;
let key: string;
beforeAll(async () => {
  srv = await startApiServer();
  const agency = await createAgency({ name: "Sealed" });
  key = (await createApiKey({ agencyId: agency.id, scopes: [...API_SCOPES] })).key;
});
afterAll(async () => srv.close());

async function post(path: string, body: unknown, idem: string) {
  const res = await fetch(`${srv.url}/api/v2${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": idem },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get("idempotent-replayed") };
}

describe("idempotency records", () => {
  it("keep a webhook's one-time secret out of the database in clear, and replay it", async () => {
    const first = await post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["*"] }, "sealed-1");
    expect(first.status).toBe(201);
    const secret = JSON.parse(first.text).data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const db = await getDb();
    const rows = await db.idempotencyRecord.findMany({ where: { key: "sealed-1" } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]!.responseBody)).not.toContain(secret);
    expect(JSON.stringify(rows[0]!.responseBody)).not.toContain("whsec_");
    const again = await post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["*"] }, "sealed-1");
    expect(again).toEqual({ status: 201, text: first.text, replayed: "true" });
  });

  it("treat a key whose stored result has expired as new, and a live one as a replay", async () => {
    const body = { name: "Expiring Key Client", email: "expiring@example.com" };
    const first = await post("/clients", body, "expiring-1");
    expect(first.status).toBe(201);
    expect((await post("/clients", body, "expiring-1")).replayed).toBe("true");
    const db = await getDb();
    await db.idempotencyRecord.updateMany({
      where: { key: "expiring-1" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    // expired: the create runs again (a second client) and the key holds the new result
    const again = await post("/clients", { ...body, name: "Expiring Key Client 2" }, "expiring-1");
    expect(again.status).toBe(201);
    expect(again.replayed).toBeNull();
    expect(JSON.parse(again.text).data.id).not.toBe(JSON.parse(first.text).data.id);
    const rows = await db.idempotencyRecord.findMany({ where: { key: "expiring-1" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const replay = await post("/clients", { ...body, name: "Expiring Key Client 2" }, "expiring-1");
    expect(replay).toEqual({ status: 201, text: again.text, replayed: "true" });
  });
});
