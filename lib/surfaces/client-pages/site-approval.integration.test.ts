// WordPress in one click from the client page, over real HTTP and a real database, against the
// WordPress fake: the site's address posted from the service's card, the site's approval page,
// our callback (GET /api/access/site-approval) granting and recording the service with its
// attempt event, the application password deleted; a replayed or forged callback, a rejection,
// a site without application passwords, a bad address and a refusal, told in the client's
// language, with the steps and "I've done this" still offered; an administrator already left
// as it is; an answer too late whose password is deleted unused; and removal through the
// removal link, approved on the site, with its receipt.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/infra/env";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessAgency,
  seedAccessRequest,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { accessErrorMessage } from "@/lib/surfaces/client-pages/access-page-error";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { startApiServer } from "@/test/support/api-server";
import { startWordPressFake, type WordPressFake } from "@/test/support/fakes/wordpress-fake";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { createRemovalLink } from "@/lib/core/removal-links/create-removal-link";
import { getDb } from "@/lib/infra/db/db";
import { lookUpReceipt } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { loadRemovalPage } from "@/lib/surfaces/client-pages/removal/removal-link-flow";
import { finishSiteApproval } from "@/lib/surfaces/client-pages/site-approval";
import { loadClientAccessPage, planRemoval } from "@/lib/surfaces/client-pages/client-access/client-access-flow";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { startDeliveryLoop } from "@/lib/runtime/worker/delivery-loop";
import { startWebhookReceiver } from "@/test/support/webhook-receiver";

let base: string;
let close: () => Promise<void>;
let fake: WordPressFake;
let agency: TestAgency;
const saved = process.env.SANDBOX_PLATFORMS;

beforeAll(async () => {
  fake = await startWordPressFake();
  process.env.SANDBOX_PLATFORMS = "0";
  resetEnvCache();
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  agency = await seedAccessAgency(["wordpress"]);
});
afterAll(async () => {
  await close?.();
  await fake?.close();
  if (saved === undefined) delete process.env.SANDBOX_PLATFORMS;
  else process.env.SANDBOX_PLATFORMS = saved;
  resetEnvCache();
});
beforeEach(() => fake.reset());

/** The card's form: where the client is sent (the site's approval page, or back with an error). */
async function submitSite(token: string, site: string): Promise<URL> {
  return locationOf(await postForm(`${base}/api/access/${token}/services/wordpress_site/site`, { site }));
}

/** The site's approval page, then the browser sent back to our callback: where it lands. */
async function approveOnSite(approvalPage: URL): Promise<{ callback: string; landed: URL }> {
  const answer = await fetch(approvalPage, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location")!);
  const callback = `${base}${back.pathname}${back.search}`;
  return { callback, landed: locationOf(await getNoFollow(callback)) };
}

/** What the service's card offers: the site's address form, and "I've done this" beside it. */
async function offered(token: string) {
  const view = await loadAccessPage({ token });
  const { siteApproval, inviteSent } = view!.platforms[0]!.services[0]!.actions;
  return { siteApproval, inviteSent };
}

type Attempt = { platform: string; outcome: string; services: { service: string; status: string; errors: string[] }[] };
const attemptsOf = async (requestId: string) =>
  (await eventsOf(requestId))
    .filter((e) => e.type === "connection.attempt_completed")
    .map((e) => (e.data as { attempt: Attempt }).attempt);

describe("a WordPress site granted from the client page", () => {
  it("creates the agency's administrator, deletes the password, records the grant and the attempt; a replay is refused", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} });
    expect(await offered(token)).toEqual({ siteApproval: true, inviteSent: true });

    const approval = await submitSite(token, fake.url);
    expect(approval.origin).toBe(fake.url);
    expect(approval.pathname).toBe("/wp-admin/authorize-application.php");
    expect(approval.searchParams.get("app_id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(new URL(approval.searchParams.get("success_url")!).pathname).toBe("/api/access/site-approval");

    const { callback, landed } = await approveOnSite(approval);
    expect(landed.pathname).toBe(`/i/${token}`);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ service: "wordpress_site", notice: "granted" });

    const created = [...fake.users.values()].find((u) => u.email === "wordpress@agency.test");
    expect(created?.roles).toEqual(["administrator"]);
    expect(fake.appPasswords).toEqual([]);
    const svc = (await requestRow(requestId)).services[0]!;
    expect(svc.status).toBe("granted");
    expect(svc.grantedAssets).toMatchObject([{ id: fake.url, verified: true }]);
    expect(await attemptsOf(requestId)).toEqual([
      {
        platform: "wordpress",
        outcome: "success",
        services: [{ service: "wordpress_site", status: "granted", errors: [] }],
        errors: [],
      },
    ]);

    // the same answer again: the nonce is spent and nothing more is recorded
    expect(Object.fromEntries(locationOf(await getNoFollow(callback)).searchParams)).toEqual({
      service: "wordpress_site",
      error: "sign_in_used",
    });
    expect(await attemptsOf(requestId)).toHaveLength(1);
  });

  it("raises an editor to administrator without taking its role away", async () => {
    fake.addUser({ username: "agencyweb", email: "wordpress@agency.test", roles: ["editor"] });
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} });
    const { landed } = await approveOnSite(await submitSite(token, fake.url));
    expect(landed.searchParams.get("notice")).toBe("granted");
    expect(await offered(token)).toEqual({ siteApproval: false, inviteSent: false });
    expect([...fake.users.values()].find((u) => u.username === "agencyweb")?.roles.sort()).toEqual([
      "administrator",
      "editor",
    ]);
    expect((await requestRow(requestId)).services[0]!.status).toBe("granted");
  });

  it("an administrator already is counted as granted, with nothing written or weakened", async () => {
    const admin = fake.addUser({ username: "agencyadmin", email: "wordpress@agency.test", roles: ["administrator"] });
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} });
    const { landed } = await approveOnSite(await submitSite(token, fake.url));
    expect(landed.searchParams.get("notice")).toBe("granted");
    expect(fake.calls.filter((c) => c.method !== "GET" && !c.path.includes("application-passwords"))).toEqual([]);
    expect(fake.users.get(admin.id)!.roles).toEqual(["administrator"]);
    expect(fake.appPasswords).toEqual([]);
    expect((await requestRow(requestId)).services[0]!).toMatchObject({ status: "granted" });
  });

  it("an answer that comes back too late is refused, and the password it carries is deleted unused", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} });
    const answer = await fetch(await submitSite(token, fake.url), { redirect: "manual" });
    const query = Object.fromEntries(new URL(answer.headers.get("location")!).searchParams);
    expect(fake.appPasswords).toHaveLength(1);
    const late = await finishSiteApproval(query, new Date(Date.now() + 60 * 60_000));
    expect(late).toMatchObject({ kind: "back", params: { error: "sign_in_expired" } });
    expect(fake.appPasswords).toEqual([]);
    expect([...fake.users.values()].some((u) => u.email === "wordpress@agency.test")).toBe(false);
    expect((await requestRow(requestId)).services[0]!.status).toBe("pending");
  });

  it("a refusal by the site fails the attempt, in the client's language, and leaves the service pending", async () => {
    fake.switches.approverIsAdmin = false;
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} }, { language: "Spanish" });
    const { landed } = await approveOnSite(await submitSite(token, fake.url));
    expect(landed.searchParams.get("attempt")).toBeTruthy();
    expect(fake.appPasswords).toEqual([]);
    expect((await requestRow(requestId)).services[0]!.status).toBe("pending");
    const [attempt] = await attemptsOf(requestId);
    expect(attempt).toMatchObject({ platform: "wordpress", outcome: "failed" });
    expect(attempt!.services[0]!.errors[0]).toContain("Tu sitio no nos dejó añadir el usuario de la agencia");
    expect(await offered(token)).toEqual({ siteApproval: true, inviteSent: true });
  });

  it("a decline on the site has its own address, reads as the client's choice in their language, shares nothing and sends no attempt event", async () => {
    fake.switches.decision = "reject";
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} }, { language: "Spanish" });
    const approval = await submitSite(token, fake.url);
    // WordPress sends a decline to reject_url exactly as given: it must not be the approval's address
    expect(approval.searchParams.get("reject_url")).not.toBe(approval.searchParams.get("success_url"));
    const { landed } = await approveOnSite(approval);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ service: "wordpress_site", error: "site_rejected" });
    expect(accessErrorMessage("es", "site_rejected")).toContain("Lo rechazaste en tu sitio");
    expect(accessErrorMessage("en", "site_rejected")).toContain("You declined on your site");
    expect(await attemptsOf(requestId)).toEqual([]);
    expect([...fake.users.values()].some((u) => u.email === "wordpress@agency.test")).toBe(false);
    expect(await offered(token)).toEqual({ siteApproval: true, inviteSent: true });
  });

  it("an approval whose site_url names another site is refused, and the password the site issued is deleted on it", async () => {
    fake.switches.siteUrl = "https://elsewhere.example";
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} });
    const answer = await fetch(await submitSite(token, fake.url), { redirect: "manual" });
    expect(new URL(answer.headers.get("location")!).searchParams.get("site_url")).toBe("https://elsewhere.example");
    expect(fake.appPasswords).toHaveLength(1);
    const back = new URL(answer.headers.get("location")!);
    const landed = locationOf(await getNoFollow(`${base}${back.pathname}${back.search}`));
    expect(landed.searchParams.get("error")).toBe("generic");
    // given up on the site the client was sent to, through its REST API; nothing else done there
    expect(fake.appPasswords).toEqual([]);
    expect(
      fake.calls.filter((c) => c.method === "DELETE").map((c) => c.path.replace(/[0-9a-f-]{36}$/, "{uuid}")),
    ).toEqual(["/wp-json/wp/v2/users/me/application-passwords/{uuid}"]);
    expect([...fake.users.values()].some((u) => u.email === "wordpress@agency.test")).toBe(false);
    expect((await requestRow(requestId)).services[0]!.status).toBe("pending");
  });

  it("says why one click is not possible, in the client's language, and keeps the steps", async () => {
    const { token } = await seedAccessRequest(agency, { wordpress_site: {} }, { language: "Dutch" });
    expect((await submitSite(token, "  ")).searchParams.get("error")).toBe("site_address");
    expect((await submitSite(token, "ftp://example.com")).searchParams.get("error")).toBe("site_address");

    fake.switches.appPasswords = false;
    const off = await submitSite(token, fake.url);
    expect(Object.fromEntries(off.searchParams)).toEqual({
      service: "wordpress_site",
      error: "site_app_passwords_off",
    });
    expect(accessErrorMessage("nl", "site_app_passwords_off")).toContain("Je site biedt geen applicatiewachtwoorden");
    expect(await offered(token)).toEqual({ siteApproval: true, inviteSent: true });

    fake.switches.appPasswords = true;
    fake.switches.basicAuthInFront = true;
    expect((await submitSite(token, fake.url)).searchParams.get("error")).toBe("site_no_rest_api");
    expect(accessErrorMessage("es", "site_not_https")).toContain("WordPress solo aprueba aplicaciones con HTTPS");
  });

  it("refuses to start from the client's own link once the site is handed to a colleague", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { wordpress_site: {} });
    const handed = await postForm(`${base}/api/access/${token}/forward/forward`, {
      name: "Marta Colleague",
      email: "marta@client.test",
      service: "wordpress_site",
    });
    expect(handed.status).toBe(303);
    const answer = await submitSite(token, fake.url);
    expect(answer.origin).not.toBe(new URL(fake.url).origin);
    expect(answer.searchParams.get("error")).toBe("not_allowed");
    expect(fake.calls).toEqual([]);
    expect((await requestRow(requestId)).services[0]!.status).toBe("pending");
  });

  it("refuses a forged callback", async () => {
    const res = await getNoFollow(`${base}/api/access/site-approval?state=forged.value&password=x`);
    expect(res.status).toBe(400);
  });
});

describe("removing the agency from a WordPress site", () => {
  it("the removal link sends the client to approve on the site; approving deletes the agency's user and the password, with a receipt", async () => {
    const { requestId, token, clientId } = await seedAccessRequest(
      agency,
      { wordpress_site: {} },
      { language: "Spanish" },
    );
    await approveOnSite(await submitSite(token, fake.url));
    const agencyUser = () => [...fake.users.values()].find((u) => u.email === "wordpress@agency.test");
    expect(agencyUser()).toBeDefined();

    // "Remove our access": the site's removal needs the client's approval, so a removal link can do it
    const outcome = await removeClientAccess({ agencyId: agency.agencyId, clientId, removedBy: "owner@agency.test" });
    expect(outcome.checklist).toMatchObject([{ serviceId: "wordpress_site", clientConsent: true }]);
    const link = await createRemovalLink({
      agencyId: agency.agencyId,
      clientId,
      platform: "wordpress",
      createdBy: "owner@agency.test",
    });
    const linkToken = new URL(link.url).pathname.split("/").pop()!;
    const page = await loadRemovalPage({ token: linkToken });
    expect(page).toMatchObject({ state: "open", locale: "es", approvesOnSite: true });
    expect(page!.targets[0]!.assets).toEqual([{ id: fake.url, name: fake.url.replace("http://", "") }]);

    const start = async () => locationOf(await getNoFollow(`${base}/api/access/removal/${linkToken}/start`));
    // declined on the site: nothing removed, the link still open
    fake.switches.decision = "reject";
    const declined = await approveOnSite(await start());
    expect(Object.fromEntries(declined.landed.searchParams)).toEqual({ error: "site_rejected" });
    expect(declined.landed.pathname).toBe(`/r/${linkToken}`);
    expect(agencyUser()).toBeDefined();
    expect((await loadRemovalPage({ token: linkToken }))!.state).toBe("open");

    // the site stops offering application passwords: told so, nothing removed
    fake.switches.appPasswords = false;
    expect(Object.fromEntries((await start()).searchParams)).toEqual({ error: "site_unavailable" });
    fake.switches.appPasswords = true;

    // an answer naming another site: refused, the password deleted, the link still open
    fake.switches.decision = "approve";
    fake.switches.siteUrl = "https://elsewhere.example";
    const elsewhere = await approveOnSite(await start());
    expect(elsewhere.landed.searchParams.get("error")).toBe("generic");
    expect(fake.appPasswords).toEqual([]);
    expect(agencyUser()).toBeDefined();
    expect((await loadRemovalPage({ token: linkToken }))!.state).toBe("open");
    fake.switches.siteUrl = null;

    const approval = await start();
    expect(approval.pathname).toBe("/wp-admin/authorize-application.php");
    const { callback, landed } = await approveOnSite(approval);
    expect(landed.pathname).toBe(`/r/${linkToken}`);
    expect(landed.search).toBe("");
    expect(agencyUser()).toBeUndefined();
    const del = fake.calls.find((c) => c.method === "DELETE" && /\/wp\/v2\/users\/\d+$/.test(c.path))!;
    expect(del.query).toEqual({ force: "true", reassign: "1" });
    expect(fake.appPasswords).toEqual([]);

    const svc = await (await getDb()).requestService.findFirstOrThrow({ where: { requestId } });
    expect(svc.accessRemovedBy).toBe("client:ana@client.test");
    const removed = (await eventsOf(requestId)).filter((e) => e.type === "access.removed");
    expect(removed.map((e) => e.data.assets)).toEqual([
      [
        {
          id: fake.url,
          name: fake.url.replace("http://", ""),
          method: "client_token",
          removed: true,
          detail: null,
          confirmation: "confirmed",
        },
      ],
    ]);
    const done = await loadRemovalPage({ token: linkToken });
    expect(done).toMatchObject({ state: "completed" });
    expect(done!.result!.removed).toEqual([
      { serviceId: "wordpress_site", assetId: fake.url, name: fake.url.replace("http://", "") },
    ]);
    const found = await lookUpReceipt(done!.result!.receipt!.code);
    if (found.kind !== "found") throw new Error(found.kind);
    expect(found.page.lines.map((l) => [l.assetId, l.outcome])).toEqual([[fake.url, "confirmed"]]);

    // spent: the same answer again is refused and no user is deleted again
    expect(locationOf(await getNoFollow(callback)).searchParams.get("error")).toBe("generic");
    expect(Object.fromEntries((await start()).searchParams)).toEqual({ error: "expired" });
    expect(fake.calls.filter((c) => c.method === "DELETE" && /\/wp\/v2\/users\/\d+$/.test(c.path))).toHaveLength(1);
  });

  it("from the client's access page: the site-wide removal is said and listed, then approved on the site; every removal's event is delivered", async () => {
    const first = await seedAccessRequest(agency, { wordpress_site: {} });
    const second = await seedAccessRequest(agency, { wordpress_site: {} }, { clientId: first.clientId });
    await approveOnSite(await submitSite(first.token, fake.url));
    await approveOnSite(await submitSite(second.token, fake.url));
    const receiver = await startWebhookReceiver();
    await createWebhook({
      agencyId: agency.agencyId,
      input: { url: receiver.url("/hook"), events: ["access.removed"] },
    });
    const loop = startDeliveryLoop({ name: "wp-removal", pollMs: 100, maxInFlight: 2 });
    try {
      const page = await loadClientAccessPage({ token: first.token });
      expect(page!.lines.map((l) => [l.requestId, l.removal, l.approvesOnSite])).toEqual([
        [first.requestId, "link", true],
        [second.requestId, "link", true],
      ]);
      // one line's Remove: the site removes the agency's user, so both lines on it go, and the page says so
      const plan = planRemoval(page!, { line: page!.lines[0]!.key, all: false });
      expect(plan!.lines.map((l) => l.requestId)).toEqual([first.requestId, second.requestId]);
      expect(plan!.wider).toEqual(["WordPress"]);

      const asked = await postForm(`${base}/api/access/client-access/${first.token}/remove`, {
        line: page!.lines[0]!.key,
        confirm: "1",
      });
      const linkPath = locationOf(asked).pathname;
      expect(linkPath).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
      const linkToken = linkPath.split("/").pop()!;
      const approval = locationOf(await getNoFollow(`${base}/api/access/removal/${linkToken}/start`));
      const { landed } = await approveOnSite(approval);
      expect(landed.pathname).toBe(linkPath);
      expect([...fake.users.values()].some((u) => u.email === "wordpress@agency.test")).toBe(false);

      const removed = await Promise.all(
        [first.requestId, second.requestId].map(async (id) =>
          (await eventsOf(id)).filter((e) => e.type === "access.removed"),
        ),
      );
      expect(removed.map((events) => events.length)).toEqual([1, 1]);
      const delivered = await receiver.waitFor(2, "/hook");
      expect(
        delivered.map((d) => (JSON.parse(d.body) as { data: { request: { id: string } } }).data.request.id).sort(),
      ).toEqual([first.requestId, second.requestId].sort());
    } finally {
      await loop.stop();
      await receiver.close();
    }
  });
});
