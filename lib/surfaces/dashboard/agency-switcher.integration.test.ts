// The agency switcher against a real database: the session's update changes the current
// agency only to one the user belongs to, and the dashboard context follows it (falling
// back to the first agency when the session names none or a foreign one).
import { beforeAll, describe, expect, it } from "vitest";
import type { JWT } from "next-auth/jwt";
import { getDb } from "@/lib/infra/db/db";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { authOptions } from "@/lib/surfaces/dashboard/auth-options";
import { contextFor, listUserAgencies } from "@/lib/surfaces/dashboard/dashboard-context";

let userId: string;
let first: string;
let second: string;
let foreign: string;

beforeAll(async () => {
  const db = await getDb();
  first = (await createAgency({ name: "First Agency" })).id;
  second = (await createAgency({ name: "Second Agency" })).id;
  foreign = (await createAgency({ name: "Foreign Agency" })).id;
  userId = (await db.user.create({ data: { email: "two@agencies.test", passwordHash: "x" } })).id;
  await db.membership.create({
    data: { agencyId: first, userId, role: "owner", createdAt: new Date(Date.now() - 60_000) },
  });
  await db.membership.create({ data: { agencyId: second, userId, role: "viewer" } });
});

const update = async (token: JWT, agencyId: unknown) =>
  await authOptions().callbacks!.jwt!({
    token,
    trigger: "update",
    session: { agencyId },
    user: undefined as never,
    account: null,
  });

describe("agency switcher", () => {
  it("lists the user's agencies, oldest membership first", async () => {
    expect((await listUserAgencies(userId)).map((a) => [a.name, a.role])).toEqual([
      ["First Agency", "owner"],
      ["Second Agency", "viewer"],
    ]);
  });

  it("switches the session only to an agency the user belongs to", async () => {
    let token: JWT = { userId };
    token = await update(token, second);
    expect(token.agencyId).toBe(second);
    token = await update(token, foreign);
    expect(token.agencyId).toBe(second);
    token = await update(token, "not-a-uuid");
    expect(token.agencyId).toBe(second);
  });

  it("gives the context of the session's agency with that agency's role", async () => {
    expect(await contextFor({ userId })).toMatchObject({ agencyId: first, role: "owner", agencyName: "First Agency" });
    expect(await contextFor({ userId, agencyId: second })).toMatchObject({
      agencyId: second,
      role: "viewer",
      agencyName: "Second Agency",
    });
    // a foreign agency (or one the user was removed from) falls back to the first
    expect(await contextFor({ userId, agencyId: foreign })).toMatchObject({ agencyId: first });
    await (await getDb()).membership.deleteMany({ where: { userId, agencyId: second } });
    expect(await contextFor({ userId, agencyId: second })).toMatchObject({ agencyId: first });
  });
});
