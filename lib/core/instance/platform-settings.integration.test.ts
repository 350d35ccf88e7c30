// The Platforms page's rules over real HTTP (each platform's contract fake) and a real
// database: Verify for every platform (valid credentials, unknown client, wrong secret,
// missing developer token), saved credentials sealed at rest, the environment winning over
// saved values, and a platform going live only once verified (or forced).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  savePlatformCredentials,
  setPlatformSwitches,
  verifyPlatform,
  listPlatformCards,
} from "@/lib/core/instance/platform-settings";
import { getConnector, platformMode } from "@/lib/infra/connectors/get-connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { forgetPlatformSettings, openValues } from "@/lib/infra/connectors/platform-settings";
import { verifyCredentials } from "@/lib/infra/connectors/verify-credentials";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { GOOGLE_FAKE, startGoogleFake } from "@/test/support/fakes/google-fake";
import { LINKEDIN_FAKE, startLinkedInFake } from "@/test/support/fakes/linkedin-fake";
import { hostOverrides, META_FAKE_APP, startMetaFake } from "@/test/support/fakes/meta-fake";
import { MICROSOFT_FAKE, startMicrosoftFake } from "@/test/support/fakes/microsoft-fake";
import { PINTEREST_FAKE, startPinterestFake } from "@/test/support/fakes/pinterest-fake";
import { startTikTokFake, TIKTOK_FAKE } from "@/test/support/fakes/tiktok-fake";
import { HUBSPOT_FAKE, startHubSpotFake } from "@/test/support/fakes/hubspot-fake";
import { SNAPCHAT_FAKE, startSnapchatFake } from "@/test/support/fakes/snapchat-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const closers: (() => Promise<void>)[] = [];
let overrides = "";
const USER = "00000000-0000-4000-8000-000000000001";
const ENV_KEYS = [
  "PLATFORM_HOST_OVERRIDES",
  "SANDBOX_PLATFORMS",
  "META_APP_ID",
  "META_APP_SECRET",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
];

function setEnv(values: Record<string, string | undefined>) {
  for (const k of ENV_KEYS) delete process.env[k];
  for (const [k, v] of Object.entries(values)) if (v !== undefined) process.env[k] = v;
  resetEnvCache();
}

beforeAll(async () => {
  const meta = await startMetaFake();
  const google = await startGoogleFake();
  const fakes = [
    await startLinkedInFake(),
    await startMicrosoftFake(),
    await startPinterestFake(),
    await startTikTokFake(),
    await startSnapchatFake({ redirectUris: [REDIRECT] }),
    await startHubSpotFake({ redirectUris: [REDIRECT] }),
  ];
  overrides = [hostOverrides(meta.hosts), google.overrides, ...fakes.map((f) => f.overrides)].join(",");
  closers.push(meta.close, google.close, ...fakes.map((f) => f.close));
});
afterAll(async () => {
  setEnv({});
  await Promise.all(closers.map((c) => c()));
});

const http = () => createConnectorHttp({ overrides: parseHostOverrides(overrides), maxAttempts: 1 });
const verify = (platform: string, values: Record<string, string | undefined>) =>
  verifyCredentials(platform, values, { http: http(), redirectUri: REDIRECT });

describe("Verify against each platform's fake", () => {
  const cases: { platform: string; valid: Record<string, string>; id: string; secret: string; words: RegExp }[] = [
    {
      platform: "meta",
      valid: { META_APP_ID: META_FAKE_APP.appId, META_APP_SECRET: META_FAKE_APP.appSecret },
      id: "META_APP_ID",
      secret: "META_APP_SECRET",
      words: /Meta accepted the app "Fake Agency Access"/,
    },
    {
      platform: "google",
      valid: {
        GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
        GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
      },
      id: "GOOGLE_CLIENT_ID",
      secret: "GOOGLE_CLIENT_SECRET",
      words: /Google accepted the client ID and secret/,
    },
    {
      platform: "linkedin",
      valid: { LINKEDIN_CLIENT_ID: LINKEDIN_FAKE.clientId, LINKEDIN_CLIENT_SECRET: LINKEDIN_FAKE.clientSecret },
      id: "LINKEDIN_CLIENT_ID",
      secret: "LINKEDIN_CLIENT_SECRET",
      words: /LinkedIn accepted/,
    },
    {
      platform: "microsoft",
      valid: {
        MICROSOFT_CLIENT_ID: MICROSOFT_FAKE.clientId,
        MICROSOFT_CLIENT_SECRET: MICROSOFT_FAKE.clientSecret,
        MICROSOFT_ADS_DEVELOPER_TOKEN: MICROSOFT_FAKE.developerToken,
      },
      id: "MICROSOFT_CLIENT_ID",
      secret: "MICROSOFT_CLIENT_SECRET",
      words: /Microsoft accepted/,
    },
    {
      platform: "pinterest",
      valid: { PINTEREST_APP_ID: PINTEREST_FAKE.appId, PINTEREST_APP_SECRET: PINTEREST_FAKE.appSecret },
      id: "PINTEREST_APP_ID",
      secret: "PINTEREST_APP_SECRET",
      words: /Pinterest accepted/,
    },
    {
      platform: "tiktok",
      valid: { TIKTOK_APP_ID: TIKTOK_FAKE.appId, TIKTOK_APP_SECRET: TIKTOK_FAKE.appSecret },
      id: "TIKTOK_APP_ID",
      secret: "TIKTOK_APP_SECRET",
      words: /TikTok accepted/,
    },
    {
      platform: "snapchat",
      valid: { SNAPCHAT_CLIENT_ID: SNAPCHAT_FAKE.clientId, SNAPCHAT_CLIENT_SECRET: SNAPCHAT_FAKE.clientSecret },
      id: "SNAPCHAT_CLIENT_ID",
      secret: "SNAPCHAT_CLIENT_SECRET",
      words: /Snapchat accepted/,
    },
    {
      platform: "hubspot",
      valid: { HUBSPOT_CLIENT_ID: HUBSPOT_FAKE.clientId, HUBSPOT_CLIENT_SECRET: HUBSPOT_FAKE.clientSecret },
      id: "HUBSPOT_CLIENT_ID",
      secret: "HUBSPOT_CLIENT_SECRET",
      words: /HubSpot accepted/,
    },
  ];

  for (const c of cases) {
    it(`${c.platform}: valid credentials pass, an unknown client and a wrong secret fail in plain words`, async () => {
      const ok = await verify(c.platform, c.valid);
      expect(ok).toEqual({ ok: true, message: expect.stringMatching(c.words) });
      const unknownClient = await verify(c.platform, {
        ...c.valid,
        [c.id]: c.platform === "meta" ? "999999999" : "unknown-client-0000",
      });
      expect(unknownClient.ok).toBe(false);
      expect(unknownClient.message).toMatch(/unknown|does not know|does not accept/i);
      const wrongSecret = await verify(c.platform, { ...c.valid, [c.secret]: "wrong-secret-0123456789" });
      expect(wrongSecret.ok).toBe(false);
      expect(wrongSecret.message).toMatch(/secret is wrong/i);
      const missing = await verify(c.platform, { ...c.valid, [c.secret]: undefined });
      expect(missing).toEqual({ ok: false, message: expect.stringMatching(/^Missing: /) });
    });
  }

  it("a missing developer token: Microsoft fails without a call, Google passes in Cloud-managed mode and says so", async () => {
    const ms = await verify("microsoft", {
      MICROSOFT_CLIENT_ID: MICROSOFT_FAKE.clientId,
      MICROSOFT_CLIENT_SECRET: MICROSOFT_FAKE.clientSecret,
    });
    expect(ms).toEqual({ ok: false, message: "Missing: Developer token. Enter it and verify again." });
    const g = await verify("google", {
      GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
      GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    });
    expect(g.ok).toBe(true);
    expect(g.message).toMatch(/Google accepted the client ID and secret/);
    expect(g.message).toMatch(
      /Google Ads mode: Cloud-managed access, no developer token\. Google Ads calls go without one/,
    );
    const withToken = await verify("google", {
      GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
      GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
      GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    });
    expect(withToken.message).toMatch(/Google Ads mode: developer token\. Every Google Ads call sends it\./);
  });
});

describe("saved credentials", () => {
  beforeEach(async () => {
    await (await getDb()).platformSetting.deleteMany();
    forgetPlatformSettings();
    setEnv({ PLATFORM_HOST_OVERRIDES: overrides, SANDBOX_PLATFORMS: "0" });
  });

  it("are sealed at rest, and the platform goes live only once Verify passes", async () => {
    await savePlatformCredentials({
      input: {
        platform: "meta",
        values: { META_APP_ID: META_FAKE_APP.appId, META_APP_SECRET: META_FAKE_APP.appSecret },
      },
      userId: USER,
    });
    const row = await (await getDb()).platformSetting.findUniqueOrThrow({ where: { platform: "meta" } });
    expect(row.valuesSealed).not.toContain(META_FAKE_APP.appSecret);
    expect(row.valuesSealed).not.toContain(META_FAKE_APP.appId);
    expect(openValues(row.valuesSealed)).toEqual({
      META_APP_ID: META_FAKE_APP.appId,
      META_APP_SECRET: META_FAKE_APP.appSecret,
    });
    expect(platformMode("meta")).toBe("unconfigured");
    expect((await listPlatformCards()).find((c) => c.platform === "meta")?.status).toBe("unverified");

    const result = await verifyPlatform({ platform: "meta", userId: USER });
    expect(result.ok).toBe(true);
    expect(platformMode("meta")).toBe("live");
    const card = (await listPlatformCards()).find((c) => c.platform === "meta")!;
    expect(card.status).toBe("live");
    expect(card.verification).toMatchObject({
      ok: true,
      current: true,
      message: expect.stringContaining("Meta accepted"),
    });
    expect(card.fields.find((f) => f.key === "META_APP_SECRET")).toMatchObject({
      source: "saved",
      display: `•••• ${META_FAKE_APP.appSecret.slice(-4)}`,
    });
    // the connector now signs in with the saved app id
    const { authorizationUrl } = getConnector("meta").beginSignIn({
      state: "s",
      redirectUri: REDIRECT,
      serviceIds: ["meta_ads"],
      codeVerifier: "v".repeat(43),
    });
    expect(new URL(authorizationUrl).searchParams.get("client_id")).toBe(META_FAKE_APP.appId);

    // changing a credential makes the verification stale: not live until verified again
    await savePlatformCredentials({
      input: { platform: "meta", values: { META_APP_SECRET: "another-secret-0123456789" } },
      userId: USER,
    });
    expect(platformMode("meta")).toBe("unconfigured");
    const failed = await verifyPlatform({ platform: "meta", userId: USER });
    expect(failed).toMatchObject({ ok: false, message: "Meta knows this App ID but the App secret is wrong." });
    expect((await listPlatformCards()).find((c) => c.platform === "meta")?.status).toBe("failing");
    // the operator may force it live anyway
    await setPlatformSwitches({ input: { platform: "meta", forcedLive: true }, userId: USER });
    expect(platformMode("meta")).toBe("live");
  });

  it("a secret shorter than 16 characters is shown as dots only, a longer one with its last four", async () => {
    const secretField = async () =>
      (await listPlatformCards()).find((c) => c.platform === "meta")!.fields.find((f) => f.key === "META_APP_SECRET")!;
    await savePlatformCredentials({
      input: { platform: "meta", values: { META_APP_ID: META_FAKE_APP.appId, META_APP_SECRET: "k3Y9" } },
      userId: USER,
    });
    expect((await secretField()).display).toBe("••••••••");
    await savePlatformCredentials({
      input: { platform: "meta", values: { META_APP_SECRET: "fifteen-chars-x" } },
      userId: USER,
    });
    expect((await secretField()).display).toBe("••••••••");
    await savePlatformCredentials({
      input: { platform: "meta", values: { META_APP_SECRET: "sixteen-chars-xy" } },
      userId: USER,
    });
    expect((await secretField()).display).toBe("•••• s-xy");
  });

  it("the environment wins over saved values, and a saved value cannot replace it", async () => {
    setEnv({ PLATFORM_HOST_OVERRIDES: overrides, SANDBOX_PLATFORMS: "0", GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId });
    await expect(
      savePlatformCredentials({
        input: { platform: "google", values: { GOOGLE_CLIENT_ID: "saved-client-id" } },
        userId: USER,
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: "values.GOOGLE_CLIENT_ID", message: "Set by the environment: change it there." }],
    });
    await savePlatformCredentials({
      input: { platform: "google", values: { GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret } },
      userId: USER,
    });
    let card = (await listPlatformCards()).find((c) => c.platform === "google")!;
    expect(card.fields.map((f) => [f.key, f.source])).toEqual([
      ["GOOGLE_CLIENT_ID", "environment"],
      ["GOOGLE_CLIENT_SECRET", "saved"],
      ["GOOGLE_ADS_DEVELOPER_TOKEN", null],
    ]);
    expect((await verifyPlatform({ platform: "google", userId: USER })).ok).toBe(true);
    expect(platformMode("google")).toBe("live");

    // a value saved while the variable was unset loses to the variable once it is set
    await (await getDb()).platformSetting.deleteMany();
    forgetPlatformSettings();
    setEnv({ PLATFORM_HOST_OVERRIDES: overrides, SANDBOX_PLATFORMS: "0" });
    await savePlatformCredentials({
      input: {
        platform: "google",
        values: { GOOGLE_CLIENT_ID: "saved-client-id", GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret },
      },
      userId: USER,
    });
    await setPlatformSwitches({ input: { platform: "google", forcedLive: true }, userId: USER });
    setEnv({ PLATFORM_HOST_OVERRIDES: overrides, SANDBOX_PLATFORMS: "0", GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId });
    card = (await listPlatformCards()).find((c) => c.platform === "google")!;
    expect(card.fields[0]).toMatchObject({
      key: "GOOGLE_CLIENT_ID",
      source: "environment",
      display: GOOGLE_FAKE.clientId,
    });
    const { authorizationUrl } = getConnector("google").beginSignIn({
      state: "s",
      redirectUri: REDIRECT,
      serviceIds: ["google_analytics"],
      codeVerifier: "v".repeat(43),
    });
    expect(new URL(authorizationUrl).searchParams.get("client_id")).toBe(GOOGLE_FAKE.clientId);
  });

  it("credentials from the environment that fail Verify show as failing while they stay in use", async () => {
    setEnv({
      PLATFORM_HOST_OVERRIDES: overrides,
      SANDBOX_PLATFORMS: "0",
      META_APP_ID: META_FAKE_APP.appId,
      META_APP_SECRET: "wrong-secret-0123456789",
    });
    let card = (await listPlatformCards()).find((c) => c.platform === "meta")!;
    expect(card).toMatchObject({ status: "live", inUse: true, verification: null });
    const failed = await verifyPlatform({ platform: "meta", userId: USER });
    expect(failed).toMatchObject({ ok: false, message: "Meta knows this App ID but the App secret is wrong." });
    card = (await listPlatformCards()).find((c) => c.platform === "meta")!;
    expect(card).toMatchObject({ status: "failing", inUse: true });
    expect(card.fields.map((f) => f.source)).toEqual(["environment", "environment"]);
    expect(platformMode("meta")).toBe("live");

    setEnv({
      PLATFORM_HOST_OVERRIDES: overrides,
      SANDBOX_PLATFORMS: "0",
      META_APP_ID: META_FAKE_APP.appId,
      META_APP_SECRET: META_FAKE_APP.appSecret,
    });
    card = (await listPlatformCards()).find((c) => c.platform === "meta")!;
    // the failure was for other values: not current, so the card reads live again until verified
    expect(card).toMatchObject({ status: "live", verification: { ok: false, current: false } });
  });

  it("the sandbox switch applies when SANDBOX_PLATFORMS is not set, and is refused when it is", async () => {
    setEnv({
      PLATFORM_HOST_OVERRIDES: overrides,
      META_APP_ID: META_FAKE_APP.appId,
      META_APP_SECRET: META_FAKE_APP.appSecret,
    });
    // NODE_ENV=test: every platform uses the sandbox by default
    expect(platformMode("meta")).toBe("sandbox");
    await setPlatformSwitches({ input: { platform: "meta", sandbox: false }, userId: USER });
    expect(platformMode("meta")).toBe("live");
    expect(platformMode("google")).toBe("sandbox");
    await setPlatformSwitches({ input: { platform: "meta", sandbox: true }, userId: USER });
    expect(platformMode("meta")).toBe("sandbox");

    setEnv({ PLATFORM_HOST_OVERRIDES: overrides, SANDBOX_PLATFORMS: "0" });
    await expect(
      setPlatformSwitches({ input: { platform: "meta", sandbox: true }, userId: USER }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(
      savePlatformCredentials({ input: { platform: "nope", values: {} }, userId: USER }),
    ).rejects.toMatchObject({ details: [{ field: "platform" }] });
  });
});
