// The client page's Google flow with the sandbox off (SANDBOX_PLATFORMS=0), the real Google
// connector, and PLATFORM_HOST_OVERRIDES pointing at the Google contract fake, all over real
// HTTP: "Grant access" → Google's consent page → our callback → the picker → the grant.
// Checks what the fake received, what the request records and which events are sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/infra/env";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { openAttemptNotice } from "@/lib/surfaces/client-pages/attempt-notice";
import { startApiServer } from "@/test/support/api-server";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessAgency,
  seedAccessRequest,
  typesOf,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { GOOGLE_FAKE, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";

let base: string;
let close: () => Promise<void>;
let fake: GoogleFake;
let agency: TestAgency;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startGoogleFake();
  Object.assign(process.env, {
    SANDBOX_PLATFORMS: "0",
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  });
  resetEnvCache();
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  agency = await seedAccessAgency(["google"]);
});
afterAll(async () => {
  await close?.();
  await fake?.close();
  for (const k of [
    "SANDBOX_PLATFORMS",
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "GOOGLE_ADS_DEVELOPER_TOKEN",
    "PLATFORM_HOST_OVERRIDES",
  ]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
});
beforeEach(() => fake.reset());

/** "Grant access" → the fake's consent page → our callback: the picker's session id. */
async function signInWithGoogle(token: string, serviceId: string): Promise<string> {
  const start = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/${serviceId}`));
  expect(start.origin).toBe(fake.hosts["accounts.google.com"]);
  const consent = await fetch(start, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  expect(back.pathname).toBe("/api/access/callback");
  const callback = locationOf(await getNoFollow(`${base}${back.pathname}${back.search}`));
  expect(callback.pathname).toBe(`/i/${token}`);
  const session = callback.searchParams.get("session");
  if (!session) throw new Error(`sign-in did not reach the picker: ${callback}`);
  return session;
}

describe("a client grants Google Analytics through the real connector", () => {
  it("partial success: the fake gets one access binding per picked property; the request, events and notice agree", async () => {
    fake.set({ refuse: ["properties/1003"] });
    const { requestId, token } = await seedAccessRequest(agency, { google_analytics: { accessLevel: "analyst" } });
    const session = await signInWithGoogle(token, "google_analytics");

    const consent = fake.calls.find((c) => c.path === "/o/oauth2/v2/auth")!;
    expect(consent.query.scope!.split(" ").sort()).toEqual([
      "email",
      "https://www.googleapis.com/auth/analytics.manage.users",
      "https://www.googleapis.com/auth/analytics.readonly",
      "openid",
    ]);
    expect(fake.calls.find((c) => c.path === "/token")!.body).toMatchObject({
      redirect_uri: "http://localhost:3999/api/access/callback",
      grant_type: "authorization_code",
    });

    const res = await postForm(`${base}/api/access/${token}/services/google_analytics/grant`, {
      session,
      asset: ["properties/1001", "properties/1003"],
    });
    expect(res.status).toBe(303);
    const grants = fake.calls.filter((c) => c.method === "POST" && c.path.endsWith("/accessBindings"));
    expect(grants.map((c) => [c.path, c.body])).toEqual([
      [
        "/v1alpha/properties/1001/accessBindings",
        { user: GOOGLE_FAKE.agencyEmail, roles: ["predefinedRoles/analyst"] },
      ],
      [
        "/v1alpha/properties/1003/accessBindings",
        { user: GOOGLE_FAKE.agencyEmail, roles: ["predefinedRoles/analyst"] },
      ],
    ]);

    const notice = openAttemptNotice(requestId, locationOf(res).searchParams.get("attempt"), appSecret());
    expect(notice).toEqual({
      serviceId: "google_analytics",
      outcome: "partial_success",
      errors: ["The caller does not have permission to manage users on this property."],
    });
    const row = await requestRow(requestId);
    expect(row.status).toBe("completed");
    expect(row.services[0]!.grantedAssets).toMatchObject([
      { id: "properties/1001", name: "Brand Web (Brand Co)", accessLevel: "analyst" },
    ]);
    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual([
      "connection.attempt_completed",
      "request.completed",
      "request.created",
      "service.granted",
    ]);
    const attempt = events.find((e) => e.type === "connection.attempt_completed")!.data.attempt;
    expect(attempt).toEqual({
      platform: "google",
      outcome: "partial_success",
      services: [{ service: "google_analytics", status: "granted", errors: notice!.errors }],
      errors: [],
    });
    // The client's Google token appears nowhere in what we recorded.
    const token0 = /^Bearer (.+)$/.exec(grants[0]!.headers.authorization!)![1]!;
    expect(JSON.stringify(events)).not.toContain(token0);
  });

  it("an expired Google token fails the attempt: the attempt event asks the client to sign in again, the request is unchanged", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      google_tag_manager: { accessLevel: "[edit,read]" },
    });
    const session = await signInWithGoogle(token, "google_tag_manager");
    fake.set({ expiredTokens: true });
    const res = await postForm(`${base}/api/access/${token}/services/google_tag_manager/grant`, {
      session,
      asset: "accounts/2001/containers/3001",
    });
    const notice = openAttemptNotice(requestId, locationOf(res).searchParams.get("attempt"), appSecret());
    expect(notice?.outcome).toBe("failed");
    expect(notice?.errors[0]).toMatch(/sign in/i);

    const row = await requestRow(requestId);
    expect(row.stateVersion).toBe(1);
    expect(row.services[0]!.status).toBe("pending");
    const events = await eventsOf(requestId);
    // a whole-attempt failure is reported only through the attempt event (spec: service.grant_failed is per service)
    expect(typesOf(events)).toEqual(["connection.attempt_completed", "request.created"]);
    expect(
      (events.find((e) => e.type === "connection.attempt_completed")!.data as { attempt: { errors: string[] } }).attempt
        .errors,
    ).toEqual(notice!.errors);
  });

  it("a refused consent is not an attempt: back to the page with an error, no event", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { google_ads: { accessLevel: "standard" } });
    fake.set({ deny: true });
    const start = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/google_ads`));
    const back = new URL((await fetch(start, { redirect: "manual" })).headers.get("location")!);
    const callback = locationOf(await getNoFollow(`${base}${back.pathname}${back.search}`));
    expect(callback.searchParams.get("error")).toBe("denied");
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created"]);
  });
});
