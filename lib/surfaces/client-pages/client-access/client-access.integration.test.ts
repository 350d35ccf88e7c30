// The client's current access over real HTTP and a real database, with the sandbox platforms:
// grants by the client and by a colleague they handed a service to, one asset lost on the
// platform (shown as no longer there), one service the team marked granted; the V2 resource
// `GET /clients/{id}/access` and the client's own page `/i/{token}/access` in Spanish (no
// agency-internal data, a colleague's link does not open it), and "Remove" per line and
// "Remove everything" through the existing removal paths (the agency's token, a removal link,
// the steps by hand).
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ClientAccessPageRoute, { generateMetadata as accessPageMetadata } from "@/app/(client)/i/[token]/access/page";
import { generateMetadata as receiptPageMetadata } from "@/app/(client)/receipts/[code]/page";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { checkGrantedAccess, defaultConnectorFor } from "@/lib/core/access-checks/check-access";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { forwardServices } from "@/lib/core/forwards/forward-services";
import { ZClientAccess } from "@/lib/core/client-access/schemas";
import { sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";
import { getDb } from "@/lib/infra/db/db";
import {
  loadClientAccessPage,
  removeFromClientPage,
} from "@/lib/surfaces/client-pages/client-access/client-access-flow";
import { startApiServer } from "@/test/support/api-server";
import { eventsOf, postForm, seedAccessRequest, type TestAgency } from "@/test/support/access-fixtures";
import { loadRemovalPage } from "@/lib/surfaces/client-pages/removal/removal-link-flow";

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => close?.());

/** The page as the server renders it (the test server serves route handlers only). */
async function renderPage(token: string, query: Record<string, string> = {}): Promise<string> {
  return renderToStaticMarkup(
    await ClientAccessPageRoute({ params: Promise.resolve({ token }), searchParams: Promise.resolve(query) }),
  );
}

/** Meta's account holds its sandbox token (the agency can read and leave); Google's holds none. */
async function seedAgency(): Promise<TestAgency> {
  const agency = await createAgency({ name: "Acme Growth", plan: "agency" });
  const meta = await connectAccount({
    agencyId: agency.id,
    platform: "meta",
    email: "meta-ops@agency.test",
    accessToken: sandboxAgencyToken("meta"),
  });
  const google = await connectAccount({ agencyId: agency.id, platform: "google", email: "google-ops@agency.test" });
  return { agencyId: agency.id, accounts: { meta: meta.internalAccountId, google: google.internalAccountId } };
}

/**
 * meta_ads granted by the client (asset 1002 will read as lost), google_analytics granted by
 * Berta, the colleague it was handed to, and google_tag_manager marked granted by a team member.
 */
async function grantedClient(agency: TestAgency) {
  const seeded = await seedAccessRequest(
    agency,
    {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
      google_tag_manager: { accessLevel: "read" },
    },
    { language: "Spanish" },
  );
  const forward = await forwardServices({
    requestId: seeded.requestId,
    serviceIds: ["google_analytics"],
    name: "Berta Colleague",
    email: "berta@client.test",
    note: null,
  });
  const grant = (serviceId: string, ids: number[], accessLevel: string, grantedBy?: string) =>
    applyRequestAction({
      agencyId: agency.agencyId,
      requestId: seeded.requestId,
      action: { kind: "grant", serviceId },
      grantedAssets: ids.map((n) => ({ id: `${serviceId}_100${n}`, name: `Asset ${serviceId} ${n}`, accessLevel })),
      ...(grantedBy ? { grantedBy } : {}),
    });
  await grant("meta_ads", [1, 2], "advertiser");
  await grant("google_analytics", [1], "viewer", "berta@client.test");
  await grant("google_tag_manager", [1], "read", "staff.member@agency.test");
  await checkGrantedAccess({ agencyId: agency.agencyId, clientId: seeded.clientId });
  return { ...seeded, forwardToken: forward.token };
}

describe("the client's current access", () => {
  it("GET /clients/{id}/access lists every granted asset with who granted it and its state at the last check", async () => {
    const agency = await seedAgency();
    const { clientId } = await grantedClient(agency);
    const key = await createApiKey({ agencyId: agency.agencyId, scopes: API_SCOPES });
    const res = await fetch(`${base}/api/v2/clients/${clientId}/access`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown };
    const access = ZClientAccess.parse(body.data);
    expect(access.clientId).toBe(clientId);
    const byAsset = Object.fromEntries(access.items.map((i) => [i.asset.id, i]));
    expect(Object.keys(byAsset).sort()).toEqual([
      "google_analytics_1001",
      "google_tag_manager_1001",
      "meta_ads_1001",
      "meta_ads_1002",
    ]);
    expect(byAsset.meta_ads_1001).toMatchObject({
      service: "meta_ads",
      platform: "meta",
      accessLevel: "advertiser",
      state: "active",
      grantedBy: { kind: "client", name: "Ana Client" },
    });
    expect(byAsset.meta_ads_1001!.checkedAt).not.toBeNull();
    expect(byAsset.meta_ads_1002!.state).toBe("lost");
    expect(byAsset.google_analytics_1001).toMatchObject({
      state: "unchecked",
      grantedBy: { kind: "colleague", name: "Berta Colleague" },
    });
    expect(byAsset.google_tag_manager_1001!.grantedBy).toEqual({ kind: "agency", name: null });

    // another agency's key, a malformed id and a key without clients:read
    const other = await seedAgency();
    const otherKey = await createApiKey({ agencyId: other.agencyId, scopes: API_SCOPES });
    const foreign = await fetch(`${base}/api/v2/clients/${clientId}/access`, {
      headers: { authorization: `Bearer ${otherKey.key}` },
    });
    expect(foreign.status).toBe(404);
    const malformed = await fetch(`${base}/api/v2/clients/not-a-uuid/access`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(malformed.status).toBe(404);
    const narrow = await createApiKey({ agencyId: agency.agencyId, scopes: ["requests:read"] });
    const refused = await fetch(`${base}/api/v2/clients/${clientId}/access`, {
      headers: { authorization: `Bearer ${narrow.key}` },
    });
    expect(refused.status).toBe(403);
    const post = await fetch(`${base}/api/v2/clients/${clientId}/access`, {
      method: "POST",
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(post.status).toBe(405);
  });

  it("shows the client's page in their language with no agency-internal data; a colleague's link does not open it", async () => {
    const agency = await seedAgency();
    const { token, forwardToken, requestId } = await grantedClient(agency);
    // the last check, two hours ago: said in words, the moment kept in the <time> element
    const checkedAt = new Date(Date.now() - 2 * 3600 * 1000 - 60_000);
    await (
      await getDb()
    ).requestService.updateMany({ where: { requestId, serviceId: "meta_ads" }, data: { accessCheckedAt: checkedAt } });
    const html = await renderPage(token);
    expect(html).toContain(`<time dateTime="${checkedAt.toISOString()}"`);
    expect(html).toMatch(/>comprobado hace 2 horas<\/time>/);
    expect(html).toContain("A qué tiene acceso Acme Growth");
    expect(html).toContain("Asset meta_ads 1");
    expect(html).toContain("Ya no existe");
    expect(html).toContain("Activo");
    expect(html).toContain("por Berta Colleague (un colega a quien se lo pasaste)");
    expect(html).toContain("registrado por el equipo de Acme Growth");
    expect(html).toContain("Retirarlo todo");
    expect(html).toContain('lang="es"');
    // the tab's title too
    expect((await accessPageMetadata({ params: Promise.resolve({ token }) })).title).toEqual({
      absolute: "A qué tiene acceso Acme Growth",
    });
    // the team member's email, the platform's answers and internal ids stay inside the agency
    expect(html).not.toContain("staff.member@agency.test");
    expect(html).not.toContain("no longer listed as a partner");
    expect(html).not.toContain("Cannot be checked");
    expect(html).not.toContain(agency.accounts.meta!);

    expect(await loadClientAccessPage({ token: forwardToken })).toBeNull();
    expect(await loadClientAccessPage({ token: "not-a-real-token-at-all-000" })).toBeNull();
    const refused = await postForm(`${base}/api/access/client-access/${forwardToken}/remove`, {
      all: "1",
      confirm: "1",
    });
    expect(refused.status).toBe(404);
  });

  it("one line's Remove asks first, lists exactly what goes, then removes that asset only; Remove everything ends the rest", async () => {
    const agency = await seedAgency();
    const { token, clientId, requestId } = await grantedClient(agency);
    // a member with the default notification choices (in the app, and by email at once)
    const db = await getDb();
    const member = await db.user.create({ data: { email: "lee@agency.test", passwordHash: "x" } });
    await db.membership.create({ data: { agencyId: agency.agencyId, userId: member.id, role: "member" } });
    const page = await loadClientAccessPage({ token });
    const metaLine = page!.lines.find((l) => l.assetId === "meta_ads_1001")!;
    expect(metaLine.removal).toBe("agency");
    expect(page!.lines.find((l) => l.assetId === "google_analytics_1001")!.removal).toBe("manual");

    const bad = await postForm(`${base}/api/access/client-access/${token}/remove`, { line: "nope", confirm: "1" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe(`/i/${token}/access?error=invalid`);

    // the line's Remove (a plain form, JavaScript off): nothing goes before the confirmation
    const asked = await postForm(`${base}/api/access/client-access/${token}/remove`, { line: metaLine.key });
    expect(asked.status).toBe(303);
    const confirmAt = new URL(asked.headers.get("location")!, base);
    expect(confirmAt.pathname).toBe(`/i/${token}/access`);
    expect(confirmAt.searchParams.get("remove")).toBe(metaLine.key);
    expect(await db.removalReceipt.count({ where: { agencyId: agency.agencyId } })).toBe(0);
    expect((await loadClientAccessPage({ token }))!.lines).toHaveLength(4);
    // the confirmation, in Spanish: this asset only, and the form that removes it
    const confirmation = await renderPage(token, Object.fromEntries(confirmAt.searchParams));
    expect(confirmation).toContain("¿Retirar este acceso?");
    expect(confirmation).toContain("Sí, retirar");
    expect(confirmation.match(/data-goes="[^"]+"/g)).toEqual([`data-goes="${metaLine.key}"`]);
    expect(confirmation).not.toContain("Asset meta_ads 2");
    expect(confirmation).toContain('name="confirm" value="1"');

    const one = await postForm(`${base}/api/access/client-access/${token}/remove`, {
      line: metaLine.key,
      confirm: "1",
    });
    expect(one.status).toBe(303);
    // everything was done at once: straight to the receipt
    const receiptPath = new URL(one.headers.get("location")!, base).pathname;
    expect(receiptPath).toMatch(/^\/receipts\/[0-9A-Z-]{24}$/);
    const receipt = await db.removalReceipt.findUniqueOrThrow({ where: { code: receiptPath.split("/").pop()! } });
    expect(receipt.removedBy).toBe("client:Ana Client");
    expect((await receiptPageMetadata({ params: Promise.resolve({ code: receipt.code }) })).title).toEqual({
      absolute: "Justificante de retirada",
    });
    // the receipt and the webhook's event name that asset, and nothing else
    expect((receipt.items as { assetId: string; outcome: string }[]).map((i) => [i.assetId, i.outcome])).toEqual([
      ["meta_ads_1001", "confirmed"],
    ]);
    const removedEvents = (await eventsOf(requestId)).filter((e) => e.type === "access.removed");
    expect(removedEvents.map((e) => (e.data.assets as { id: string }[]).map((a) => a.id))).toEqual([["meta_ads_1001"]]);
    const meta = await db.requestService.findFirstOrThrow({ where: { request: { clientId }, serviceId: "meta_ads" } });
    expect(meta.accessRemovedAt).toBeNull();
    const after = await loadClientAccessPage({ token });
    expect(after!.lines.map((l) => l.assetId).sort()).toEqual([
      "google_analytics_1001",
      "google_tag_manager_1001",
      "meta_ads_1002",
    ]);

    // Remove everything: the confirmation lists every line left
    const everything = await renderPage(token, { remove: "all" });
    expect(everything).toContain("¿Retirarlo todo?");
    expect(everything.match(/data-goes=/g)).toHaveLength(3);
    const all = await postForm(`${base}/api/access/client-access/${token}/remove`, { all: "1", confirm: "1" });
    const done = new URL(all.headers.get("location")!, base);
    expect(done.searchParams.get("manual")).toBe("2");
    expect(done.searchParams.get("removed")).toBe("1");
    expect(
      (await db.requestService.findFirstOrThrow({ where: { request: { clientId }, serviceId: "meta_ads" } }))
        .accessRemovedBy,
    ).toBe("client:Ana Client");
    const audit = await db.auditEntry.findFirstOrThrow({
      where: { agencyId: agency.agencyId, action: "access.removal_asked" },
    });
    expect(audit.target).toBe(clientId);
    const html = await renderPage(token, Object.fromEntries(done.searchParams));
    expect(html).toContain("Algunas plataformas no pueden retirar el acceso por ti.");

    // the team heard of each: in the app, and by email as the member chose
    const notices = await db.notification.findMany({
      where: { agencyId: agency.agencyId, userId: member.id },
      orderBy: { createdAt: "asc" },
    });
    expect(notices.map((n) => [n.type, n.message])).toEqual([
      ["access.removed", "Ana Client removed Meta Ad Account access (Asset meta_ads 1)"],
      ["access.removed", "Ana Client removed Meta Ad Account access (Asset meta_ads 2)"],
      [
        "access.removal_asked",
        "Ana Client asked you to remove access by hand, which the platform cannot do for them: Google Analytics (Asset google_analytics 1), Google Tag Manager (Asset google_tag_manager 1)",
      ],
    ]);
    const mails = await db.email.findMany({
      where: { agencyId: agency.agencyId, kind: "notification", to: member.email },
    });
    expect(mails.map((m) => m.text).join("\n")).toContain(
      "Ana Client removed Meta Ad Account access (Asset meta_ads 1)",
    );
    expect(mails.map((m) => m.text).join("\n")).toContain("Ana Client asked you to remove access by hand");
  });

  it("sends the client to a removal link where only an admin of the asset may remove the agency", async () => {
    const agency = await seedAgency();
    const { token, clientId } = await grantedClient(agency);
    // Meta as the real platform documents it: only the client's sign-in removes a partner
    const connectorFor = (platform: string) => {
      const c = defaultConnectorFor(platform);
      return c && platform === "meta" ? { ...c, removalToken: () => "client" as const } : c;
    };
    const page = await loadClientAccessPage({ token, connectorFor });
    const line = page!.lines.find((l) => l.assetId === "meta_ads_1001")!;
    expect(line.removal).toBe("link");
    const result = await removeFromClientPage({ token, line: line.key, all: false, connectorFor });
    if ("error" in result) throw new Error(result.error);
    expect(result.links).toHaveLength(1);
    // the link removes that line's asset only, not the service's other asset
    const linkToken = new URL(result.links[0]!.url).pathname.split("/").pop()!;
    const linkPage = await loadRemovalPage({ token: linkToken, connectorFor });
    expect(linkPage!.targets).toMatchObject([{ serviceId: "meta_ads", assets: [{ id: "meta_ads_1001" }] }]);
    expect(new URL(result.links[0]!.url).pathname).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
    const db = await getDb();
    const link = await db.removalLink.findFirstOrThrow({ where: { clientId, platform: "meta" } });
    expect(link.createdBy).toBe("client:Ana Client");
    // the page offers to continue on the same link, and a second "Remove" reuses it
    const again = await loadClientAccessPage({ token, connectorFor });
    expect(again!.openLinks.map((l) => l.url)).toEqual([result.links[0]!.url]);
    const second = await removeFromClientPage({ token, line: line.key, all: false, connectorFor });
    if ("error" in second) throw new Error(second.error);
    expect(second.links[0]!.url).toBe(result.links[0]!.url);
    expect(await db.removalLink.count({ where: { clientId } })).toBe(1);
  });
});
