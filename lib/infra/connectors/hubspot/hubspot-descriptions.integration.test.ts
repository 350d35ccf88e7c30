// Every request the HubSpot connector sends, checked against HubSpot's official Node.js SDK
// (HubSpot/hubspot-api-nodejs, generated from HubSpot's OpenAPI documents: the request
// factories and models of codegen/settings/users and codegen/oauth, kept in
// test/fixtures/platform-descriptions/hubspot-api-nodejs-sdk.json): the token exchange, the
// token introspection, the roles, the user read, the raise (a PublicUserUpdate), the create (a UserProvisionRequest: email required,
// nothing outside its fields), the removal, on every path the grant takes; and the description
// catching a body HubSpot's model does not have.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createHubSpotConnector } from "@/lib/infra/connectors/hubspot/hubspot-connector";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import {
  HUBSPOT_DESCRIPTION,
  HUBSPOT_FAKE,
  startHubSpotFake,
  type HubSpotFake,
} from "@/test/support/fakes/hubspot-fake";
import { describedCallErrors } from "@/test/support/platform-description";

const REDIRECT = "http://localhost:3999/api/access/callback";
const HUB = HUBSPOT_FAKE.portal.hubId;
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: null,
  email: HUBSPOT_FAKE.agencyEmail,
  businessId: null,
};

let fake: HubSpotFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startHubSpotFake({ redirectUris: [REDIRECT] });
  connector = createHubSpotConnector(
    { clientId: HUBSPOT_FAKE.clientId, clientSecret: HUBSPOT_FAKE.clientSecret },
    createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 }),
  );
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const onApi = { only: (c: { host: string }) => c.host === "api.hubapi.com" };
const grant = (accessToken: string, role: string) =>
  connector.grantAccess({
    accessToken,
    serviceId: "hubspot_portal",
    assetIds: [HUB],
    role,
    agencyAccount: agency,
  });

describe("HubSpot requests against HubSpot's official SDK", () => {
  it("sign-in, the portal, every grant path, the read-back and removal send only what the SDK describes", async () => {
    const token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["hubspot_portal"] });
    await connector.listAssets({ accessToken: token, serviceId: "hubspot_portal" });
    // a new user with a portal role, then the one already there
    expect((await grant(token, "standard")).results[0]).toMatchObject({ ok: true, verified: true });
    expect((await grant(token, "view_only")).results[0]).toMatchObject({ ok: true, alreadyGranted: true });
    // a weaker user raised to Standard
    fake.users.clear();
    fake.addUser({ email: HUBSPOT_FAKE.agencyEmail, roleIds: ["102"] });
    expect((await grant(token, "standard")).results[0]).toMatchObject({ ok: true, verified: true });
    // a free portal without roles: a user with no roleId
    fake.users.clear();
    fake.switches.roles = [];
    expect((await grant(token, "view_only")).results[0]).toMatchObject({ ok: true, verified: true });
    await connector.removeAccess!({
      accessToken: token,
      serviceId: "hubspot_portal",
      assetIds: [HUB],
      agencyAccount: agency,
    });

    const { checked, errors } = describedCallErrors(HUBSPOT_DESCRIPTION, fake.calls, onApi);
    expect(errors).toEqual([]);
    expect([...checked].sort()).toEqual(
      [
        "POST /oauth/v1/token",
        "POST /oauth/v3/token/introspect",
        "PUT /settings/v3/users/{userId}",
        "GET /settings/v3/users/roles",
        "POST /settings/v3/users/",
        "GET /settings/v3/users/{userId}",
        "DELETE /settings/v3/users/{userId}",
      ].sort(),
    );
    const creates = fake.calls.filter((c) => c.method === "POST" && c.path === "/settings/v3/users/");
    expect(creates.map((c) => c.body)).toEqual([
      { email: HUBSPOT_FAKE.agencyEmail, roleId: "101", sendWelcomeEmail: true },
      { email: HUBSPOT_FAKE.agencyEmail, sendWelcomeEmail: true },
    ]);
  });

  it("the description, and the fake with it, refuse what UserProvisionRequest does not have", async () => {
    const call = (path: string, body: unknown) => ({
      host: "api.hubapi.com",
      method: "POST",
      path,
      query: {},
      headers: {},
      body,
    });
    const errorsOf = (c: ReturnType<typeof call>) => describedCallErrors(HUBSPOT_DESCRIPTION, [c]).errors;
    expect(errorsOf(call("/settings/v3/users/", { email: "a@b.test", superAdmin: true }))).toEqual([
      "POST /settings/v3/users/: body.superAdmin: not in the description",
    ]);
    expect(errorsOf(call("/settings/v3/users/", { roleId: 101, sendWelcomeEmail: "yes" }))).toEqual([
      "POST /settings/v3/users/: body.email: required",
      "POST /settings/v3/users/: body.roleId: expected string, got integer",
      "POST /settings/v3/users/: body.sendWelcomeEmail: expected boolean, got string",
    ]);
    // the SDK posts to the collection with its trailing slash
    expect(errorsOf(call("/settings/v3/users", { email: "a@b.test" }))).toEqual([
      "POST /settings/v3/users: not an operation of the description",
    ]);

    const token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["hubspot_portal"] });
    const refused = await fetch(`${fake.hosts["api.hubapi.com"]}/settings/v3/users/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: HUBSPOT_FAKE.agencyEmail, superAdmin: true }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ status: "error", category: "VALIDATION_ERROR" });
    expect(fake.users.size).toBe(0);
  });
});
