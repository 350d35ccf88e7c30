// Offboarding with the client's consent over real HTTP and a real database, through the real
// Meta connector against its contract fake: "Remove our access" leaves Meta to the client
// (checklist marked for a removal link), the removal link is emailed in the client's
// language, its page changes nothing, "Sign in with Meta" goes through the shared callback
// in removal mode, the confirmation removes the agency's business with the client's token
// (the fake no longer lists it), records removedAt/by = the client and `access.removed`,
// and the link is spent: a second confirmation or sign-in is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { createRemovalLink } from "@/lib/core/removal-links/create-removal-link";
import { listRemovalLinks } from "@/lib/core/removal-links/list-removal-links";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { loadRemovalPage } from "@/lib/surfaces/client-pages/removal/removal-link-flow";
import { lookUpReceipt } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { startApiServer } from "@/test/support/api-server";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  seedAccessAgency,
  seedAccessRequest,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { META_FAKE_APP, hostOverrides, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";

const AGENCY_BM = "770000000001";
let base: string;
let close: () => Promise<void>;
let fake: MetaFake;
let agency: TestAgency;

beforeAll(async () => {
  fake = await startMetaFake();
  Object.assign(process.env, {
    SANDBOX_PLATFORMS: "0",
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    PLATFORM_HOST_OVERRIDES: hostOverrides(fake.hosts),
  });
  resetEnvCache();
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  agency = await seedAccessAgency(["google"]);
  agency.accounts.meta = (
    await connectAccount({
      agencyId: agency.agencyId,
      platform: "meta",
      email: "ops@agency.test",
      platformAccountId: "20002",
      business: { id: AGENCY_BM, name: "Agency Main BM" },
    })
  ).internalAccountId;
});
afterAll(async () => {
  await close?.();
  await fake?.close();
  for (const k of ["SANDBOX_PLATFORMS", "META_APP_ID", "META_APP_SECRET", "PLATFORM_HOST_OVERRIDES"])
    delete process.env[k];
  resetEnvCache();
});

/** A Spanish-speaking client whose two Meta ad accounts were granted to the agency's business. */
async function grantedClient() {
  const seeded = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } }, { language: "Spanish" });
  await applyRequestAction({
    agencyId: agency.agencyId,
    requestId: seeded.requestId,
    action: { kind: "grant", serviceId: "meta_ads" },
    grantedAssets: [
      { id: "act_1001", name: "Acme Main Ads", accessLevel: "advertiser" },
      { id: "act_1002", name: "Acme Brand Ads", accessLevel: "advertiser" },
    ],
  });
  fake.shareAlready("act_1001", AGENCY_BM, ["ADVERTISE"]);
  fake.shareAlready("act_1002", AGENCY_BM, ["ADVERTISE"]);
  return seeded;
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

describe("removal link", () => {
  it("removes the agency with the client's sign-in, records it as the client's, and is spent by the confirmation", async () => {
    const { clientId, requestId } = await grantedClient();

    // "Remove our access": Meta needs an admin of the asset, so it is left to the client
    const outcome = await removeClientAccess({ agencyId: agency.agencyId, clientId, removedBy: "owner@agency.test" });
    expect(outcome.removed).toEqual([]);
    expect(outcome.checklist).toHaveLength(1);
    expect(outcome.checklist[0]).toMatchObject({ serviceId: "meta_ads", clientConsent: true });
    expect(fake.calls.filter((c) => c.method === "DELETE")).toHaveLength(0);

    const link = await createRemovalLink({
      agencyId: agency.agencyId,
      clientId,
      platform: "meta",
      createdBy: "owner@agency.test",
    });
    const token = tokenOf(link.url);
    expect(token).toHaveLength(43);
    const db = await getDb();
    const row = await db.removalLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(JSON.stringify(row)).not.toContain(token);
    const mail = await db.email.findFirstOrThrow({
      where: { agencyId: agency.agencyId, kind: "removal_link" },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.to).toBe("ana@client.test");
    expect(mail.subject).toContain("te pide que retires su acceso");
    expect(mail.text).toContain(link.url);

    // the page lists what will be removed and changes nothing
    const page = await loadRemovalPage({ token });
    expect(page).toMatchObject({ state: "open", locale: "es", platform: "meta" });
    expect(page!.targets[0]!.assets.map((a) => a.id)).toEqual(["act_1001", "act_1002"]);
    expect((await listRemovalLinks({ agencyId: agency.agencyId, clientId }))[0]!.status).toBe("sent");

    // confirming before signing in is refused
    const early = await fetch(`${base}/api/access/removal/${token}/confirm`, { method: "POST", redirect: "manual" });
    expect(locationOf(early).searchParams.get("error")).toBe("expired");

    // "Sign in with Meta" → the fake's Login dialog → the shared callback → back to the link's page
    const start = await getNoFollow(`${base}/api/access/removal/${token}/start`);
    const dialog = locationOf(start);
    expect(dialog.origin).toBe(fake.hosts["www.facebook.com"]);
    expect(dialog.searchParams.get("scope")).toContain("ads_management");
    const consent = await fetch(dialog, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const callback = await getNoFollow(`${base}${back.pathname}${back.search}`);
    expect(locationOf(callback).pathname).toBe(`/r/${token}`);
    expect(locationOf(callback).searchParams.get("error")).toBeNull();
    expect((await loadRemovalPage({ token }))!.state).toBe("signed_in");
    // the same callback again is a replay
    const replay = await getNoFollow(`${base}${back.pathname}${back.search}`);
    expect(replay.status).toBe(400);

    const confirm = await fetch(`${base}/api/access/removal/${token}/confirm`, { method: "POST", redirect: "manual" });
    expect(confirm.status).toBe(303);
    expect(locationOf(confirm).pathname).toBe(`/r/${token}`);
    expect(locationOf(confirm).searchParams.get("error")).toBeNull();

    // on Meta: the agency's business is no longer a partner of either ad account
    const deletes = fake.calls.filter((c) => c.method === "DELETE");
    expect(deletes.map((c) => c.path)).toEqual(["/v25.0/act_1001/agencies", "/v25.0/act_1002/agencies"]);
    expect(deletes.every((c) => c.query.business === AGENCY_BM)).toBe(true);
    expect(fake.partners.get("act_1001")!.has(AGENCY_BM)).toBe(false);

    // recorded as the client's removal
    const svc = await db.requestService.findFirstOrThrow({ where: { requestId, serviceId: "meta_ads" } });
    expect(svc.accessRemovedAt).not.toBeNull();
    expect(svc.accessRemovedBy).toBe("client:ana@client.test");
    const removedEvents = (await eventsOf(requestId)).filter((e) => e.type === "access.removed");
    expect(removedEvents).toHaveLength(1);
    expect(removedEvents[0]!.data.removedBy).toBe("client:ana@client.test");
    expect(
      (removedEvents[0]!.data.assets as { method: string; removed: boolean }[]).every(
        (a) => a.method === "client_token" && a.removed,
      ),
    ).toBe(true);

    const done = await loadRemovalPage({ token });
    expect(done!.state).toBe("completed");
    expect(done!.result!.removed.map((r) => r.name)).toEqual(["Acme Main Ads", "Acme Brand Ads"]);

    // the receipt: Meta read again (with the client's token: the agency account holds none) no longer lists the agency
    const receipt = done!.result!.receipt!;
    expect(receipt.url).toMatch(new RegExp(`/receipts/${receipt.code}$`));
    expect(removedEvents[0]!.data.receipt).toEqual(receipt);
    const found = await lookUpReceipt(receipt.code);
    if (found.kind !== "found") throw new Error(found.kind);
    expect(found.page.locale).toBe("es");
    expect(found.page.byClient).toBe(true);
    expect(found.page.lines.map((l) => [l.assetId, l.outcome])).toEqual([
      ["act_1001", "confirmed"],
      ["act_1002", "confirmed"],
    ]);
    const receiptMail = await db.email.findFirstOrThrow({
      where: { agencyId: agency.agencyId, kind: "removal_receipt" },
    });
    expect(receiptMail.subject).toContain("Justificante");
    expect(receiptMail.text).toContain(receipt.code);
    const after = await db.removalLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(after.clientToken).toBeNull();
    expect((await listRemovalLinks({ agencyId: agency.agencyId, clientId }))[0]).toMatchObject({
      status: "completed",
      removed: 2,
      failed: 0,
    });

    // spent: neither a second confirmation nor a new sign-in
    const again = await fetch(`${base}/api/access/removal/${token}/confirm`, { method: "POST", redirect: "manual" });
    expect(locationOf(again).searchParams.get("error")).toBe("expired");
    const restart = await getNoFollow(`${base}/api/access/removal/${token}/start`);
    expect(locationOf(restart).searchParams.get("error")).toBe("expired");
    expect(fake.calls.filter((c) => c.method === "DELETE")).toHaveLength(2);
  });

  it("refuses an unknown token, an expired link and a link replaced by a newer one", async () => {
    const { clientId } = await grantedClient();
    const unknown = await getNoFollow(`${base}/api/access/removal/${"A".repeat(43)}/start`);
    expect(locationOf(unknown).searchParams.get("error")).toBe("not_found");
    expect(await loadRemovalPage({ token: "short" })).toBeNull();

    const first = await createRemovalLink({
      agencyId: agency.agencyId,
      clientId,
      platform: "meta",
      createdBy: "owner@agency.test",
    });
    const second = await createRemovalLink({
      agencyId: agency.agencyId,
      clientId,
      platform: "meta",
      createdBy: "owner@agency.test",
    });
    expect((await loadRemovalPage({ token: tokenOf(first.url) }))!.state).toBe("expired");
    expect((await loadRemovalPage({ token: tokenOf(second.url) }))!.state).toBe("open");
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect((await loadRemovalPage({ token: tokenOf(second.url), now: later }))!.state).toBe("expired");
    expect((await listRemovalLinks({ agencyId: agency.agencyId, clientId })).map((l) => l.status)).toEqual([
      "sent",
      "replaced",
    ]);
  });

  it("a denied consent goes back to the page with nothing removed", async () => {
    const { clientId } = await grantedClient();
    const link = await createRemovalLink({
      agencyId: agency.agencyId,
      clientId,
      platform: "meta",
      createdBy: "owner@agency.test",
    });
    const token = tokenOf(link.url);
    fake.switches.denyConsent = true;
    const dialog = locationOf(await getNoFollow(`${base}/api/access/removal/${token}/start`));
    const back = new URL((await fetch(dialog, { redirect: "manual" })).headers.get("location")!);
    fake.switches.denyConsent = false;
    const callback = await getNoFollow(`${base}${back.pathname}${back.search}`);
    expect(locationOf(callback).searchParams.get("error")).toBe("denied");
    expect((await loadRemovalPage({ token }))!.state).toBe("open");
  });

  it("a platform with nothing to remove by link is refused when sending", async () => {
    const seeded = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    await expect(
      createRemovalLink({ agencyId: agency.agencyId, clientId: seeded.clientId, platform: "meta", createdBy: "x" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      createRemovalLink({ agencyId: agency.agencyId, clientId: seeded.clientId, platform: "nope", createdBy: "x" }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });
});
