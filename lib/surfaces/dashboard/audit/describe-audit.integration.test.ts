// The audit page's rows from the database: the person by name, the request by its client's
// name, and what an edit added, found by the entry that set the services before it.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { listAudit } from "@/lib/core/audit/list-audit";
import { seedAccessAgency, seedAccessRequest } from "@/test/support/access-fixtures";
import { describeAuditRows } from "@/lib/surfaces/dashboard/audit/describe-audit";
import { exportAuditCsv } from "@/lib/surfaces/dashboard/audit-csv";

describe("the audit log's sentences", () => {
  it("reads 'Ana edited the request for <client>: added Google Ads (Standard)' with the address written for people", async () => {
    const agency = await seedAccessAgency(["meta", "google"]);
    const { requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    const db = await getDb();
    const email = `${crypto.randomUUID().slice(0, 8)}@agency.test`;
    const user = await db.user.create({ data: { email, name: "Ana", passwordHash: "x" } });
    const actor = { userId: user.id, email, address: "0:0:0:0::/64" };
    const t0 = new Date(Date.now() - 60_000);
    await recordAudit({
      agencyId: agency.agencyId,
      actor,
      action: "request.edited",
      target: requestId,
      changes: { requestId, requestedServices: { meta_ads: { accessLevel: "advertiser" } } },
      now: t0,
    });
    await recordAudit({
      agencyId: agency.agencyId,
      actor,
      action: "request.edited",
      target: requestId,
      changes: {
        requestId,
        requestedServices: { meta_ads: { accessLevel: "advertiser" }, google_ads: { accessLevel: "standard" } },
      },
    });
    const rows = await describeAuditRows(agency.agencyId, await listAudit({ agencyId: agency.agencyId }));
    expect(rows[0]!.sentence).toBe("Ana edited the request for Ana Client: added Google Ads (Standard)");
    expect(rows[0]!.addressText).toBe("This computer (localhost)");
    expect(rows.map((r) => r.sentence).join("\n")).not.toMatch(/request\.edited|[0-9a-f]{8}-[0-9a-f]{4}|\{"/);
  });

  it("names the client, a client's colleague, a member and the worker as describeActor does, on the page and in the CSV", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const { requestId, clientId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    const db = await getDb();
    const email = `${crypto.randomUUID().slice(0, 8)}@agency.test`;
    const user = await db.user.create({ data: { email, name: "Sam Staff", passwordHash: "x" } });
    await db.membership.create({ data: { agencyId: agency.agencyId, userId: user.id, role: "owner" } });
    await db.requestForward.create({
      data: {
        agencyId: agency.agencyId,
        requestId,
        name: "Rosa Colleague",
        email: "rosa@client.test",
        serviceIds: ["meta_ads"],
        tokenHash: crypto.randomUUID(),
        tokenSealed: "x",
      },
    });
    const t = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    const none = { userId: null, email: null };
    await recordAudit({ agencyId: agency.agencyId, actor: none, action: "access.checked", now: t(0) });
    await recordAudit({
      agencyId: agency.agencyId,
      actor: none,
      action: "access.removal_asked",
      target: clientId,
      changes: { by: "client:Ana Client", assets: [] },
      now: t(1),
    });
    await recordAudit({
      agencyId: agency.agencyId,
      actor: none,
      action: "access.removal_receipt",
      target: clientId,
      changes: { receipt: "R-1", removedBy: "colleague:rosa@client.test", confirmed: 1, unconfirmable: 0, failed: 0 },
      now: t(2),
    });
    await recordAudit({
      agencyId: agency.agencyId,
      actor: { userId: user.id, email },
      action: "request.cancelled",
      target: requestId,
      now: t(3),
    });
    const rows = await describeAuditRows(agency.agencyId, await listAudit({ agencyId: agency.agencyId }));
    expect(rows.map((r) => r.actor.byline)).toEqual([
      "Sam Staff (team)",
      "Rosa Colleague, colleague of Ana Client",
      "Ana Client (client)",
      "Automatically",
    ]);
    expect(rows[0]!.sentence).toBe("Sam Staff cancelled the request for Ana Client");
    expect(rows[1]!.sentence).toMatch(/^Rosa Colleague, colleague of Ana Client issued removal receipt R-1/);
    expect(rows[2]!.sentence).toMatch(/^Ana Client asked the agency to remove access/);
    expect(rows[3]!.sentence).toBe("Automatically checked the clients' access");

    const csv = (await exportAuditCsv({ agencyId: agency.agencyId, filters: {} })).split("\r\n");
    expect(csv[0]).toBe("time,actor,actor email,address,what happened,action,target,changes");
    expect(csv[1]).toContain(
      `,Sam Staff (team),${email},,Sam Staff cancelled the request for Ana Client,request.cancelled,`,
    );
    expect(csv[2]).toContain(',"Rosa Colleague, colleague of Ana Client",,,');
    expect(csv[3]).toContain(",Ana Client (client),,,");
    expect(csv[4]).toContain(",Automatically,,,Automatically checked the clients' access,access.checked,");
  });
});
