// A service the client grants by hand ("follow these steps"), end to end: the client says
// "I've done this" on the real page (HTTP), the service waits for the agency (request.updated,
// a team notification, "waiting for the agency to confirm" on the page), a team member
// confirms it, and every place that tells the story credits that member by name: the
// request's timeline, the client's activity and assets, the notifications. "Ask for more
// access" then shows the reopening after "Request completed", and reminders and the
// cancellation join the timeline.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { startApiServer } from "@/test/support/api-server";
import { call, expectError, expectOk, fieldsOf, seedV2Agency } from "@/test/support/v2-fixtures";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import {
  eventsOf,
  locationOf,
  postForm,
  requestRow,
  seedAccessAgency,
  seedAccessRequest,
  typesOf,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { applyAgencyAction } from "@/lib/core/requests/apply-agency-action";
import { editRequest } from "@/lib/core/requests/edit-request";
import { sendReminderNow } from "@/lib/core/requests/send-reminder-now";
import { listNotifications } from "@/lib/core/notifications/list-notifications";
import { updateNotificationPreferences } from "@/lib/core/notifications/notification-settings";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { getClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";

let server: Awaited<ReturnType<typeof startApiServer>>;
let agency: TestAgency;
let ana: { id: string; email: string };
let watcher: { id: string };

beforeAll(async () => {
  server = await startApiServer();
  agency = await seedAccessAgency(["meta", "google"]);
  const db = await getDb();
  // Instagram partners are assigned by the agency's Business ID, which the client's steps enter
  await db.connectedAccount.updateMany({
    where: { internalAccountId: agency.accounts.meta! },
    data: { businessId: "900100200300", businessName: "Access Agency Business" },
  });
  const user = (name: string | null) =>
    db.user.create({ data: { email: `${crypto.randomUUID().slice(0, 8)}@agency.test`, name, passwordHash: "x" } });
  const a = await user("Ana Ortiz");
  await db.membership.create({ data: { agencyId: agency.agencyId, userId: a.id, role: "manager" } });
  ana = { id: a.id, email: a.email };
  const w = await user("Watcher");
  await db.membership.create({ data: { agencyId: agency.agencyId, userId: w.id, role: "member" } });
  await updateNotificationPreferences({
    agencyId: agency.agencyId,
    userId: w.id,
    input: { events: ["service.granted"], email: "off" },
  });
  watcher = { id: w.id };
});
afterAll(() => server.close());

const texts = (entries: { text: string; technical?: boolean }[]) =>
  entries.filter((e) => !e.technical).map((e) => e.text);

describe("a service granted by hand", () => {
  it("lets the client say I've done this, waits for the agency's confirmation, and credits the member who confirmed", async () => {
    const { requestId, token, clientId } = await seedAccessRequest(agency, {
      meta_instagram: { accessLevel: "analyst" },
    });

    // the client page offers "I've done this" for the manual steps
    const view = await loadAccessPage({ token });
    const offered = view!.platforms.flatMap((p) => p.services).find((s) => s.serviceId === "meta_instagram")!;
    expect(offered).toMatchObject({ flow: "instructions", actions: { inviteSent: true } });
    const done = await postForm(`${server.url}/api/access/${token}/services/meta_instagram/invite-sent`, {});
    expect(locationOf(done).searchParams.get("notice")).toBe("invite_sent");
    let row = await requestRow(requestId);
    expect(row.services.find((s) => s.serviceId === "meta_instagram")).toMatchObject({
      status: "pending",
      awaitingConfirmation: true,
    });
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created", "request.updated"]);
    const waiting = (await loadAccessPage({ token }))!.platforms
      .flatMap((p) => p.services)
      .find((s) => s.serviceId === "meta_instagram")!;
    expect(waiting).toMatchObject({ awaitingConfirmation: true, actions: { inviteSent: false } });
    // the team is told to confirm
    const before = await listNotifications({ agencyId: agency.agencyId, userId: watcher.id });
    expect(before.data.map((n) => n.message)).toContain(
      "Ana Client says Instagram Account is done: confirm that the access arrived",
    );
    // the dashboard's timeline says what the client did
    let detail = await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId });
    expect(texts(detail.timeline)).toContain(
      "Ana Client says Instagram Account is done: waiting for your confirmation",
    );

    // a team member confirms it
    await applyAgencyAction({
      agencyId: agency.agencyId,
      input: { requestId, kind: "confirm_invite", serviceId: "meta_instagram" },
      actorEmail: ana.email,
    });
    row = await requestRow(requestId);
    expect(row.status).toBe("completed");
    detail = await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId });
    const timeline = texts(detail.timeline);
    expect(timeline).toContain("Ana Ortiz marked Instagram Account as granted");
    expect(timeline.join("\n")).not.toMatch(/Ana Client granted/);
    expect(timeline.at(-1)).toBe("Request completed: everything asked for is done");

    const profile = await getClientProfile({ agencyId: agency.agencyId, id: clientId });
    expect(profile.activity.map((a) => a.text)).toContain("Ana Ortiz marked Instagram Account as granted");
    expect(profile.assets[0]).toMatchObject({ grantedBy: "Ana Ortiz (team)", role: "Analyst" });
    const after = await listNotifications({ agencyId: agency.agencyId, userId: watcher.id });
    expect(after.data.map((n) => n.message)).toContain("Ana Ortiz marked Instagram Account as granted for Ana Client");
    expect(after.data.map((n) => n.message).join("\n")).not.toMatch(/Ana Client granted/);

    // "Ask for more access": the reopening comes after "Request completed"
    await editRequest({
      agencyId: agency.agencyId,
      actor: ana.email,
      input: {
        requestId,
        requestedServices: {
          meta_instagram: {
            accessLevel: "analyst",
            optional: false,
            requestedAccountLinks: [{ internalAccountId: agency.accounts.meta! }],
          },
          google_ads: {
            accessLevel: "standard",
            optional: false,
            requestedAccountLinks: [{ internalAccountId: agency.accounts.google! }],
          },
        },
      },
    });
    detail = await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId });
    expect(texts(detail.timeline).at(-1)).toBe("Ana Ortiz reopened the request to ask for more access");

    // a reminder and the cancellation join the timeline
    await sendReminderNow({ agencyId: agency.agencyId, requestId });
    await applyAgencyAction({
      agencyId: agency.agencyId,
      input: { requestId, kind: "cancel" },
      actorEmail: ana.email,
      now: new Date(Date.now() + 1000),
    });
    detail = await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId });
    expect(texts(detail.timeline).slice(-2)).toEqual([
      "Reminder emailed to ana@client.test",
      "Ana Ortiz cancelled the request",
    ]);
  });
});

describe("Mark granted by a team member", () => {
  it("is credited to that member, not the client, in the timeline, the client's activity and the notifications", async () => {
    const { requestId, clientId } = await seedAccessRequest(agency, { google_ads: { accessLevel: "standard" } });
    await applyAgencyAction({
      agencyId: agency.agencyId,
      input: { requestId, kind: "mark_granted", serviceId: "google_ads" },
      actorEmail: ana.email,
    });
    const timeline = texts((await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId })).timeline);
    expect(timeline).toContain("Ana Ortiz marked Google Ads as granted");
    expect(timeline.join("\n")).not.toMatch(/Ana Client granted/);
    const profile = await getClientProfile({ agencyId: agency.agencyId, id: clientId });
    expect(profile.activity.map((a) => a.text)).toContain("Ana Ortiz marked Google Ads as granted");
    expect(profile.assets.find((a) => a.service === "Google Ads")).toMatchObject({ grantedBy: "Ana Ortiz (team)" });
    const messages = (await listNotifications({ agencyId: agency.agencyId, userId: watcher.id })).data.map(
      (n) => n.message,
    );
    expect(messages).toContain("Ana Ortiz marked Google Ads as granted for Ana Client");
  });
});

describe("a manual service needs the agency account its steps name", () => {
  it("refuses a request without one with 400 VALIDATION_FAILED naming the field (API)", async () => {
    const v2 = await seedV2Agency({ platforms: ["meta", "google"] });
    const client = expectOk(
      await call(server.url, v2.key, "POST", "/clients", { body: { name: "Maple Bakery", email: "owner@maple.test" } }),
      201,
    ) as { id: string };
    const res = await call(server.url, v2.key, "POST", "/requests", {
      body: {
        clientId: client.id,
        requestedServices: { meta_instagram: { accessLevel: "analyst" }, google_ads: { accessLevel: "standard" } },
      },
    });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(fieldsOf(res)).toEqual(["requestedServices.meta_instagram.requestedAccountLinks"]);
    expect(res.body.error.message).toMatch(
      /Instagram Account is granted by the client following steps that name the agency's account/,
    );
    // an account without a Business ID: the steps would enter its display name, so refused naming the field
    const noBusiness = await call(server.url, v2.key, "POST", "/requests", {
      body: {
        clientId: client.id,
        requestedServices: {
          meta_instagram: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId: v2.accounts.meta }] },
        },
      },
    });
    expectError(noBusiness, 400, "VALIDATION_FAILED");
    expect(fieldsOf(noBusiness)).toEqual([
      "requestedServices.meta_instagram.requestedAccountLinks[0].businessManagerId",
    ]);
    expect(noBusiness.body.error.message).toMatch(/assigned to the agency by its Business ID/);
    // a one-click Meta service with the same account is fine: the connector finds the business
    const oneClick = await call(server.url, v2.key, "POST", "/requests", {
      body: {
        clientId: client.id,
        requestedServices: {
          meta_ads: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId: v2.accounts.meta }] },
        },
      },
    });
    expectOk(oneClick, 201);
    // with the Business ID on the link it is created, and the client's steps enter it
    const ok = await call(server.url, v2.key, "POST", "/requests", {
      body: {
        clientId: client.id,
        requestedServices: {
          meta_instagram: {
            accessLevel: "analyst",
            requestedAccountLinks: [{ internalAccountId: v2.accounts.meta, businessManagerId: "900800700600" }],
          },
        },
      },
    });
    const created = expectOk(ok, 201) as { inviteUrl: string };
    const view = await loadAccessPage({ token: new URL(created.inviteUrl).pathname.split("/").pop()! });
    const steps = view!.platforms.flatMap((p) => p.services).find((s) => s.serviceId === "meta_instagram")!.steps;
    expect(steps.join(" ")).toContain("900800700600");
    // an account connected with its business needs nothing more
    const db = await getDb();
    await db.connectedAccount.updateMany({
      where: { internalAccountId: v2.accounts.meta! },
      data: { businessId: "900100200300", businessName: "Agency Business" },
    });
    const withBusiness = await call(server.url, v2.key, "POST", "/requests", {
      body: {
        clientId: client.id,
        requestedServices: {
          meta_instagram: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId: v2.accounts.meta }] },
        },
      },
    });
    expectOk(withBusiness, 201);
  });

  it("refuses Snapchat Ads without the agency account too: its one-click grant invites it, and its steps name it", async () => {
    const v2 = await seedV2Agency({ platforms: ["snapchat"] });
    const client = expectOk(
      await call(server.url, v2.key, "POST", "/clients", { body: { name: "Maple Bakery", email: "snap@maple.test" } }),
      201,
    ) as { id: string };
    const res = await call(server.url, v2.key, "POST", "/requests", {
      body: { clientId: client.id, requestedServices: { snapchat_ads: { accessLevel: "reports" } } },
    });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(fieldsOf(res)).toEqual(["requestedServices.snapchat_ads.requestedAccountLinks"]);
    expect(res.body.error.message).toMatch(/Snapchat Ads invites the agency's account/);
    const ok = await call(server.url, v2.key, "POST", "/requests", {
      body: {
        clientId: client.id,
        requestedServices: {
          snapchat_ads: {
            accessLevel: "reports",
            requestedAccountLinks: [{ internalAccountId: v2.accounts.snapchat }],
          },
        },
      },
    });
    expectOk(ok, 201);
  });
});
