// The client actions of the access pages over real HTTP and a real database: the
// sandbox sign-in and grant (success, partial success, failure, server errors), which
// events each records and when stateVersion moves, replayed and forged sign-ins, skip /
// reopen / invite-sent, the intake form, cancelled requests, the cancel-vs-grant race,
// the per-token rate limit and the agency logo.
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createSandboxConnector } from "@/lib/infra/connectors/sandbox-connector";
import { getDb } from "@/lib/infra/db/db";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { startApiServer } from "@/test/support/api-server";
import { openAttemptNotice } from "@/lib/surfaces/client-pages/attempt-notice";
import { grantWithConnector } from "@/lib/surfaces/client-pages/grant-with-connector";
import { signState } from "@/lib/infra/connectors/oauth-state";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { isClientPagePath, parseClientPagePath } from "@/lib/surfaces/client-pages/client-page-path";
import { findSandboxSignIn } from "@/lib/surfaces/client-pages/sandbox-sign-in";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessAgency,
  seedAccessRequest,
  signIn,
  signInAndGrant,
  typesOf,
  type TestAgency,
} from "@/test/support/access-fixtures";

let base: string;
let close: () => Promise<void>;
let agency: TestAgency;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  agency = await seedAccessAgency();
});
afterAll(async () => close?.());

const service = (row: Awaited<ReturnType<typeof requestRow>>, id: string) =>
  row.services.find((s) => s.serviceId === id)!;

describe("automatic grants through the sandbox connector", () => {
  it("grants the picked asset: service granted with its asset, version up, service.granted then the attempt", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
    });
    const { start, callback } = await signIn(base, token, "meta_ads");
    expect(start.pathname).toBe("/sandbox/consent");
    expect(start.searchParams.get("redirect_uri")).toBe("http://localhost:3999/api/access/callback");
    expect(callback!.pathname).toBe(`/i/${token}`);
    expect(callback!.searchParams.get("pick")).toBe("meta_ads");

    const res = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session: callback!.searchParams.get("session")!,
      asset: "meta_ads_1001",
    });
    expect(res.status).toBe(303);
    expect(locationOf(res).search).toBe("?notice=granted&service=meta_ads");

    const row = await requestRow(requestId);
    expect(row.status).toBe("in_progress");
    expect(row.stateVersion).toBe(2);
    expect(service(row, "meta_ads").status).toBe("granted");
    expect(service(row, "meta_ads").grantedAssets).toEqual([
      { id: "meta_ads_1001", name: "Acme Main Meta Ads", accessLevel: "advertiser", verified: null, verifiedAt: null },
    ]);

    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual(["connection.attempt_completed", "request.created", "service.granted"]);
    const attempt = events.find((e) => e.type === "connection.attempt_completed")!;
    expect(attempt.data.attempt).toEqual({
      platform: "meta",
      outcome: "success",
      services: [{ service: "meta_ads", status: "granted", errors: [] }],
      errors: [],
    });
    expect(attempt.data.request!.stateVersion).toBe(2);
    expect(events.find((e) => e.type === "service.granted")!.data.service).toEqual({
      service: "meta_ads",
      platform: "meta",
    });
  });

  it("partial success grants the working assets and tells the client about the others", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { google_analytics: { accessLevel: "viewer" } });
    const res = await signInAndGrant(base, token, "google_analytics", { assets: [1, 2, 3] });
    const location = locationOf(res);
    const notice = openAttemptNotice(requestId, location.searchParams.get("attempt"), appSecret());
    expect(notice?.outcome).toBe("partial_success");
    expect(notice?.errors).toHaveLength(1);
    expect(notice?.errors[0]).toContain("does not accept new partners");

    const row = await requestRow(requestId);
    expect(service(row, "google_analytics").status).toBe("granted");
    expect((service(row, "google_analytics").grantedAssets as { id: string }[]).map((a) => a.id)).toEqual([
      "google_analytics_1001",
      "google_analytics_1002",
    ]);
    // One service and no intake: the grant completes the request.
    expect(row.status).toBe("completed");

    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual([
      "connection.attempt_completed",
      "request.completed",
      "request.created",
      "service.granted",
    ]);
    const attempt = events.find((e) => e.type === "connection.attempt_completed")!.data.attempt as {
      outcome: string;
      services: { errors: string[] }[];
    };
    expect(attempt.outcome).toBe("partial_success");
    expect(attempt.services[0]!.errors).toEqual(notice!.errors);
  });

  it("speaks the client's language on the sandbox's sign-in screen and in its refusals", async () => {
    const cases = [
      ["Spanish", "es", "no acepta nuevos socios", "La plataforma rechazó esta solicitud"],
      ["Dutch", "nl", "accepteert geen nieuwe partners", "Het platform heeft dit verzoek geweigerd"],
    ] as const;
    for (const [language, locale, refusal, rejected] of cases) {
      const { requestId, token } = await seedAccessRequest(
        agency,
        { meta_ads: { accessLevel: "admin" } },
        { language },
      );
      // the consent screen's document language: the root layout reads it from the proxy's header
      const { start, state, platform } = await signIn(base, token, "meta_ads");
      expect(isClientPagePath(start.pathname)).toBe(true);
      const page = parseClientPagePath(`${start.pathname}${start.search}`);
      expect(page).toEqual({ surface: "sandbox", state, platform });
      expect(await findSandboxSignIn(state, platform)).toMatchObject({ locale });
      expect(await findSandboxSignIn(`${state}x`, platform)).toBeNull();

      // an asset that refuses partners: the refusal the page shows is in the client's language
      const res = await signInAndGrant(base, token, "meta_ads", { assets: [3] });
      const notice = openAttemptNotice(requestId, locationOf(res).searchParams.get("attempt"), appSecret());
      expect(notice?.errors[0]).toContain(refusal);
      expect(notice?.errors[0]).not.toContain("does not accept new partners");
      // every grant refused (the screen's "every grant fails")
      const failed = await signInAndGrant(base, token, "meta_ads", { assets: [1], mode: "fail" });
      const all = openAttemptNotice(requestId, locationOf(failed).searchParams.get("attempt"), appSecret());
      expect(all?.errors.join(" ")).toContain(rejected);
    }
  });

  it("a service whose grant failed records grant_failed and the attempt, and leaves the request and its version alone", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "admin" },
      google_ads: { accessLevel: "standard" },
    });
    // the platform refuses the one asset picked: granting this service failed
    const res = await signInAndGrant(base, token, "meta_ads", { assets: [3] });
    const notice = openAttemptNotice(requestId, locationOf(res).searchParams.get("attempt"), appSecret());
    expect(notice?.outcome).toBe("failed");
    expect(notice?.errors).toHaveLength(1);
    expect(notice?.errors[0]).toContain("does not accept new partners");

    const row = await requestRow(requestId);
    expect(row.status).toBe("pending");
    expect(row.stateVersion).toBe(1);
    expect(service(row, "meta_ads").status).toBe("pending");

    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual(["connection.attempt_completed", "request.created", "service.grant_failed"]);
    const failed = events.find((e) => e.type === "service.grant_failed")!;
    expect(failed.data.errors).toEqual(notice!.errors);
    expect(failed.data.service).toEqual({ service: "meta_ads", platform: "meta" });
    expect(failed.data.request!.stateVersion).toBe(1);
    expect(events.find((e) => e.type === "connection.attempt_completed")!.data.attempt).toEqual({
      platform: "meta",
      outcome: "failed",
      services: [{ service: "meta_ads", status: "pending", errors: notice!.errors }],
      errors: [],
    });
  });

  it("a whole-attempt failure reports only through connection.attempt_completed, not grant_failed", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "admin" },
      google_ads: { accessLevel: "standard" },
    });
    const res = await signInAndGrant(base, token, "meta_ads", { mode: "fail" });
    const notice = openAttemptNotice(requestId, locationOf(res).searchParams.get("attempt"), appSecret());
    expect(notice).toEqual({
      serviceId: "meta_ads",
      outcome: "failed",
      errors: ["The platform rejected this request. Please try again later."],
    });

    const row = await requestRow(requestId);
    expect(row.status).toBe("pending");
    expect(row.stateVersion).toBe(1);
    expect(service(row, "meta_ads").status).toBe("pending");

    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual(["connection.attempt_completed", "request.created"]);
    const attempt = events.find((e) => e.type === "connection.attempt_completed")!.data.attempt;
    expect(attempt).toEqual({
      platform: "meta",
      outcome: "failed",
      services: [{ service: "meta_ads", status: "pending", errors: [] }],
      errors: notice!.errors,
    });

    // The client retries with a working sign-in.
    const retry = await signInAndGrant(base, token, "meta_ads");
    expect(locationOf(retry).searchParams.get("notice")).toBe("granted");
    const after = await requestRow(requestId);
    expect(after.stateVersion).toBe(2);
    expect(service(after, "meta_ads").status).toBe("granted");
  });

  it("replaces server errors with a generic message in the client's language", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      { meta_page: { accessLevel: "editor" } },
      { language: "Spanish" },
    );
    const res = await signInAndGrant(base, token, "meta_page", { mode: "server-error", assets: [1, 3] });
    const notice = openAttemptNotice(requestId, locationOf(res).searchParams.get("attempt"), appSecret());
    expect(notice).toEqual({
      serviceId: "meta_page",
      outcome: "partial_success",
      errors: ["Algo ha fallado por nuestra parte. Inténtalo de nuevo."],
    });

    // A connector that fails the whole attempt with a server error.
    const { requestId: r2, token: t2 } = await seedAccessRequest(
      agency,
      { google_ads: { accessLevel: "admin" } },
      { language: "Dutch" },
    );
    const { callback } = await signIn(base, t2, "google_ads");
    const sandbox = createSandboxConnector("google");
    const broken: PlatformConnector = {
      ...sandbox,
      grantAccess: async () => {
        throw new ConnectorError("server_error", "upstream 500 with stack trace at /srv/internal");
      },
    };
    const outcome = await grantWithConnector({
      token: t2,
      serviceId: "google_ads",
      sessionId: callback!.searchParams.get("session")!,
      assetIds: ["google_ads_1001"],
      connector: broken,
    });
    expect(outcome.report.outcome).toBe("failed");
    expect(outcome.errors).toEqual(["Er ging iets mis aan onze kant. Probeer het opnieuw."]);
    const events = await eventsOf(r2);
    // a whole-attempt failure: no grant_failed, the attempt event carries the message
    expect(typesOf(events)).toEqual(["connection.attempt_completed", "request.created"]);
    expect(
      (events.find((e) => e.type === "connection.attempt_completed")!.data.attempt as { errors: string[] }).errors,
    ).toEqual(outcome.errors);
    expect(JSON.stringify(events)).not.toContain("/srv/internal");
  });

  it("sends the attempt event for the connector platforms, Snapchat included, and grant_failed for meta and google only", async () => {
    const withSnap = {
      ...agency,
      accounts: {
        ...agency.accounts,
        snapchat: (
          await connectAccount({ agencyId: agency.agencyId, platform: "snapchat", email: "snapchat@agency.test" })
        ).internalAccountId,
      },
    };
    const { requestId, token } = await seedAccessRequest(withSnap, {
      tiktok_ads: { accessLevel: "admin" },
      snapchat_ads: { accessLevel: "reports" },
    });
    await signInAndGrant(base, token, "tiktok_ads", { mode: "fail" });
    await signInAndGrant(base, token, "snapchat_ads", { mode: "fail" });
    let events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual([
      "connection.attempt_completed",
      "connection.attempt_completed",
      "request.created",
    ]);
    expect(
      events
        .filter((e) => e.type === "connection.attempt_completed")
        .map((e) => (e.data.attempt as { platform: string }).platform),
    ).toEqual(["tiktok", "snapchat"]);

    await signInAndGrant(base, token, "snapchat_ads");
    events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual([
      "connection.attempt_completed",
      "connection.attempt_completed",
      "connection.attempt_completed",
      "request.created",
      "service.granted",
    ]);
  });

  it("a preview link never reaches a platform, grants nothing, records nothing and uses no allowance, even at the limit", async () => {
    const full = await seedAccessAgency(["meta", "hubspot"]);
    // at its monthly limit: a preview still opens, because it uses none of it
    await setPlan({ agencyId: full.agencyId, clientLimit: 0, prospectLimit: 0 });
    const { requestId, token } = await seedAccessRequest(
      full,
      { meta_ads: { accessLevel: "admin" }, hubspot_portal: { accessLevel: "standard" } },
      { isDemo: true },
    );

    // "Grant access" goes straight back with the preview notice, not to a platform sign-in
    const connect = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/meta_ads`));
    expect(connect.pathname).toBe(`/i/${token}`);
    expect(connect.search).toBe("?notice=preview&service=meta_ads");
    // "I sent the invitation" marks nothing either
    const sent = await postForm(`${base}/api/access/${token}/services/hubspot_portal/invite-sent`, {});
    expect(locationOf(sent).search).toBe("?notice=preview&service=hubspot_portal");

    // a sign-in that reached the grant anyway (made while the link was not a preview)
    const db = await getDb();
    await db.accessRequest.update({ where: { id: requestId }, data: { isDemo: false } });
    const { callback } = await signIn(base, token, "meta_ads");
    await db.accessRequest.update({ where: { id: requestId }, data: { isDemo: true } });
    let grants = 0;
    const spy: PlatformConnector = {
      ...createSandboxConnector("meta"),
      grantAccess: async (...args) => {
        grants++;
        return createSandboxConnector("meta").grantAccess(...args);
      },
    };
    const outcome = await grantWithConnector({
      token,
      serviceId: "meta_ads",
      sessionId: callback!.searchParams.get("session")!,
      assetIds: ["meta_ads_1001"],
      connector: spy,
    });
    expect(outcome.preview).toBe(true);
    expect(grants).toBe(0);

    const row = await requestRow(requestId);
    expect(row.status).toBe("pending");
    expect(row.stateVersion).toBe(1);
    expect(row.services.map((s) => s.status)).toEqual(["pending", "pending"]);
    expect(await eventsOf(requestId)).toEqual([]);
    expect(await db.usageCounter.findMany({ where: { agencyId: full.agencyId, used: { gt: 0 } } })).toEqual([]);
    // every page of the link knows it is a preview (the pages show the marker from this)
    expect((await loadAccessPage({ token }))?.preview).toBe(true);
  });

  it("a real request's page is not marked as a preview", async () => {
    const { token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    expect((await loadAccessPage({ token }))?.preview).toBe(false);
  });
});

describe("sign-in state", () => {
  it("refuses a replayed callback, a reused session and a forged state", async () => {
    const { token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "admin" },
      google_ads: { accessLevel: "admin" },
    });
    const { state, callback } = await signIn(base, token, "meta_ads");
    const replay = await getNoFollow(
      `${base}/api/access/callback?state=${encodeURIComponent(state!)}&code=sandbox-code:meta`,
    );
    expect(locationOf(replay).search).toBe("?error=sign_in_used&service=meta_ads");

    const session = callback!.searchParams.get("session")!;
    const first = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session,
      asset: "meta_ads_1001",
    });
    expect(locationOf(first).searchParams.get("notice")).toBe("granted");
    // The same session cannot grant twice, not even another service of the request.
    const second = await postForm(`${base}/api/access/${token}/services/google_ads/grant`, {
      session,
      asset: "google_ads_1001",
    });
    expect(locationOf(second).searchParams.get("error")).toBe("sign_in_expired");

    const forged = await getNoFollow(
      `${base}/api/access/callback?state=${encodeURIComponent(state!.replace(/.$/, "x"))}&code=x`,
    );
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("not valid");
    const missing = await getNoFollow(`${base}/api/access/callback?code=x`);
    expect(missing.status).toBe(400);
  });

  it("sends a picker submitted with no asset back to the picker, its sign-in still good", async () => {
    const { token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const { callback } = await signIn(base, token, "meta_ads");
    const session = callback!.searchParams.get("session")!;
    const empty = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, { session });
    expect(Object.fromEntries(locationOf(empty).searchParams)).toEqual({
      pick: "meta_ads",
      session,
      error: "no_assets",
      service: "meta_ads",
    });
    const ok = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session,
      asset: "meta_ads_1002",
    });
    expect(locationOf(ok).searchParams.get("notice")).toBe("granted");
  });

  it("sends an expired sign-in back to its page, and a denied one back with the denial", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const expired = signState(
      { requestId, serviceId: "meta_ads", nonce: "n-expired", expiresAt: new Date(Date.now() - 1000) },
      appSecret(),
    );
    const res = await getNoFollow(
      `${base}/api/access/callback?state=${encodeURIComponent(expired)}&code=sandbox-code:meta`,
    );
    expect(locationOf(res).pathname).toBe(`/i/${token}`);
    expect(locationOf(res).searchParams.get("error")).toBe("sign_in_expired");

    const start = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/meta_ads`));
    const denied = await getNoFollow(
      `${base}/api/access/callback?state=${encodeURIComponent(start.searchParams.get("state")!)}&error=access_denied`,
    );
    expect(locationOf(denied).search).toBe("?error=denied&service=meta_ads");
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created"]);
  });

  it("does not start a sign-in for a manual, granted or unknown service", async () => {
    const { token } = await seedAccessRequest(agency, { shopify_store: {}, meta_ads: { accessLevel: "admin" } });
    for (const id of ["shopify_store", "google_ads", "nope"]) {
      const res = await getNoFollow(`${base}/api/access/${token}/connect/${id}`);
      expect(locationOf(res).searchParams.get("error"), id).toBe("not_allowed");
    }
    const unknown = await getNoFollow(`${base}/api/access/${"x".repeat(32)}/connect/meta_ads`);
    expect(locationOf(unknown).searchParams.get("error")).toBe("not_found");
  });
});

describe("manual services, skipping and reopening", () => {
  it("skips and reopens optional services, refuses to skip required ones, and records the events", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      shopify_store: { optional: true },
      x_ads: { accessLevel: "analyst" },
    });
    const skip = await postForm(`${base}/api/access/${token}/services/shopify_store/skip`, { surface: "embed" });
    expect(locationOf(skip).pathname).toBe(`/embed/${token}`);
    expect(locationOf(skip).searchParams.get("notice")).toBe("skipped");
    let row = await requestRow(requestId);
    expect(service(row, "shopify_store").status).toBe("skipped");
    expect(row.status).toBe("in_progress");
    expect(row.stateVersion).toBe(2);

    const reopen = await postForm(`${base}/api/access/${token}/services/shopify_store/reopen`, {});
    expect(locationOf(reopen).searchParams.get("notice")).toBe("reopened");
    row = await requestRow(requestId);
    expect(service(row, "shopify_store").status).toBe("pending");
    expect(row.stateVersion).toBe(3);

    const required = await postForm(`${base}/api/access/${token}/services/x_ads/skip`, {}, { json: true });
    expect(required.status).toBe(409);
    expect(await required.json()).toMatchObject({
      ok: false,
      error: { code: "not_allowed", message: "This is not possible for this service." },
    });
    // a one-click service is granted by signing in, never by saying so
    const own = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const invite = await postForm(`${base}/api/access/${own.token}/services/meta_ads/invite-sent`, {});
    expect(locationOf(invite).searchParams.get("error")).toBe("not_allowed");
    const bogus = await postForm(`${base}/api/access/${token}/services/x_ads/delete`, {});
    expect(locationOf(bogus).searchParams.get("error")).toBe("not_allowed");

    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created", "request.updated", "service.skipped"]);
  });

  it("'I've sent the invite' waits for the agency on every service, HubSpot's manual steps included", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      shopify_store: {},
      hubspot_portal: { accessLevel: "standard" },
    });
    const sent = await postForm(`${base}/api/access/${token}/services/shopify_store/invite-sent`, {});
    expect(locationOf(sent).searchParams.get("notice")).toBe("invite_sent");
    let row = await requestRow(requestId);
    expect(service(row, "shopify_store")).toMatchObject({ status: "pending", awaitingConfirmation: true });
    expect(row.status).toBe("in_progress");
    let events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual(["request.created", "request.updated"]);

    const hubspot = await postForm(`${base}/api/access/${token}/services/hubspot_portal/invite-sent`, {});
    expect(locationOf(hubspot).searchParams.get("notice")).toBe("invite_sent");
    row = await requestRow(requestId);
    expect(service(row, "hubspot_portal")).toMatchObject({ status: "pending", awaitingConfirmation: true });
    events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual(["request.created", "request.updated", "request.updated"]);
    expect(events.some((e) => e.type === "service.granted")).toBe(false);
    // Both await the agency's confirmation, so the request is not complete.
    expect(row.status).toBe("in_progress");
  });
});

describe("intake form", () => {
  it("validates answers with messages in the client's language, stores them and completes the request", async () => {
    const db = await getDb();
    const own = await seedAccessAgency(["meta"]);
    await db.agency.update({ where: { id: own.agencyId }, data: { intakeFormEnabled: true } });
    const q = (position: number, type: string, label: string, required: boolean, options: string[] = []) =>
      db.intakeQuestion.create({ data: { agencyId: own.agencyId, position, type, label, required, options } });
    const website = await q(0, "text", "Website?", true);
    const story = await q(1, "long_text", "Tell us more", false);
    const budget = await q(2, "single_choice", "Budget", true, ["Low", "High"]);
    const channels = await q(3, "multiple_choice", "Channels", true, ["Search", "Social", "Email"]);
    await db.intakeQuestion.create({
      data: {
        agencyId: own.agencyId,
        position: 4,
        type: "text",
        label: "Old question",
        required: true,
        options: [],
        archivedAt: new Date(),
      },
    });
    const { requestId, token } = await seedAccessRequest(own, {}, { intake: true, language: "Spanish" });

    const bad = await postForm(
      `${base}/api/access/${token}/intake`,
      { [`q.${story.id}`]: "x".repeat(5001), [`q.${budget.id}`]: "Medium" },
      { json: true },
    );
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.message).toBe("Revisa las respuestas marcadas abajo.");
    expect(body.error.fields).toEqual({
      [`q.${website.id}`]: "Este campo es obligatorio",
      [`q.${story.id}`]: "La respuesta es demasiado larga (máximo 5000 caracteres)",
      [`q.${budget.id}`]: "Elige una de las opciones que se muestran",
      [`q.${channels.id}`]: "Elige al menos una opción",
    });
    // the page's own script asks for the refusal in the body: a 200, so the browser logs no failed request
    const shown = await postForm(`${base}/api/access/${token}/intake`, {}, { json: true, refusalInBody: true });
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      ok: false,
      status: 400,
      error: { code: "invalid_input", fields: { [`q.${website.id}`]: "Este campo es obligatorio" } },
    });

    // Without JavaScript the refused form comes back as the page itself, every typed answer kept
    // and each error beside its field, in the client's language.
    const plain = await postForm(`${base}/api/access/${token}/intake`, {
      [`q.${story.id}`]: "Vendemos <b>zapatos</b>\r\nen Madrid",
      [`q.${budget.id}`]: "High",
      [`q.${channels.id}`]: ["Search", "Email"],
    });
    expect(plain.status).toBe(400);
    expect(plain.headers.get("content-type")).toContain("text/html");
    const html = await plain.text();
    console.log("CHK", html.match(/<input type="checkbox"[^>]*>/g));
    expect(html).toContain('<html lang="es"');
    // the long answer as typed (escaped), the choices still chosen, the empty one still empty
    expect(html).toMatch(
      /<textarea[^>]*name="q\.[^"]+"[^>]*>Vendemos &lt;b&gt;zapatos&lt;\/b&gt;\r?\nen Madrid<\/textarea>/,
    );
    const choice = (value: string) =>
      (html.match(/<input [^>]*>/g) ?? []).find((i) => i.includes(`value="${value}"`) && i.includes('name="q.'))!;
    expect(["High", "Low", "Search", "Social", "Email"].map((v) => choice(v).includes('checked=""'))).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
    expect(html).toMatch(new RegExp(`data-error-for="q\\.${website.id}"[^>]*>Este campo es obligatorio<`));
    expect(html).toContain("Revisa las respuestas marcadas abajo.");
    expect((await requestRow(requestId)).stateVersion).toBe(1);

    const ok = await postForm(`${base}/api/access/${token}/intake`, {
      [`q.${website.id}`]: "  https://client.test  ",
      [`q.${budget.id}`]: "High",
      [`q.${channels.id}`]: ["Search", "Email", "Search"],
    });
    expect(locationOf(ok).searchParams.get("notice")).toBe("intake_submitted");
    const answers = await db.intakeAnswer.findMany({ where: { requestId }, orderBy: { questionLabel: "asc" } });
    expect(answers.map((a) => [a.questionLabel, a.questionType, a.value])).toEqual([
      ["Budget", "single_choice", "High"],
      ["Channels", "multiple_choice", ["Search", "Email"]],
      ["Website?", "text", "https://client.test"],
    ]);
    const row = await requestRow(requestId);
    expect(row.status).toBe("completed");
    expect(row.intakeCompletedAt).not.toBeNull();
    expect(typesOf(await eventsOf(requestId))).toEqual(["intake.completed", "request.completed", "request.created"]);

    // Completed: a second submission is refused and stores nothing.
    const again = await postForm(`${base}/api/access/${token}/intake`, {
      [`q.${website.id}`]: "b",
      [`q.${budget.id}`]: "Low",
      [`q.${channels.id}`]: "Search",
    });
    expect(locationOf(again).searchParams.get("error")).toBe("closed");
    expect(await db.intakeAnswer.count({ where: { requestId } })).toBe(3);
  });
});

describe("closed requests", () => {
  it("refuses every action once cancelled, including a sign-in started before", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "admin" },
      shopify_store: { optional: true },
    });
    const start = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/meta_ads`));
    const signedIn = await signIn(base, token, "meta_ads");
    await cancelRequest({ agencyId: agency.agencyId, id: requestId });

    const cb = await getNoFollow(
      `${base}/api/access/callback?state=${encodeURIComponent(start.searchParams.get("state")!)}&code=sandbox-code:meta`,
    );
    expect(locationOf(cb).searchParams.get("error")).toBe("sign_in_used");
    const grant = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session: signedIn.callback!.searchParams.get("session")!,
      asset: "meta_ads_1001",
    });
    expect(locationOf(grant).searchParams.get("error")).toBe("closed");
    for (const action of ["skip", "invite-sent"]) {
      const res = await postForm(`${base}/api/access/${token}/services/shopify_store/${action}`, {});
      expect(locationOf(res).searchParams.get("error")).toBe("closed");
    }
    const connect = await getNoFollow(`${base}/api/access/${token}/connect/meta_ads`);
    expect(locationOf(connect).searchParams.get("error")).toBe("closed");
    const row = await requestRow(requestId);
    expect(row.status).toBe("cancelled");
    expect(service(row, "meta_ads").status).toBe("pending");
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.cancelled", "request.created"]);
  });

  it("never leaves a grant recorded on a cancelled request when cancel and grant race", async () => {
    for (let i = 0; i < 6; i++) {
      const { requestId, token } = await seedAccessRequest(agency, {
        meta_ads: { accessLevel: "admin" },
        google_ads: { accessLevel: "admin" },
      });
      const { callback } = await signIn(base, token, "meta_ads");
      const session = callback!.searchParams.get("session")!;
      const [grant, cancel] = await Promise.allSettled([
        grantWithConnector({ token, serviceId: "meta_ads", sessionId: session, assetIds: ["meta_ads_1001"] }),
        cancelRequest({ agencyId: agency.agencyId, id: requestId }),
      ]);
      expect(cancel.status).toBe("fulfilled");
      const row = await requestRow(requestId);
      expect(row.status).toBe("cancelled");
      const types = typesOf(await eventsOf(requestId));
      if (grant.status === "fulfilled") {
        // The grant committed first; the cancel came after it.
        expect(service(row, "meta_ads").status).toBe("granted");
        expect(types).toContain("service.granted");
      } else {
        expect((grant.reason as { code?: string }).code).toBe("closed");
        expect(service(row, "meta_ads").status).toBe("pending");
        expect(service(row, "meta_ads").grantedAssets).toEqual([]);
        expect(types).toEqual(["request.cancelled", "request.created"]);
      }
    }
  });
});

describe("cancel during the platform call", () => {
  it("records no grant and no attempt when the request was cancelled while the platform granted", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const { callback } = await signIn(base, token, "meta_ads");
    const sandbox = createSandboxConnector("meta");
    const slow: PlatformConnector = {
      ...sandbox,
      grantAccess: async (input) => {
        await cancelRequest({ agencyId: agency.agencyId, id: requestId });
        return sandbox.grantAccess(input);
      },
    };
    await expect(
      grantWithConnector({
        token,
        serviceId: "meta_ads",
        sessionId: callback!.searchParams.get("session")!,
        assetIds: ["meta_ads_1001"],
        connector: slow,
      }),
    ).rejects.toMatchObject({ code: "closed" });
    const row = await requestRow(requestId);
    expect(row.status).toBe("cancelled");
    expect(service(row, "meta_ads").status).toBe("pending");
    expect(row.stateVersion).toBe(2);
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.cancelled", "request.created"]);
  });
});

describe("rate limit and logo", () => {
  it("limits client actions per token", async () => {
    const { token } = await seedAccessRequest(agency, { shopify_store: { optional: true } });
    const { limitAccess } = await import("@/lib/surfaces/client-pages/access-http");
    for (let i = 0; i < 60; i++) await limitAccess(token);
    const res = await postForm(`${base}/api/access/${token}/services/shopify_store/skip`, {}, { json: true });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  });

  it("serves the agency's logo with its type, and 404 otherwise", async () => {
    const db = await getDb();
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const updated = await db.agency.update({
      where: { id: agency.agencyId },
      data: { logoData: png, logoMimeType: "image/png" },
    });
    const res = await fetch(`${base}/api/agencies/${agency.agencyId}/logo?v=${updated.updatedAt.getTime()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    expect((await fetch(`${base}/api/agencies/${crypto.randomUUID()}/logo`)).status).toBe(404);
    expect((await fetch(`${base}/api/agencies/not-a-uuid/logo`)).status).toBe(404);
  });
});
