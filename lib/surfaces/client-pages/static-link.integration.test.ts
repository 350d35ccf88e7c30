// The agency's static link: availability (off, nothing to ask, allowance used up), the
// visitor's form with messages in the page's language, and a session creating a
// prospect client and a static_link request counted toward the prospect allowance.
import { hashToken, openLinkToken } from "@/lib/infra/secrets/link-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { getUsage } from "@/lib/core/usage/get-usage";
import { startApiServer } from "@/test/support/api-server";
import { loadStaticLink } from "@/lib/surfaces/client-pages/load-static-link";
import { issueStaticLinkFormToken } from "@/lib/surfaces/client-pages/static-link-form-token";
import {
  eventsOf,
  locationOf,
  postForm,
  seedAccessAgency,
  typesOf,
  type TestAgency,
} from "@/test/support/access-fixtures";

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => close?.());

async function linkFor(
  agency: TestAgency,
  data: { services?: object; intake?: boolean; enabled?: boolean; prospectLimit?: number | null },
) {
  const db = await getDb();
  const row = await db.agency.update({
    where: { id: agency.agencyId },
    data: {
      staticLinkServices: data.services ?? {},
      staticLinkIntake: data.intake ?? false,
      staticLinkEnabled: data.enabled ?? true,
      // these tests ask for Admin; the read-only rule has its own test (notifications-and-clients)
      staticLinkAllowAllRoles: true,
      ...(data.prospectLimit !== undefined ? { prospectLimit: data.prospectLimit } : {}),
    },
  });
  return openLinkToken({ hash: row.staticLinkTokenHash, sealed: row.staticLinkTokenSealed });
}

const visitor = {
  name: "Pat Prospect",
  email: "pat@prospect.test",
  company: "Prospect BV",
  language: "Dutch",
  pageLang: "en",
};

/** The form token the page embeds, as if the page had been open for `ageSeconds`. */
const formToken = (agency: TestAgency, ageSeconds = 10) =>
  issueStaticLinkFormToken(agency.agencyId, new Date(Date.now() - ageSeconds * 1000));

/** A visitor's post with a form token old enough to pass. */
const visit = (
  agency: TestAgency,
  token: string,
  fields: Record<string, string> = visitor,
  opts: { json?: boolean } = {},
) => postForm(`${base}/api/access/static/${token}`, { ...fields, formToken: formToken(agency) }, opts);

describe("static link", () => {
  it("creates a prospect and a static_link request, counted once as a prospect, and continues on its page", async () => {
    const agency = await seedAccessAgency(["meta", "google"]);
    const token = await linkFor(agency, {
      services: {
        meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
      },
    });
    expect((await loadStaticLink({ token }))?.available).toBe(true);

    const res = await visit(agency, token);
    expect(res.status).toBe(303);
    const invite = locationOf(res).pathname;
    expect(invite).toMatch(/^\/i\/[A-Za-z0-9_-]{32}$/);

    const db = await getDb();
    const request = await db.accessRequest.findUniqueOrThrow({
      where: { inviteTokenHash: hashToken(invite.slice(3)) },
      include: { client: true, services: true },
    });
    expect(request.source).toBe("static_link");
    expect(request.client).toMatchObject({
      name: "Pat Prospect",
      email: "pat@prospect.test",
      company: "Prospect BV",
      language: "Dutch",
      isProspect: true,
    });
    expect(request.services.map((s) => s.serviceId)).toEqual(["meta_ads"]);
    expect(request.intakeRequested).toBe(false);
    expect(typesOf(await eventsOf(request.id))).toEqual(["request.created"]);
    expect(await db.event.count({ where: { agencyId: agency.agencyId, type: "client.created" } })).toBe(1);

    const usage = await getUsage({ agencyId: agency.agencyId });
    expect(usage.prospects.used).toBe(1);
    expect(usage.clients.used).toBe(0);
  });

  it("refuses bad details with messages in the page's language and creates nothing", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const token = await linkFor(agency, {
      services: {
        meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
      },
    });
    const res = await visit(
      agency,
      token,
      { name: " ", email: "nope", company: "x".repeat(201), pageLang: "es" },
      { json: true },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({
      name: "Introduce tu nombre",
      email: "Introduce una dirección de correo electrónico válida",
      company: "Demasiado largo (máximo 200 caracteres)",
    });
    const plain = await visit(agency, token, { name: "A", email: "bad", pageLang: "nl" });
    const location = locationOf(plain);
    expect(location.pathname).toBe(`/l/${token}`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      lang: "nl",
      error: "invalid_input",
      fields: "email:emailInvalid",
    });
    expect(await (await getDb()).client.count({ where: { agencyId: agency.agencyId } })).toBe(0);
  });

  it("is unavailable when off, when it asks for nothing, and at the prospect limit, creating nothing", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const services = {
      meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
    };
    const db = await getDb();

    let token = await linkFor(agency, { services, enabled: false });
    expect((await loadStaticLink({ token }))?.available).toBe(false);
    expect(locationOf(await visit(agency, token)).searchParams.get("error")).toBe("link_unavailable");

    // The intake form is asked for but the agency has it turned off: nothing left to ask.
    token = await linkFor(agency, { services: {}, intake: true });
    expect((await loadStaticLink({ token }))?.available).toBe(false);
    expect(locationOf(await visit(agency, token)).searchParams.get("error")).toBe("link_unavailable");

    token = await linkFor(agency, { services, prospectLimit: 1 });
    expect(locationOf(await visit(agency, token)).pathname).toMatch(/^\/i\//);
    expect((await loadStaticLink({ token }))?.available).toBe(false);
    // another visitor: the same email would continue the first request
    const refused = await visit(agency, token, { ...visitor, email: "kim@prospect.test" }, { json: true });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Deze link is op dit moment niet beschikbaar",
    );
    expect(await db.client.count({ where: { agencyId: agency.agencyId } })).toBe(1);
    expect(await db.accessRequest.count({ where: { agencyId: agency.agencyId } })).toBe(1);
    expect((await getUsage({ agencyId: agency.agencyId })).prospects.used).toBe(1);
  });

  it("asks for the intake form when the agency's form is ready", async () => {
    const agency = await seedAccessAgency(["meta"]);
    const db = await getDb();
    await db.agency.update({ where: { id: agency.agencyId }, data: { intakeFormEnabled: true } });
    await db.intakeQuestion.create({
      data: { agencyId: agency.agencyId, position: 0, type: "text", label: "Website?", required: false, options: [] },
    });
    const token = await linkFor(agency, { services: {}, intake: true });
    const res = await visit(agency, token);
    const request = await db.accessRequest.findUniqueOrThrow({
      where: { inviteTokenHash: hashToken(locationOf(res).pathname.slice(3)) },
    });
    expect(request.intakeRequested).toBe(true);
  });

  it("answers 404 data for an unknown link", async () => {
    expect(await loadStaticLink({ token: "x".repeat(32) })).toBeNull();
    const res = await postForm(`${base}/api/access/static/${"y".repeat(32)}`, visitor, { json: true });
    expect(res.status).toBe(404);
  });
});
