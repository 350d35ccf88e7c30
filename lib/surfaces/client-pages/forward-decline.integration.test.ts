// The colleague hands a service back ("I can't do this"), over real HTTP and a real
// database, as a browser with JavaScript off posts it: the service is the client's again
// (the client's page says who handed it back and why, in the client's language, and offers
// the grant), the colleague's link no longer offers it and confirms the hand-back, the
// timeline and the team's notification credit the colleague, and the client's later grant
// is credited to the client.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { readForwardedTo, readHandedBack } from "@/lib/core/request-records/forward-ownership";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { startApiServer } from "@/test/support/api-server";
import {
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessRequest,
  signInAndGrant,
  type TestAgency,
} from "@/test/support/access-fixtures";

// The client pages read the CSP nonce from the request's headers (next/headers), which only a
// Next.js server's request scope holds: here there is none, and no nonce.
vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  headers: async () => new Headers(),
}));

let base: string;
let close: () => Promise<void>;
let agency: TestAgency;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  const agencyId = (await createAgency({ name: "Decline Agency" })).id;
  const accounts: Record<string, string> = {};
  for (const platform of ["meta", "google"])
    accounts[platform] = (
      await connectAccount({ agencyId, platform, email: `${platform}@agency.test` })
    ).internalAccountId;
  agency = { agencyId, accounts };
});
afterAll(async () => close?.());

async function forward(token: string, service: string | string[]) {
  const res = await postForm(`${base}/api/access/${token}/forward/forward`, {
    name: "Marta Colleague",
    email: "marta@client.test",
    service,
  });
  expect(res.status).toBe(303);
}

async function colleagueToken(requestId: string): Promise<string> {
  const mail = await (
    await getDb()
  ).email.findFirstOrThrow({
    where: { requestId, kind: "forward" },
    orderBy: { createdAt: "desc" },
  });
  return /\/i\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

/** The page as a browser with JavaScript off gets it. */
async function page(path: string): Promise<string> {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(200);
  return decode(await res.text());
}

/** One service's card on the page: from its opening tag to the next card or the platform's end. */
function card(html: string, serviceId: string): string {
  const start = html.indexOf(`data-service="${serviceId}"`);
  if (start < 0) throw new Error(`no card for ${serviceId}`);
  const rest = html.slice(start + 1);
  const ends = [rest.indexOf("data-service="), rest.indexOf("</section>")].filter((i) => i >= 0);
  return rest.slice(0, Math.min(...ends));
}

function decode(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');
}

function decline(token: string, fields: Record<string, string>) {
  return postForm(`${base}/api/access/${token}/forward/decline`, fields);
}

describe("the colleague hands a service back", () => {
  it("returns it to the client, in Spanish, and the client's later grant is the client's", async () => {
    const db = await getDb();
    const user = await db.user.create({
      data: { email: `d-${crypto.randomUUID().slice(0, 8)}@agency.test`, passwordHash: "x" },
    });
    await db.membership.create({ data: { agencyId: agency.agencyId, userId: user.id, role: "member" } });
    const { requestId, token } = await seedAccessRequest(
      agency,
      { google_analytics: { accessLevel: "viewer" }, meta_ads: { accessLevel: "advertiser" } },
      { intake: false, language: "Spanish" },
    );
    await forward(token, ["google_analytics", "meta_ads"]);
    const colleague = await colleagueToken(requestId);
    const before = await requestRow(requestId);

    // Each pending service on the colleague's page offers "I can't do this" as a plain form.
    const offered = await page(`/i/${colleague}`);
    for (const id of ["google_analytics", "meta_ads"]) {
      const c = card(offered, id);
      expect(c).toContain("No puedo hacerlo");
      expect(c).toContain(`action="/api/access/${colleague}/forward/decline"`);
      expect(c).toContain(`name="service" value="${id}"`);
      expect(c).toContain('name="reason"');
    }

    // A reason over the limit is refused, naming the field, and nothing changes.
    const long = locationOf(await decline(colleague, { service: "meta_ads", reason: "x".repeat(1001) }));
    expect(long.searchParams.get("error")).toBe("invalid_input");
    expect(long.searchParams.get("fields")).toContain("reason");
    const refused = await page(`/i/${colleague}${long.search}`);
    expect(card(refused, "meta_ads")).toContain('data-error-for="reason"');
    expect(readForwardedTo((await requestRow(requestId)).services[1]!.forwardedTo)).not.toBeNull();

    const res = await decline(colleague, { service: "meta_ads", reason: "No tengo acceso a Meta" });
    expect(res.status).toBe(303);
    const done = locationOf(res);
    expect(done.pathname).toBe(`/i/${colleague}`);
    expect(done.search).toBe("?notice=declined&service=meta_ads");

    // The client's again: forwardedTo cleared, who handed it back kept, one new state version.
    const row = await requestRow(requestId);
    const meta = row.services.find((s) => s.serviceId === "meta_ads")!;
    expect(meta.forwardedTo).toBeNull();
    expect(meta.status).toBe("pending");
    expect(readHandedBack(meta.handedBack)).toMatchObject({
      name: "Marta Colleague",
      email: "marta@client.test",
      reason: "No tengo acceso a Meta",
    });
    expect(readForwardedTo(row.services.find((s) => s.serviceId === "google_analytics")!.forwardedTo)).not.toBeNull();
    expect(row.stateVersion).toBe(before.stateVersion + 1);

    // The colleague's page confirms it in Spanish and no longer offers it.
    const theirs = await page(`/i/${colleague}${done.search}`);
    expect(theirs).toContain("Hecho: Ana Client lo vuelve a tener y este enlace ya no lo incluye.");
    expect(theirs).toContain("Le devolviste esto a Ana Client: Cuenta publicitaria de Meta.");
    expect(theirs).not.toContain('data-service="meta_ads"');
    expect(theirs).not.toContain("al final");
    expect(card(theirs, "google_analytics")).toContain("/connect/google_analytics");
    // The colleague can no longer grant it, nor hand it back twice.
    expect(locationOf(await getNoFollow(`${base}/api/access/${colleague}/connect/meta_ads`)).search).toContain(
      "error=not_allowed",
    );
    expect(locationOf(await decline(colleague, { service: "meta_ads" })).searchParams.get("error")).toBe("not_allowed");
    // The client's own link has nothing to decline.
    expect(locationOf(await decline(token, { service: "google_analytics" })).searchParams.get("error")).toBe(
      "not_found",
    );

    // The client's page says who handed it back and why, in Spanish, and offers the grant again.
    const mine = card(await page(`/i/${token}`), "meta_ads");
    expect(mine).toContain("Marta Colleague no ha podido hacerlo; vuelve a ser tuyo.");
    expect(mine).toContain("Motivo de Marta Colleague:");
    expect(mine).toContain("No tengo acceso a Meta");
    expect(mine).toContain("/connect/meta_ads");
    expect(mine).not.toContain("Al final lo hago yo");

    // The timeline and the team's notification credit the colleague.
    const text = "Marta Colleague (marta@client.test) could not do Meta Ad Account and handed it back to Ana Client";
    let timeline = (await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId })).timeline;
    expect(timeline.map((e) => e.text)).toContain(text);
    const event = await db.event.findFirstOrThrow({
      where: { requestId, type: "request.updated" },
      orderBy: { createdAt: "desc" },
      select: { actor: true },
    });
    expect(event.actor).toBe("colleague:marta@client.test");
    const notes = await db.notification.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(notes.map((n) => [n.type, n.message])).toContainEqual(["request.forwarded", text]);

    // The client grants it: credited to the client.
    expect(locationOf(await signInAndGrant(base, token, "meta_ads")).search).toBe("?notice=granted&service=meta_ads");
    expect((await requestRow(requestId)).services.find((s) => s.serviceId === "meta_ads")!.grantedBy).toBe("client");
    timeline = (await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId })).timeline;
    expect(timeline.filter((e) => e.type === "service.granted").map((e) => e.text)).toEqual([
      "Ana Client granted Meta Ad Account (1 asset)",
    ]);
  });

  it("handed on again, the earlier hand-back is no longer shown", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      { meta_ads: { accessLevel: "advertiser" } },
      { intake: false },
    );
    await forward(token, "meta_ads");
    const first = await colleagueToken(requestId);
    expect(locationOf(await decline(first, { service: "meta_ads" })).search).toBe("?notice=declined&service=meta_ads");
    const declined = card(await page(`/i/${token}`), "meta_ads");
    expect(declined).toContain("Marta Colleague could not do this; it's yours again.");
    expect(declined).not.toContain("reason:");

    await forward(token, "meta_ads");
    const again = card(await page(`/i/${token}`), "meta_ads");
    expect(again).not.toContain("could not do this");
    expect(again).toContain("Waiting for Marta Colleague");
    expect((await requestRow(requestId)).services[0]!.handedBack).toBeNull();
  });
});
