// The Mailbox shows a member only the emails they may see: owners and
// managers every one of the agency's, members and viewers those addressed to them (another
// member's verification link reads as missing); and a sent email's bodies, with their
// links, are not kept. Through the dashboard's route handlers, with the session standing in
// for next-auth's cookie.
import { beforeAll, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => ({ session: null as { userId: string } | null }));
vi.mock("next-auth", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getServerSession: async () => fake.session,
}));

const { getDb } = await import("@/lib/infra/db/db");
const { createAgency } = await import("@/lib/core/agencies/create-agency");
const { sendPendingEmails, SENT_BODY_PURGED } = await import("@/lib/core/emails/send-pending-emails");
const list = await import("@/app/api/dashboard/emails/route");
const one = await import("@/app/api/dashboard/emails/[id]/route");

let agencyId: string;
const users: Record<string, string> = {};
const mails: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  agencyId = (await createAgency({ name: "Mailbox Co" })).id;
  for (const role of ["owner", "manager", "member", "viewer"] as const) {
    const user = await db.user.create({ data: { email: `${role}-${Date.now()}@mailbox.test`, passwordHash: "x" } });
    await db.membership.create({ data: { agencyId, userId: user.id, role } });
    users[role] = user.id;
    const email = await db.email.create({
      data: {
        agencyId,
        kind: "verify_email",
        to: user.email.toUpperCase(),
        subject: "Verify",
        text: "https://app/verify/secret",
        html: "<a>x</a>",
        status: "stored",
      },
    });
    mails[role] = email.id;
  }
  mails.client = (
    await db.email.create({
      data: {
        agencyId,
        kind: "invite",
        to: "client@example.com",
        subject: "Invite",
        text: "https://app/i/secret",
        html: "",
        status: "stored",
      },
    })
  ).id;
});

async function seen(role: string): Promise<string[]> {
  fake.session = { userId: users[role]! };
  const res = await list.GET(new Request("http://localhost:3999/api/dashboard/emails"));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string }[] }).data.map((e) => e.id).sort();
}

const read = async (role: string, id: string) => {
  fake.session = { userId: users[role]! };
  return (
    await one.GET(new Request(`http://localhost:3999/api/dashboard/emails/${id}`), { params: Promise.resolve({ id }) })
  ).status;
};

describe("the Mailbox", () => {
  it("shows owners and managers every email, members and viewers only their own", async () => {
    const all = Object.values(mails).sort();
    expect(await seen("owner")).toEqual(all);
    expect(await seen("manager")).toEqual(all);
    expect(await seen("member")).toEqual([mails.member]);
    expect(await seen("viewer")).toEqual([mails.viewer]);
    expect(await read("viewer", mails.viewer!)).toBe(200);
    expect(await read("viewer", mails.member!)).toBe(404);
    expect(await read("viewer", mails.client!)).toBe(404);
    expect(await read("owner", mails.member!)).toBe(200);
  });

  it("answers a control character in a query parameter with 400 naming it (the dashboard's search and export routes share the wrapper)", async () => {
    fake.session = { userId: users.owner! };
    const res = await list.GET(new Request("http://localhost:3999/api/dashboard/emails?cursor=a%00b"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", details: [{ field: "cursor" }] } });
  });

  it("keeps no body of an email once it is sent", async () => {
    const db = await getDb();
    const queued = await db.email.create({
      data: {
        agencyId,
        kind: "invite",
        to: "sent@example.com",
        subject: "Invite",
        text: "https://app/i/secret-2",
        html: "<a href=x>go</a>",
      },
    });
    const sent: string[] = [];
    await sendPendingEmails({
      transport: { sendMail: async (m: { text: string }) => void sent.push(m.text) },
    });
    expect(sent).toContain("https://app/i/secret-2");
    const row = await db.email.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row).toMatchObject({ status: "sent", text: SENT_BODY_PURGED, html: SENT_BODY_PURGED });
  });
});
