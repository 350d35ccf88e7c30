// Google offboarding over real HTTP against the contract fake: each documented removal call
// (Analytics access binding delete, Tag Manager user permission update or delete, Merchant
// Center user delete, the manager ending its Ads link with the agency's own token), the
// read-back no longer finding the access, other users left alone, and the services without
// a documented call left to the checklist without a call.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { scopesFor } from "@/lib/infra/connectors/google/google-api";
import { GOOGLE_FAKE, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";

let fake: GoogleFake;
let google: PlatformConnector;

beforeAll(async () => {
  fake = await startGoogleFake();
  const env = {
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  google = getConnector("google", {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const agency: AgencyAccountRef = {
  internalAccountId: "acc_1",
  platformAccountId: null,
  email: GOOGLE_FAKE.agencyEmail,
  businessId: null,
};
const clientToken = (services: string[]) => fake.issueToken(GOOGLE_FAKE.clientEmail, scopesFor(services));
const grant = (serviceId: string, assetIds: string[], role: string | null, account: AgencyAccountRef = agency) =>
  google.grantAccess({ accessToken: clientToken([serviceId]), serviceId, assetIds, role, agencyAccount: account });
const remove = (
  serviceId: string,
  assetIds: string[],
  token = clientToken([serviceId]),
  account: AgencyAccountRef = agency,
) => google.removeAccess!({ accessToken: token, serviceId, assetIds, agencyAccount: account });
const changes = () => fake.calls.filter((c) => c.method !== "GET" && !c.path.endsWith(":search"));

describe("Google removal", () => {
  it("says whose token each service needs", () => {
    expect(
      [
        "google_analytics",
        "google_tag_manager",
        "google_merchant_center",
        "google_ads_mcc",
        "google_ads",
        "google_search_console",
      ].map((s) => google.removalToken!(s)),
    ).toEqual(["client", "client", "client", "agency", null, null]);
  });

  it("Analytics: deletes the agency's access binding and reads it back as gone", async () => {
    await grant("google_analytics", ["properties/1001"], "editor");
    fake.calls.length = 0;
    expect(await remove("google_analytics", ["properties/1001", "properties/1002"])).toEqual([
      { assetId: "properties/1001", removed: true, detail: null },
      { assetId: "properties/1002", removed: true, detail: null },
    ]);
    expect(changes()).toHaveLength(1);
    expect(changes()[0]).toMatchObject({
      method: "DELETE",
      path: expect.stringMatching(/^\/v1alpha\/properties\/1001\/accessBindings\/\d+$/),
    });
    const read = await google.verifyAccess!({
      accessToken: clientToken(["google_analytics"]),
      serviceId: "google_analytics",
      assetIds: ["properties/1001"],
      agencyAccount: agency,
    });
    expect(read[0]!.present).toBe(false);
  });

  it("Tag Manager: drops one container with an update, deletes the permission with the last one", async () => {
    await grant("google_tag_manager", ["accounts/2001/containers/3001", "accounts/2001/containers/3002"], "publish");
    fake.calls.length = 0;
    expect((await remove("google_tag_manager", ["accounts/2001/containers/3001"]))[0]!.removed).toBe(true);
    expect(changes()[0]).toMatchObject({
      method: "PUT",
      path: expect.stringMatching(/^\/tagmanager\/v2\/accounts\/2001\/user_permissions\/\d+$/),
    });
    expect(
      (changes()[0]!.body as { containerAccess: { containerId: string }[] }).containerAccess.map((c) => c.containerId),
    ).toEqual(["3002"]);
    const still = await google.verifyAccess!({
      accessToken: clientToken(["google_tag_manager"]),
      serviceId: "google_tag_manager",
      assetIds: ["accounts/2001/containers/3002"],
      agencyAccount: agency,
    });
    expect(still[0]!.present).toBe(true);

    fake.calls.length = 0;
    expect((await remove("google_tag_manager", ["accounts/2001/containers/3002"]))[0]!.removed).toBe(true);
    expect(changes()[0]!.method).toBe("DELETE");
  });

  it("Merchant Center: deletes the user named by the agency's email; a refusal is reported", async () => {
    await grant("google_merchant_center", ["accounts/5001", "accounts/5002"], "standard");
    fake.switches.refuse = ["accounts/5002"];
    const out = await remove("google_merchant_center", ["accounts/5001", "accounts/5002"]);
    expect(out[0]).toEqual({ assetId: "accounts/5001", removed: true, detail: null });
    expect(out[1]).toMatchObject({ assetId: "accounts/5002", removed: false });
    expect(out[1]!.detail).toContain("admin access");
    expect(changes().find((c) => c.method === "DELETE")!.path).toBe(
      `/accounts/v1/accounts/5001/users/${encodeURIComponent(GOOGLE_FAKE.agencyEmail)}`,
    );
  });

  it("Ads manager link: the manager sets its link INACTIVE with the agency's own token", async () => {
    const agencyToken = fake.issueToken(GOOGLE_FAKE.agencyEmail, scopesFor(["google_ads_mcc"]));
    const mcc = { ...agency, agencyAccessToken: agencyToken, linkFields: { adsMccAccountId: GOOGLE_FAKE.managerId } };
    expect((await grant("google_ads_mcc", ["4440001111"], null, mcc)).results[0]!.ok).toBe(true);
    fake.calls.length = 0;
    expect(await remove("google_ads_mcc", ["4440001111"], agencyToken, mcc)).toEqual([
      { assetId: "4440001111", removed: true, detail: null },
    ]);
    expect(changes()[0]).toMatchObject({
      path: `/v26/customers/${GOOGLE_FAKE.managerId}/customerClientLinks:mutate`,
      headers: { authorization: `Bearer ${agencyToken}`, "login-customer-id": GOOGLE_FAKE.managerId },
      body: { operation: { update: { status: "INACTIVE" }, updateMask: "status" } },
    });
    // the client's side reads the link as gone too
    const read = await google.verifyAccess!({
      accessToken: clientToken(["google_ads_mcc"]),
      serviceId: "google_ads_mcc",
      assetIds: ["4440001111"],
      agencyAccount: mcc,
    });
    expect(read[0]).toMatchObject({ present: false, detail: "INACTIVE" });
  });

  it("Search Console and Ads user access are left to the checklist without a call", async () => {
    const out = await remove("google_ads", ["4440001111"]);
    expect(out[0]!.removed).toBe(false);
    expect(changes()).toHaveLength(0);
  });
});
