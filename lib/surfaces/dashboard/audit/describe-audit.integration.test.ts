// The audit page's rows from the database: the person by name, the request by its client's
// name, and what an edit added, found by the entry that set the services before it.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { listAudit } from "@/lib/core/audit/list-audit";
import { seedAccessAgency, seedAccessRequest } from "@/test/support/access-fixtures";
import { describeAuditRows } from "@/lib/surfaces/dashboard/audit/describe-audit";

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
});
