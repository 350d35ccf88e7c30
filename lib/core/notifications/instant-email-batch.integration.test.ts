// "Email at once" sends one email per request while its client is at work, not one per
// event: a client granting three services one after another and so completing the request
// (four events) gives each instant member one email listing the four, sent after a
// minute's quiet; news of another request, or after that email went, is a new email.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { sendPendingEmails } from "@/lib/core/emails/send-pending-emails";
import { INSTANT_BATCH_MS } from "@/lib/core/notifications/notify-team";
import { seedAccessAgency, seedAccessRequest } from "@/test/support/access-fixtures";

describe("instant notification emails", () => {
  it("are one email per request burst, listing every line", async () => {
    const agency = await seedAccessAgency(["meta", "google"]);
    const db = await getDb();
    const member = await db.user.create({
      data: { email: `m-${crypto.randomUUID().slice(0, 8)}@agency.test`, passwordHash: "x" },
    });
    await db.membership.create({ data: { agencyId: agency.agencyId, userId: member.id, role: "member" } });

    const services = {
      meta_ads: { accessLevel: "analyst" },
      meta_page: { accessLevel: "analyst" },
      google_ads: { accessLevel: "standard" },
    };
    const first = await seedAccessRequest(agency, services);
    const start = new Date();
    for (const [i, serviceId] of ["meta_ads", "meta_page", "google_ads"].entries()) {
      await applyRequestAction({
        agencyId: agency.agencyId,
        requestId: first.requestId,
        action: { kind: "grant", serviceId },
        now: new Date(start.getTime() + i * 5_000),
      });
    }
    const notifications = await db.notification.count({ where: { userId: member.id } });
    expect(notifications).toBe(4); // three grants and the completion

    const mails = () =>
      db.email.findMany({ where: { to: member.email, kind: "notification" }, orderBy: { createdAt: "asc" } });
    const [mail, ...rest] = await mails();
    expect(rest).toEqual([]);
    expect(mail!.text.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(4);
    expect(mail!.subject).toMatch(/and 3 more updates$/);
    expect(mail!.nextAttemptAt.getTime()).toBe(start.getTime() + 10_000 + INSTANT_BATCH_MS);

    // not sent before the quiet minute (the client's own completion email goes at once); then
    // kept in the Mailbox (no SMTP here)
    await sendPendingEmails({ transport: null, now: new Date(start.getTime() + 20_000) });
    expect((await mails())[0]!.status).toBe("pending");
    await sendPendingEmails({ transport: null, now: new Date(start.getTime() + 10_000 + INSTANT_BATCH_MS) });
    expect((await mails())[0]!.status).toBe("stored");

    // another request's news is its own email
    const second = await seedAccessRequest(agency, { google_ads: { accessLevel: "standard" } });
    await applyRequestAction({
      agencyId: agency.agencyId,
      requestId: second.requestId,
      action: { kind: "grant", serviceId: "google_ads" },
    });
    expect(await mails()).toHaveLength(2);
  });
});
