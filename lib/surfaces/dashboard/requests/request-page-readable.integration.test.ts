// What the agency's request page and the client's thank-you page read from a real database:
// account names and role labels instead of internal values, the timeline's sentences with
// technical events marked, intake answers in the form's order, the static link's "On" only
// when it can work, and the thank-you summary with a platform's refusal in its own words.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { applyAgencyAction } from "@/lib/core/requests/apply-agency-action";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { getStaticLink, updateStaticLink } from "@/lib/core/agencies/update-static-link";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { loadShareSummary } from "@/lib/surfaces/client-pages/load-share-summary";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";

let agencyId: string;
let clientId: string;
let googleAccount: string;
let hubspotAccount: string;

beforeAll(async () => {
  agencyId = (await createAgency({ name: "Readable Agency" })).id;
  googleAccount = (await connectAccount({ agencyId, platform: "google" })).internalAccountId;
  hubspotAccount = (await connectAccount({ agencyId, platform: "hubspot" })).internalAccountId;
  await (
    await getDb()
  ).connectedAccount.update({
    where: { internalAccountId: googleAccount },
    data: { displayName: "Readable Ads Manager" },
  });
  clientId = (
    await createClient({
      agencyId,
      input: ZCreateClientBody.parse({ name: "Maria Lopez", email: "maria@client.test" }),
    })
  ).id;
});

async function newRequest(services: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return createRequest({
    agencyId,
    input: ZCreateRequestBody.parse({ clientId, requestedServices: services, ...extra }),
    source: "dashboard",
  });
}

describe("the request page's read model", () => {
  it("names accounts and roles, and tells people's actions from technical events", async () => {
    const r = await newRequest({
      google_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: googleAccount }] },
      hubspot_portal: { accessLevel: "standard", requestedAccountLinks: [{ internalAccountId: hubspotAccount }] },
    });
    await applyAgencyAction({ agencyId, input: { requestId: r.id, kind: "mark_granted", serviceId: "google_ads" } });
    await applyRequestAction({
      requestId: r.id,
      action: { kind: "invite_sent", serviceId: "hubspot_portal" },
    });
    const detail = await getRequestForDashboard({ agencyId, id: r.id });

    const google = detail.labels.find((l) => l.service === "google_ads")!;
    expect(google.role).toBe("Admin");
    expect(google.accounts).toEqual(["Readable Ads Manager"]);
    // nothing the page shows about the service is an internal id or a raw role value
    expect(JSON.stringify(detail.labels)).not.toContain(googleAccount);
    expect(detail.labels.find((l) => l.service === "hubspot_portal")!.role).not.toBe("standard");
    expect(detail.request.services.find((s) => s.service === "hubspot_portal")?.awaitingConfirmation).toBe(true);

    const granted = detail.timeline.find((e) => e.type === "service.granted")!;
    // marked by the team, so credited to the team, never to the client
    expect(granted).toMatchObject({ text: "Your team marked Google Ads as granted", tone: "good", technical: false });
    expect(detail.timeline.find((e) => e.type === "request.created")).toMatchObject({
      text: "Access request created",
      technical: false,
    });
    // the client's "I've sent the invite" is a person's action; the rest are technical
    const updates = detail.timeline.filter((e) => e.type === "request.updated");
    expect(updates.map((e) => [e.text, e.technical])).toEqual([
      ["Maria Lopez says HubSpot Account is done: waiting for your confirmation", false],
    ]);
  });

  it("writes the Email button's message in the client's language", async () => {
    const cases = [
      ["Spanish", "Solicitud de acceso", "Hola, Lucía:"],
      ["Dutch", "Toegangsverzoek", "Hallo Lucía,"],
      ["English", "Access request", "Hi Lucía,"],
    ] as const;
    for (const [language, subject, greeting] of cases) {
      const client = await createClient({
        agencyId,
        input: ZCreateClientBody.parse({ name: "Lucía", email: `lucia-${language}@client.test`, language }),
      });
      const r = await createRequest({
        agencyId,
        input: ZCreateRequestBody.parse({
          clientId: client.id,
          requestedServices: {
            google_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: googleAccount }] },
          },
        }),
        source: "dashboard",
      });
      const { inviteEmail } = await getRequestForDashboard({ agencyId, id: r.id });
      expect(inviteEmail.subject).toBe(subject);
      expect(inviteEmail.body.startsWith(greeting)).toBe(true);
      expect(inviteEmail.body).toContain(r.inviteUrl);
      if (language !== "English") expect(inviteEmail.body).not.toMatch(/Please|Thank you/);
    }
  });

  it("lists intake answers in the form's order, not the order they were saved", async () => {
    const db = await getDb();
    await db.agency.update({ where: { id: agencyId }, data: { intakeFormEnabled: true } });
    const second = await db.intakeQuestion.create({
      data: { agencyId, type: "text", label: "Monthly budget?", position: 1 },
    });
    const first = await db.intakeQuestion.create({
      data: { agencyId, type: "text", label: "Your website?", position: 0 },
    });
    const r = await newRequest({}, { intakeForm: { requested: true } });
    await db.intakeAnswer.create({
      data: {
        agencyId,
        requestId: r.id,
        questionId: second.id,
        questionLabel: second.label,
        questionType: "text",
        value: "5000",
      },
    });
    await db.intakeAnswer.create({
      data: {
        agencyId,
        requestId: r.id,
        questionId: first.id,
        questionLabel: first.label,
        questionType: "text",
        value: "maria.test",
      },
    });
    const detail = await getRequestForDashboard({ agencyId, id: r.id });
    expect(detail.intakeAnswers.map((a) => a.label)).toEqual(["Your website?", "Monthly budget?"]);
  });
});

describe("the static link's state", () => {
  it("cannot be switched on with nothing to ask, and is not live when its intake form goes away", async () => {
    const agency = (await createAgency({ name: "Static Guard Agency" })).id;
    // a new agency's link is switched on but asks for nothing: it must not read as live
    const fresh = await getStaticLink({ agencyId: agency });
    expect(fresh.live).toBe(false);
    expect(fresh.missing).toMatch(/Choose at least one service/);
    await expect(updateStaticLink({ agencyId: agency, input: { enabled: true } })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });

    const db = await getDb();
    await db.agency.update({ where: { id: agency }, data: { intakeFormEnabled: true } });
    await db.intakeQuestion.create({ data: { agencyId: agency, type: "text", label: "Website?", position: 0 } });
    const on = await updateStaticLink({ agencyId: agency, input: { enabled: true, intake: true } });
    expect(on).toMatchObject({ enabled: true, live: true, missing: null });

    // the intake form is turned off elsewhere: the link is still switched on but cannot work
    await db.agency.update({ where: { id: agency }, data: { intakeFormEnabled: false } });
    const broken = await getStaticLink({ agencyId: agency });
    expect(broken).toMatchObject({ enabled: true, live: false });
    expect(broken.missing).toMatch(/intake form/);
  });
});

describe("the thank-you summary", () => {
  it("says what was shared and skipped, and what the platform refused in its words", async () => {
    const r = await newRequest({
      google_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: googleAccount }] },
      hubspot_portal: {
        accessLevel: "standard",
        optional: true,
        requestedAccountLinks: [{ internalAccountId: hubspotAccount }],
      },
    });
    await applyAgencyAction({ agencyId, input: { requestId: r.id, kind: "mark_granted", serviceId: "google_ads" } });
    await applyRequestAction({ requestId: r.id, action: { kind: "skip", serviceId: "hubspot_portal" } });
    const db = await getDb();
    const attempt = (outcome: string, errors: string[], at: Date) =>
      db.event.create({
        data: {
          id: `evt_${crypto.randomUUID()}`,
          agencyId,
          requestId: r.id,
          type: "connection.attempt_completed",
          schemaVersion: "2",
          createdAt: at,
          body: JSON.stringify({
            data: {
              attempt: {
                platform: "google",
                outcome,
                errors: [],
                services: [{ service: "google_ads", status: "granted", errors }],
              },
            },
          }),
        },
      });
    await attempt("failed", ["An old refusal"], new Date(Date.now() - 60_000));
    await attempt("partial_success", ["Account 123-456-7890 is suspended"], new Date());

    const view = (await loadAccessPage({ token: r.inviteUrl.split("/").pop()! }))!;
    const summary = await loadShareSummary({ agencyId, requestId: r.id, platforms: view.platforms });
    expect(summary.granted).toEqual([expect.objectContaining({ serviceId: "google_ads", platformName: "Google" })]);
    expect(summary.skipped.map((s) => s.serviceId)).toEqual(["hubspot_portal"]);
    // the last attempt decides: its refusal, not the earlier one
    expect(summary.refused).toEqual([
      { platform: "google", platformName: "Google", errors: ["Account 123-456-7890 is suspended"] },
    ]);
  });
});
