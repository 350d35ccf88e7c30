// Offboarding through the real Google connector against its contract fake, on a real
// database: "Remove our access" ends the Ads manager link with the agency's own token
// (Google lets the manager leave), leaves Analytics to the client's removal link, and the
// client's token then deletes the Analytics access binding. Each removal records removedAt
// and removedBy on the service and one `access.removed` with the method used.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { removeAccessWithClientToken } from "@/lib/core/access-checks/remove-access-with-client-token";
import type { ConnectorFor } from "@/lib/core/access-checks/check-access";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { scopesFor } from "@/lib/infra/connectors/google/google-api";
import { getDb } from "@/lib/infra/db/db";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { eventsOf } from "@/test/support/access-fixtures";
import { GOOGLE_FAKE, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";

let fake: GoogleFake;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startGoogleFake();
  const env = {
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  const google = getConnector("google", {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
  connectorFor = (platform) => (platform === "google" ? google : null);
});
afterAll(async () => fake?.close());

describe("offboarding through the Google connector", () => {
  it("the manager leaves with the agency's token; Analytics is removed with the client's", async () => {
    const agencyRow = await createAgency({ name: "Google Offboarding Agency", plan: "agency" });
    const agencyToken = fake.issueToken(GOOGLE_FAKE.agencyEmail, scopesFor(["google_ads_mcc"]));
    const account = await connectAccount({
      agencyId: agencyRow.id,
      platform: "google",
      email: GOOGLE_FAKE.agencyEmail,
      platformAccountId: GOOGLE_FAKE.managerId,
      accessToken: agencyToken,
    });
    const agency = { agencyId: agencyRow.id, accounts: { google: account.internalAccountId } };
    const client = await createClient({
      agencyId: agency.agencyId,
      input: ZCreateClientBody.parse({ name: "Ana Client", email: "ana@client.test" }),
    });
    const link = { internalAccountId: agency.accounts.google };
    const request = await createRequest({
      agencyId: agency.agencyId,
      source: "api",
      input: ZCreateRequestBody.parse({
        clientId: client.id,
        requestedServices: {
          google_ads_mcc: { requestedAccountLinks: [{ ...link, adsMccAccountId: GOOGLE_FAKE.managerId }] },
          google_analytics: { accessLevel: "viewer", requestedAccountLinks: [link] },
        },
      }),
    });
    const requestId = request.id;
    const clientId = client.id;

    // what the grants left on Google: an active manager link and an access binding
    const clientToken = fake.issueToken(GOOGLE_FAKE.clientEmail, scopesFor(["google_ads_mcc", "google_analytics"]));
    const google = connectorFor("google")!;
    const mcc = {
      internalAccountId: account.internalAccountId,
      platformAccountId: GOOGLE_FAKE.managerId,
      email: GOOGLE_FAKE.agencyEmail,
      businessId: null,
      agencyAccessToken: agencyToken,
    };
    expect(
      (
        await google.grantAccess({
          accessToken: clientToken,
          serviceId: "google_ads_mcc",
          assetIds: ["4440001111"],
          role: null,
          agencyAccount: mcc,
        })
      ).results[0]!.ok,
    ).toBe(true);
    expect(
      (
        await google.grantAccess({
          accessToken: clientToken,
          serviceId: "google_analytics",
          assetIds: ["properties/1001"],
          role: "viewer",
          agencyAccount: mcc,
        })
      ).results[0]!.ok,
    ).toBe(true);
    for (const [serviceId, id] of [
      ["google_ads_mcc", "4440001111"],
      ["google_analytics", "properties/1001"],
    ] as const) {
      await applyRequestAction({
        agencyId: agency.agencyId,
        requestId,
        action: { kind: "grant", serviceId },
        grantedAssets: [{ id, name: `Asset ${id}`, accessLevel: null }],
      });
    }

    const outcome = await removeClientAccess({
      agencyId: agency.agencyId,
      clientId,
      removedBy: "owner@agency.test",
      connectorFor,
    });
    expect(outcome.removed).toEqual([{ requestId, serviceId: "google_ads_mcc", assetId: "4440001111" }]);
    expect(outcome.failed).toEqual([]);
    expect(outcome.checklist.map((c) => [c.serviceId, c.clientConsent])).toEqual([["google_analytics", true]]);
    const linkEnd = fake.calls.find(
      (c) => c.path.endsWith("customerClientLinks:mutate") && JSON.stringify(c.body).includes("INACTIVE"),
    )!;
    expect(linkEnd.headers).toMatchObject({
      authorization: `Bearer ${agencyToken}`,
      "login-customer-id": GOOGLE_FAKE.managerId,
    });

    const withClient = await removeAccessWithClientToken({
      agencyId: agency.agencyId,
      clientId,
      platform: "google",
      clientToken,
      removedBy: "client:ana@client.test",
      connectorFor,
    });
    expect(withClient).toMatchObject({
      removed: [{ requestId, serviceId: "google_analytics", assetId: "properties/1001" }],
      failed: [],
    });
    expect(withClient.receipt?.code).toMatch(/^[0-9A-Z-]{24}$/);
    expect(
      fake.calls.some((c) => c.method === "DELETE" && c.path.startsWith("/v1alpha/properties/1001/accessBindings/")),
    ).toBe(true);

    const db = await getDb();
    const services = await db.requestService.findMany({ where: { requestId }, orderBy: { serviceId: "asc" } });
    expect(services.map((s) => [s.serviceId, s.accessRemovedBy])).toEqual([
      ["google_ads_mcc", "owner@agency.test"],
      ["google_analytics", "client:ana@client.test"],
    ]);
    expect(services.every((s) => s.accessRemovedAt)).toBe(true);
    const removed = (await eventsOf(requestId)).filter((e) => e.type === "access.removed");
    expect(removed.map((e) => (e.data.assets as { method: string }[])[0]!.method)).toEqual([
      "agency_token",
      "client_token",
    ]);

    // nothing left: a second run calls nothing
    const before = fake.calls.length;
    expect(
      await removeClientAccess({ agencyId: agency.agencyId, clientId, removedBy: "owner@agency.test", connectorFor }),
    ).toEqual({ removed: [], failed: [], checklist: [], receipt: null });
    expect(fake.calls.length).toBe(before);
  });
});
