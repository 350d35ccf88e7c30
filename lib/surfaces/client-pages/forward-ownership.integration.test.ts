// A service handed to a colleague stays the colleague's, over real HTTP and a real database:
// the client's page (plain HTML, as with JavaScript off) offers nothing to do on it but
// "I'll do it myself after all"; the client's platform sign-in neither covers it nor lists
// its assets, and a forged post granting it from the client's link is refused; each grant
// and attempt is credited to whoever made it; each thank-you summary lists what its viewer
// did and names what the other person did as theirs; taking one service back returns it to
// the client, is on the timeline, and the colleague's page says it is no longer theirs.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { startApiServer } from "@/test/support/api-server";
import {
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessRequest,
  signIn,
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
  const agencyId = (await createAgency({ name: "Ownership Agency" })).id;
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
  return res.text();
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

describe("a service handed to a colleague stays theirs", () => {
  it("the client's page, sign-in and picker leave it out, and a grant of it from the client's link is refused", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      {
        google_analytics: { accessLevel: "viewer" },
        google_tag_manager: { accessLevel: "read" },
        meta_ads: { accessLevel: "advertiser", optional: true },
      },
      { intake: false },
    );
    // A sign-in made before the hand-over covers both Google services.
    const early = await signIn(base, token, "google_analytics");
    expect(early.start.pathname).toBe("/sandbox/consent");
    await forward(token, ["google_tag_manager", "meta_ads"]);

    // JavaScript off: no "Continue with Google" for two, no "Grant access", no skip on the
    // handed services; "I'll do it myself after all" instead.
    const html = decode(await page(`/i/${token}`));
    expect(html).not.toContain('data-platform-sign-in="google"');
    expect(html).not.toContain("/connect/google_tag_manager");
    expect(html).not.toContain("/connect/meta_ads");
    for (const id of ["google_tag_manager", "meta_ads"]) {
      const c = card(html, id);
      expect(c).toContain("Waiting for Marta Colleague");
      expect(c).not.toContain("Grant access");
      expect(c).not.toContain("/skip");
      expect(c).toContain("I'll do it myself after all");
    }
    expect(card(html, "google_analytics")).toContain(`/connect/google_analytics`);

    // The client's sign-in now covers Google Analytics alone, and its picker lists nothing else.
    const { callback } = await signIn(base, token, "google_analytics");
    const session = callback!.searchParams.get("session")!;
    const db = await getDb();
    expect((await db.grantSession.findUniqueOrThrow({ where: { id: session } })).serviceIds).toEqual([
      "google_analytics",
    ]);
    const picker = await page(`/i/${token}?pick=google_analytics&session=${session}`);
    expect(picker).toContain('name="asset"');
    expect(picker).not.toContain("asset:google_tag_manager");
    expect(picker).not.toContain("google_tag_manager_1001");
    // Starting a sign-in on a handed service is refused.
    expect(locationOf(await getNoFollow(`${base}/api/access/${token}/connect/google_tag_manager`)).search).toContain(
      "error=not_allowed",
    );

    // The early sign-in covers Tag Manager: a post granting it from the client's link is refused.
    const earlySession = early.callback!.searchParams.get("session")!;
    expect((await db.grantSession.findUniqueOrThrow({ where: { id: earlySession } })).serviceIds).toEqual([
      "google_analytics",
      "google_tag_manager",
    ]);
    const forged = await postForm(`${base}/api/access/${token}/services/google_analytics/grant`, {
      session: earlySession,
      asset: "google_analytics_1001",
      "asset:google_tag_manager": "google_tag_manager_1001",
    });
    expect(locationOf(forged).searchParams.get("error")).toBe("not_allowed");
    const skip = await postForm(`${base}/api/access/${token}/services/meta_ads/skip`, {});
    expect(locationOf(skip).searchParams.get("error")).toBe("not_allowed");
    let row = await requestRow(requestId);
    expect(row.services.map((s) => [s.serviceId, s.status])).toEqual([
      ["google_analytics", "pending"],
      ["google_tag_manager", "pending"],
      ["meta_ads", "pending"],
    ]);

    // The client grants their own service, the colleague hers: each credited to who did it.
    expect(
      locationOf(
        await postForm(`${base}/api/access/${token}/services/google_analytics/grant`, {
          session,
          asset: "google_analytics_1001",
        }),
      ).search,
    ).toBe("?notice=granted&service=google_analytics");
    const colleague = await colleagueToken(requestId);
    expect(locationOf(await signInAndGrant(base, colleague, "google_tag_manager")).search).toBe(
      "?notice=granted&service=google_tag_manager",
    );
    row = await requestRow(requestId);
    expect(row.services.find((s) => s.serviceId === "google_analytics")!.grantedBy).toBe("client");
    expect(row.services.find((s) => s.serviceId === "google_tag_manager")!.grantedBy).toBe("marta@client.test");
    const attempts = await db.event.findMany({
      where: { requestId, type: "connection.attempt_completed" },
      orderBy: { createdAt: "asc" },
      select: { actor: true },
    });
    expect(attempts.map((a) => a.actor)).toEqual(["client", "colleague:marta@client.test"]);
    const timeline = (await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId })).timeline;
    const granted = timeline.filter((e) => e.type === "service.granted").map((e) => e.text);
    expect(granted.sort()).toEqual([
      "Ana Client granted Google Analytics (1 asset)",
      "Marta Colleague, colleague of Ana Client granted Google Tag Manager (1 asset)",
    ]);
  });

  it("each thank-you lists what its viewer did and names what the other did as theirs", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      { google_analytics: { accessLevel: "viewer" }, meta_ads: { accessLevel: "advertiser" } },
      { intake: false, language: "Spanish" },
    );
    await forward(token, "meta_ads");
    // The client's Google attempt is partly refused by the platform (the third asset fails).
    await signInAndGrant(base, token, "google_analytics", { assets: [1, 3] });
    const colleague = await colleagueToken(requestId);
    await signInAndGrant(base, colleague, "meta_ads");
    expect((await requestRow(requestId)).status).toBe("completed");

    const theirs = decode(await page(`/i/${colleague}`));
    expect(theirs).toContain('data-final-state="completed"');
    expect(theirs).toContain("Cuenta publicitaria de Meta en Meta");
    expect(theirs).not.toContain("Google Analytics");
    expect(theirs).not.toContain('data-summary="refused"');

    const mine = decode(await page(`/i/${token}`));
    const own = mine.slice(mine.indexOf('data-testid="share-summary"'), mine.indexOf("share-summary-others"));
    expect(own).toContain("Google Analytics en Google");
    expect(own).toContain('data-summary="refused"');
    expect(own).not.toContain("Cuenta publicitaria de Meta");
    const others = mine.slice(mine.indexOf('data-testid="share-summary-others"'));
    expect(others).toContain("Lo que hizo otra persona");
    expect(others).toContain("Marta Colleague compartió Cuenta publicitaria de Meta en Meta");
  });

  it("'I'll do it myself after all' returns one service to the client and tells the colleague's page", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      { google_analytics: { accessLevel: "viewer" }, meta_ads: { accessLevel: "advertiser" } },
      { intake: false, language: "Dutch" },
    );
    await forward(token, ["google_analytics", "meta_ads"]);
    const colleague = await colleagueToken(requestId);
    const fwd = await (await getDb()).requestForward.findFirstOrThrow({ where: { requestId } });

    // A plain form post, as the card's button sends it with JavaScript off.
    const back = await postForm(`${base}/api/access/${token}/forward/take-back`, {
      forward: fwd.id,
      service: "meta_ads",
    });
    expect(locationOf(back).search).toBe("?notice=taken_back&service=meta_ads");
    const row = await requestRow(requestId);
    expect(row.services.map((s) => [s.serviceId, s.forwardedTo === null])).toEqual([
      ["google_analytics", false],
      ["meta_ads", true],
    ]);
    // The client's card offers the grant again; the other service stays with the colleague.
    const mine = await page(`/i/${token}?notice=taken_back&service=meta_ads`);
    expect(mine).toContain("Het is weer aan jou");
    expect(card(mine, "meta_ads")).toContain("/connect/meta_ads");
    expect(card(mine, "google_analytics")).not.toContain("/connect/google_analytics");

    // The colleague's page says it is no longer theirs and offers only what is.
    const theirs = await page(`/i/${colleague}`);
    expect(theirs).toContain("doet dit toch zelf, dus het is niet meer aan jou: Meta-advertentieaccount.");
    expect(theirs).not.toContain('data-service="meta_ads"');
    expect(card(theirs, "google_analytics")).toContain("/connect/google_analytics");
    expect(locationOf(await getNoFollow(`${base}/api/access/${colleague}/connect/meta_ads`)).search).toContain(
      "error=not_allowed",
    );

    // On the timeline, credited to the client.
    const timeline = (await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId })).timeline;
    expect(timeline.map((e) => e.text)).toContain(
      "Ana Client took Meta Ad Account back from Marta Colleague (marta@client.test)",
    );

    // The last service taken back: the link offers nothing and says so.
    await postForm(`${base}/api/access/${token}/forward/take-back`, { forward: fwd.id, service: "google_analytics" });
    const revoked = await page(`/i/${colleague}`);
    expect(revoked).toContain('data-final-state="taken_back"');
    expect(revoked).toContain("Er is niets meer voor je te doen");
    expect(revoked).not.toContain("/connect/");
    expect(locationOf(await getNoFollow(`${base}/api/access/${colleague}/connect/google_analytics`)).search).toContain(
      "error=not_found",
    );
  });
});
