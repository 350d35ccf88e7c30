// Actions run only against the agency the user chose in that tab: the tab's
// agency travels with the action (header X-Dashboard-Agency, added by the dashboard's
// TabAgency) and is checked against the user's memberships; a member removed from that
// agency gets a clear refusal, never the action run in another of their agencies. The
// session and the request headers stand in for next-auth's cookie and the browser's call.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

const fake = vi.hoisted(() => ({
  session: null as { userId: string; agencyId?: string } | null,
  headers: new Headers(),
}));
vi.mock("next-auth", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getServerSession: async () => fake.session,
}));
vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  headers: async () => fake.headers,
}));

const { getDb } = await import("@/lib/infra/db/db");
const { createAgency } = await import("@/lib/core/agencies/create-agency");
const { dashboardAction } = await import("@/lib/surfaces/dashboard/dashboard-action");
const { AGENCY_NOT_NAMED, NO_LONGER_A_MEMBER, getDashboardContext } =
  await import("@/lib/surfaces/dashboard/dashboard-context");
const { TAB_AGENCY_HEADER } = await import("@/lib/surfaces/dashboard/tab-agency-header");

let userId: string;
let a: string;
let b: string;
const ranIn: string[] = [];
const createThing = dashboardAction("webhooks:write", z.strictObject({ name: z.string() }), async (_input, ctx) => {
  ranIn.push(ctx.agencyId);
  return { agencyId: ctx.agencyId };
});

beforeAll(async () => {
  const db = await getDb();
  a = (await createAgency({ name: "Agency A" })).id;
  b = (await createAgency({ name: "Agency B" })).id;
  userId = (await db.user.create({ data: { email: `tabs-${Date.now()}@agencies.test`, passwordHash: "x" } })).id;
  await db.membership.create({
    data: { agencyId: a, userId, role: "owner", createdAt: new Date(Date.now() - 60_000) },
  });
  await db.membership.create({ data: { agencyId: b, userId, role: "manager" } });
});
beforeEach(() => {
  ranIn.length = 0;
  fake.headers = new Headers();
});

const inTab = (agencyId: string) => (fake.headers = new Headers({ [TAB_AGENCY_HEADER]: agencyId }));

describe("the tab's agency", () => {
  it("refuses an action posted without the tab's agency (no script ran), in no agency at all", async () => {
    fake.session = { userId, agencyId: a };
    fake.headers = new Headers();
    expect(await createThing({ name: "x" })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      status: 403,
      error: AGENCY_NOT_NAMED,
    });
    // nor with a value that is not an agency id
    fake.headers = new Headers({ [TAB_AGENCY_HEADER]: "first" });
    expect(await createThing({ name: "x" })).toMatchObject({ ok: false, error: AGENCY_NOT_NAMED });
    fake.session = { userId };
    fake.headers = new Headers();
    expect(await createThing({ name: "x" })).toMatchObject({ ok: false, error: AGENCY_NOT_NAMED });
    expect(ranIn).toEqual([]);
    // pages (reads) still open on the session's agency
    expect(await getDashboardContext()).toMatchObject({ agencyId: a });
  });

  it("runs the action in the agency the tab shows, whatever the session names", async () => {
    fake.session = { userId, agencyId: a };
    inTab(b);
    expect(await createThing({ name: "x" })).toEqual({ ok: true, data: { agencyId: b } });
    inTab(a);
    expect(await createThing({ name: "x" })).toEqual({ ok: true, data: { agencyId: a } });
  });

  it("refuses with a clear message once the user is removed from the tab's agency, running nothing elsewhere", async () => {
    fake.session = { userId, agencyId: b };
    await (await getDb()).membership.deleteMany({ where: { userId, agencyId: b } });
    inTab(b);
    expect(await createThing({ name: "x" })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      status: 403,
      error: NO_LONGER_A_MEMBER,
    });
    // without the header the action is refused: it never falls back to the session's agency
    fake.headers = new Headers();
    expect(await createThing({ name: "x" })).toMatchObject({ ok: false, code: "FORBIDDEN", error: AGENCY_NOT_NAMED });
    // a foreign agency named by a tab is refused the same way
    inTab((await createAgency({ name: "Foreign" })).id);
    expect(await createThing({ name: "x" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(ranIn).toEqual([]);
    // pages still open on an agency the user belongs to
    fake.headers = new Headers();
    expect(await getDashboardContext()).toMatchObject({ agencyId: a });
  });
});
