// Checks the sandbox connector's sign-in round trip, fixed asset lists, failure
// switches and the connector lookup.

import { describe, expect, it } from "vitest";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import { getConnector, isPlatformAvailable, platformMode } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import {
  SANDBOX_CONSENT_PATH,
  createSandboxConnector,
  sandboxAgencyToken,
  sandboxAssets,
  sandboxCode,
} from "@/lib/infra/connectors/sandbox-connector";

const PLATFORMS = [
  "meta",
  "google",
  "tiktok",
  "linkedin",
  "microsoft",
  "pinterest",
  "snapchat",
  "x",
  "shopify",
  "klaviyo",
  "hubspot",
  "wordpress",
];

const agencyAccount = {
  internalAccountId: "acc_1",
  platformAccountId: "123",
  email: "team@agency.test",
  businessId: null,
};

async function expectConnectorError(promise: Promise<unknown>, kind: ConnectorError["kind"]) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  expect((error as ConnectorError).kind).toBe(kind);
  return error as ConnectorError;
}

describe("sandbox connector", () => {
  it("points sign-in at this app's consent page with every parameter encoded", () => {
    const connector = createSandboxConnector("meta");
    const redirectUri = "https://app.test/api/oauth/callback?x=1&y=2";
    const { authorizationUrl } = connector.beginSignIn({
      state: "abc.def",
      redirectUri,
      serviceIds: [],
      codeVerifier: "v",
    });
    expect(authorizationUrl).toBe(
      `${SANDBOX_CONSENT_PATH}?platform=meta&state=abc.def&redirect_uri=${encodeURIComponent(redirectUri)}`,
    );
    const url = new URL(authorizationUrl, "http://localhost");
    expect(url.pathname).toBe("/sandbox/consent");
    expect(url.searchParams.get("platform")).toBe("meta");
    expect(url.searchParams.get("state")).toBe("abc.def");
    expect(url.searchParams.get("redirect_uri")).toBe(redirectUri);
  });

  it.each(PLATFORMS)("runs the whole flow offline for %s with a partial success", async (platform) => {
    const connector = createSandboxConnector(platform);
    expect(connector.platform).toBe(platform);
    const { accessToken } = await connector.handleCallback({
      code: sandboxCode(platform),
      state: "s",
      redirectUri: "/cb",
      codeVerifier: "v",
    });
    const serviceId = `${platform}_ads`;
    const assets = await connector.listAssets({ accessToken, serviceId });
    expect(assets).toHaveLength(3);

    const result = await connector.grantAccess({
      accessToken,
      serviceId,
      assetIds: assets.map((a) => a.id),
      role: "admin",
      agencyAccount,
    });
    expect(result.results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(result.results[0]).toEqual({ assetId: assets[0]!.id, ok: true, error: null });
    const failed = result.results[2]!;
    expect(failed.assetId).toBe(assets[2]!.id);
    expect(failed.errorKind).toBe("platform_error");
    expect(failed.error).toMatch(/does not accept new partners/);
  });

  it("lists three stable assets per service, distinct between services, third one failing", () => {
    const first = sandboxAssets("meta_ads");
    expect(sandboxAssets("meta_ads")).toEqual(first);
    expect(first).toEqual([
      { id: "meta_ads_1001", name: "Acme Main Meta Ads" },
      { id: "meta_ads_1002", name: "Acme Brand Meta Ads" },
      { id: "meta_ads_1003", name: "Acme Archive Meta Ads (fails)" },
    ]);
    const other = sandboxAssets("google_analytics").map((a) => a.id);
    expect(other.some((id) => first.some((a) => a.id === id))).toBe(false);
  });

  it("grants only the chosen assets, once each", async () => {
    const connector = createSandboxConnector("google");
    const { accessToken } = await connector.handleCallback({
      code: "sandbox-code:google",
      state: "s",
      redirectUri: "/cb",
      codeVerifier: "v",
    });
    const result = await connector.grantAccess({
      accessToken,
      serviceId: "google_ads",
      assetIds: ["google_ads_1002", "google_ads_1002"],
      role: null,
      agencyAccount: { internalAccountId: "a", platformAccountId: null, email: null, businessId: null },
    });
    expect(result.results).toEqual([{ assetId: "google_ads_1002", ok: true, error: null }]);
  });

  it("reports an unknown asset as a platform error without failing the others", async () => {
    const connector = createSandboxConnector("tiktok");
    const { accessToken } = await connector.handleCallback({
      code: "sandbox-code:tiktok",
      state: "s",
      redirectUri: "/cb",
      codeVerifier: "v",
    });
    const result = await connector.grantAccess({
      accessToken,
      serviceId: "tiktok_ads",
      assetIds: ["tiktok_ads_1001", "meta_ads_1001"],
      role: "admin",
      agencyAccount,
    });
    expect(result.results[0]!.ok).toBe(true);
    expect(result.results[1]).toMatchObject({ assetId: "meta_ads_1001", ok: false, errorKind: "platform_error" });
  });

  it("fails the whole attempt with the :fail code", async () => {
    const connector = createSandboxConnector("meta");
    const { accessToken } = await connector.handleCallback({
      code: "sandbox-code:meta:fail",
      state: "s",
      redirectUri: "/cb",
      codeVerifier: "v",
    });
    const assets = await connector.listAssets({ accessToken, serviceId: "meta_ads" });
    expect(assets).toEqual(sandboxAssets("meta_ads"));
    const error = await expectConnectorError(
      connector.grantAccess({
        accessToken,
        serviceId: "meta_ads",
        assetIds: ["meta_ads_1001"],
        role: "admin",
        agencyAccount,
      }),
      "platform_error",
    );
    expect(error.message.length).toBeGreaterThan(0);
  });

  it("turns the third asset into a server error with the :server-error code", async () => {
    const connector = createSandboxConnector("linkedin");
    const { accessToken } = await connector.handleCallback({
      code: sandboxCode("linkedin", "server-error"),
      state: "s",
      redirectUri: "/cb",
      codeVerifier: "v",
    });
    const assets = await connector.listAssets({ accessToken, serviceId: "linkedin_ads" });
    expect(assets[2]!.name).toContain("(server error)");
    const result = await connector.grantAccess({
      accessToken,
      serviceId: "linkedin_ads",
      assetIds: assets.map((a) => a.id),
      role: "admin",
      agencyAccount,
    });
    expect(result.results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(result.results[2]!.errorKind).toBe("server_error");
  });

  it.each([
    "sandbox-code:google",
    "sandbox-code:meta:explode",
    "sandbox-code:meta:fail:extra",
    "sandbox-code:",
    "real-code-123",
    "",
  ])("refuses the callback code %j for meta as invalid_state", async (code) => {
    const connector = createSandboxConnector("meta");
    await expectConnectorError(
      connector.handleCallback({ code, state: "s", redirectUri: "/cb", codeVerifier: "v" }),
      "invalid_state",
    );
  });

  it("refuses another platform's token", async () => {
    const google = createSandboxConnector("google");
    const meta = createSandboxConnector("meta");
    const { accessToken } = await google.handleCallback({
      code: "sandbox-code:google",
      state: "s",
      redirectUri: "/cb",
      codeVerifier: "v",
    });
    await expectConnectorError(meta.listAssets({ accessToken, serviceId: "meta_ads" }), "invalid_state");
    await expectConnectorError(
      meta.grantAccess({ accessToken, serviceId: "meta_ads", assetIds: ["meta_ads_1001"], role: null, agencyAccount }),
      "invalid_state",
    );
  });

  it("refuses a platform id that cannot be one", () => {
    expect(() => createSandboxConnector("Meta:fail")).toThrow(ConnectorError);
  });
});

const baseEnv: ConnectorEnv = { sandboxPlatformList: "all", platformHostOverrides: new Map() };
const sandboxOn = { env: baseEnv };
const sandboxOff = { env: { ...baseEnv, sandboxPlatformList: [] } };

describe("sandbox read-back and removal", () => {
  const connector = createSandboxConnector("meta");
  const agencyAccount = { internalAccountId: "acc_1", platformAccountId: null, email: null, businessId: null };
  const input = (assetIds: string[], accessToken = sandboxAgencyToken("meta")) => ({
    accessToken,
    serviceId: "meta_ads",
    assetIds,
    agencyAccount,
  });

  it("reads asset 1 as present, asset 2 as lost and unknown assets as not found", async () => {
    expect(await connector.verifyAccess!(input(["meta_ads_1001", "meta_ads_1002", "nope", "meta_ads_1001"]))).toEqual([
      { assetId: "meta_ads_1001", present: true, detail: "The agency is listed as a partner with its role." },
      {
        assetId: "meta_ads_1002",
        present: false,
        detail: "The agency is no longer listed as a partner of this asset.",
      },
      { assetId: "nope", present: false, detail: "Asset nope was not found." },
    ]);
  });

  it("removes assets 1 and 2, refuses unknown ones, and fails whole in fail mode or with a foreign token", async () => {
    expect(
      (await connector.removeAccess!(input(["meta_ads_1001", "meta_ads_1002", "x"]))).map((r) => [
        r.assetId,
        r.removed,
      ]),
    ).toEqual([
      ["meta_ads_1001", true],
      ["meta_ads_1002", true],
      ["x", false],
    ]);
    await expect(connector.removeAccess!(input(["meta_ads_1001"], "sandbox-token:meta:fail"))).rejects.toMatchObject({
      kind: "platform_error",
    });
    await expect(connector.verifyAccess!(input(["meta_ads_1001"], sandboxAgencyToken("google")))).rejects.toMatchObject(
      { kind: "invalid_state" },
    );
  });
});

describe("getConnector", () => {
  it("returns the sandbox for any platform when sandbox platforms are enabled", async () => {
    for (const platform of PLATFORMS) {
      const connector = getConnector(platform, sandboxOn);
      expect(connector.platform).toBe(platform);
      expect(
        connector.beginSignIn({ state: "s", redirectUri: "/cb", serviceIds: [], codeVerifier: "v" }).authorizationUrl,
      ).toContain("/sandbox/consent?");
      expect(isPlatformAvailable(platform, sandboxOn)).toBe(true);
    }
  });

  it("throws server_error naming the platform when nothing real is configured", () => {
    let caught: unknown;
    try {
      getConnector("meta", sandboxOff);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConnectorError);
    expect((caught as ConnectorError).kind).toBe("server_error");
    expect((caught as ConnectorError).message).toBe("Platform meta is not configured");
    expect(isPlatformAvailable("meta", sandboxOff)).toBe(false);
  });

  it("keeps the sandbox only for the listed platforms", () => {
    const listed = { env: { ...baseEnv, sandboxPlatformList: ["google"] } };
    expect(platformMode("google", listed.env)).toBe("sandbox");
    expect(platformMode("meta", listed.env)).toBe("unconfigured");
    expect(getConnector("google", listed).platform).toBe("google");
    expect(isPlatformAvailable("meta", listed)).toBe(false);
  });

  it("does not treat inherited object keys as registered platforms", () => {
    expect(() => getConnector("constructor", sandboxOff)).toThrow("Platform constructor is not configured");
  });
});
