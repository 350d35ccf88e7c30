// The demo agency's sample data over real HTTP: the first-start seed gives one request in
// every state (with grants, intake answers and delivered webhook events, state versions and
// events written by the domain paths), and removing it deletes exactly the sample rows: the
// agency's own clients and requests, its users, accounts and API key stay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { call, expectOk } from "@/test/support/v2-fixtures";
import { getDb } from "@/lib/infra/db/db";
import { seedDemoIfEmpty } from "@/lib/runtime/seed/seed-demo";
import { DEMO_WEBHOOK_URL, hasDemoData, removeDemoData } from "@/lib/core/agencies/demo-data";
import { createClient } from "@/lib/core/clients/create-client";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { usagePeriod } from "@/lib/core/domain/usage";
import { checkGrantedAccess } from "@/lib/core/access-checks/check-access";
import { getClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";

let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

type ListedRequest = {
  id: string;
  status: string;
  stateVersion: number;
  clientId: string;
  services: { service: string; status: string }[];
};

describe("demo data", () => {
  it("seeds a request in every state and removes only the sample rows", async () => {
    const info = (await seedDemoIfEmpty())!;
    expect(info).not.toBeNull();
    const { agencyId, apiKey } = info;
    const db = await getDb();
    expect(await hasDemoData({ agencyId })).toBe(true);

    const listed = expectOk(await call(server.url, apiKey, "GET", "/requests?limit=50")) as ListedRequest[];
    const byStatus = new Map(listed.map((r) => [r.status, r]));
    expect([...byStatus.keys()].sort()).toEqual(["cancelled", "completed", "expired", "in_progress", "pending"]);
    expect(byStatus.get("pending")!.stateVersion).toBe(1);
    expect(byStatus.get("in_progress")!.services.find((s) => s.service === "meta_ads")?.status).toBe("granted");
    expect(byStatus.get("completed")!.services.every((s) => s.status === "granted")).toBe(true);
    const completedId = byStatus.get("completed")!.id;
    expect(await db.intakeAnswer.count({ where: { requestId: completedId } })).toBe(2);
    // every state change recorded its event; the sample webhook is paused, so none was queued or attempted
    const events = await db.event.findMany({ where: { agencyId }, select: { type: true } });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "request.created",
        "service.granted",
        "request.completed",
        "request.cancelled",
        "request.expired",
      ]),
    );
    expect(await db.webhookDelivery.count({ where: { agencyId } })).toBe(0);
    const hook = await db.webhook.findFirstOrThrow({ where: { agencyId, url: DEMO_WEBHOOK_URL } });
    expect(hook.pausedAt).not.toBeNull();
    const listedHook = expectOk(await call(server.url, apiKey, "GET", `/webhooks/${hook.id}`)) as { status: string };
    expect(listedHook.status).toBe("paused");
    // resuming it is refused while its address is under the reserved .example name
    const resumed = await call(server.url, apiKey, "POST", `/webhooks/${hook.id}/resume`);
    expect(resumed.status).toBe(409);
    expect(resumed.body.error.message).toMatch(/reserved name \.example/);
    // the sample requests count nothing toward the allowance
    const period = usagePeriod(new Date()).key;
    const usedBefore = (await db.usageCounter.findFirst({ where: { agencyId, period, kind: "client" } }))?.used ?? 0;
    expect(usedBefore).toBe(0);
    const usage = expectOk(await call(server.url, apiKey, "GET", "/usage")) as Record<string, unknown>;
    expect(JSON.stringify(usage)).not.toMatch(/"used":5/);

    // the completed client's activity, newest first, in the order things happened: the completion
    // after the intake answers it waited for (one action, one time), the grants after the request
    const cedar = await getClientProfile({ agencyId, id: byStatus.get("completed")!.clientId });
    expect(cedar.activity.map((a) => a.text)).toEqual([
      "Request completed: everything asked for is done",
      "Cedar Dental answered the intake form",
      "Cedar Dental granted Google Ads (1 asset)",
      "Cedar Dental granted Meta Ad Account (1 asset)",
      "Access request created",
      "Client Cedar Dental added",
    ]);

    // "Check now" reads every sample grant back in the sandbox: nothing "cannot be checked"
    const checked = await checkGrantedAccess({ agencyId });
    expect(checked).toMatchObject({ services: 3, verified: 3, unavailable: 0, errors: 0 });

    // an event the newcomer causes is not queued for the sample webhook either
    await createClient({
      agencyId,
      input: ZCreateClientBody.parse({ name: "Early Client", email: "early@client.example" }),
    });
    expect(await db.webhookDelivery.count({ where: { agencyId } })).toBe(0);

    // the agency's own client and request, made after the seed
    const own = await createClient({
      agencyId,
      input: ZCreateClientBody.parse({ name: "Real Client", email: "real@client.example" }),
    });
    const ownRequest = await createRequest({
      agencyId,
      input: ZCreateRequestBody.parse({
        clientId: own.id,
        requestedServices: { google_ads: { accessLevel: "standard" } },
      }),
      source: "api",
    });

    const removed = await removeDemoData({ agencyId });
    expect(removed).toEqual({ clients: 5, requests: 5, webhooks: 1 });
    expect(await hasDemoData({ agencyId })).toBe(false);

    const after = expectOk(await call(server.url, apiKey, "GET", "/requests?limit=50")) as ListedRequest[];
    expect(after.map((r) => r.id)).toEqual([ownRequest.id]);
    const clients = expectOk(await call(server.url, apiKey, "GET", "/clients?limit=50")) as {
      id: string;
      name: string;
    }[];
    expect(clients.map((c) => c.name).sort()).toEqual(["Early Client", "Real Client"]);
    expect(await db.event.count({ where: { agencyId, requestId: { not: ownRequest.id } } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { agencyId } })).toBe(0);
    expect(await db.intakeAnswer.count({ where: { agencyId } })).toBe(0);
    // the five sample requests no longer count; the agency's own one does
    expect((await db.usageCounter.findFirst({ where: { agencyId, period, kind: "client" } }))?.used).toBe(
      usedBefore + 1,
    );

    // the agency, its owner, accounts, intake form and key stay (the key still answers)
    expect(expectOk(await call(server.url, apiKey, "GET", "/me"))).toMatchObject({ agency: { id: agencyId } });
    expect(await db.membership.count({ where: { agencyId, role: "owner" } })).toBe(1);
    expect(await db.connectedAccount.count({ where: { agencyId } })).toBe(4);
    expect(await db.intakeQuestion.count({ where: { agencyId, archivedAt: null } })).toBe(2);

    // removing again finds nothing
    expect(await removeDemoData({ agencyId })).toEqual({ clients: 0, requests: 0, webhooks: 0 });
  });
});
