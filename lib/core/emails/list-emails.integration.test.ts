// The dashboard mailbox reads: the agency's emails newest first without bodies, one
// email with its bodies, another agency's email missing.
import { describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { getDb } from "@/lib/infra/db/db";
import { getEmailOrThrow } from "@/lib/core/emails/get-email-or-throw";
import { listEmails } from "@/lib/core/emails/list-emails";

describe("mailbox reads", () => {
  it("lists and opens the agency's own emails only", async () => {
    const agency = await createAgency({ name: "Mail Co" });
    const other = await createAgency({ name: "Other Mail Co" });
    const db = await getDb();
    const mk = (agencyId: string, subject: string, createdAt: Date) =>
      db.email.create({
        data: {
          agencyId,
          kind: "invite",
          to: "client@example.com",
          subject,
          text: `Text of ${subject}`,
          html: `<p>${subject}</p>`,
          status: "stored",
          createdAt,
        },
      });
    await mk(agency.id, "Older", new Date("2026-01-01T00:00:00Z"));
    const newer = await mk(agency.id, "Newer", new Date("2026-01-02T00:00:00Z"));
    const foreign = await mk(other.id, "Foreign", new Date("2026-01-03T00:00:00Z"));

    const page1 = await listEmails({ agencyId: agency.id, query: { limit: 1 } });
    expect(page1.data).toEqual([
      {
        id: newer.id,
        kind: "invite",
        to: "client@example.com",
        subject: "Newer",
        status: "stored",
        requestId: null,
        createdAt: "2026-01-02T00:00:00.000Z",
        sentAt: null,
      },
    ]);
    const page2 = await listEmails({ agencyId: agency.id, query: { limit: 1, cursor: page1.nextCursor! } });
    expect(page2.data.map((e) => e.subject)).toEqual(["Older"]);
    expect(page2.nextCursor).toBeNull();

    const detail = await getEmailOrThrow({ agencyId: agency.id, id: newer.id });
    expect(detail).toMatchObject({ subject: "Newer", text: "Text of Newer", html: "<p>Newer</p>", lastError: null });
    await expect(getEmailOrThrow({ agencyId: agency.id, id: foreign.id })).rejects.toThrow(/not found/);
    await expect(getEmailOrThrow({ agencyId: agency.id, id: "x" })).rejects.toThrow(/not found/);
  });
});
