// Every request the Microsoft Advertising connector sends, checked against Microsoft's
// official REST SDK definitions (BingAds/BingAds-PHP-REST-SDK, generated from the service's
// OpenAPI description; test/fixtures/platform-descriptions/microsoft-advertising-rest-sdk.json),
// and a grant that never weakens the agency's access: for every (pending invitation's
// role, asked role) pair, the agency's invitations afterwards include both.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createMicrosoftConnector } from "@/lib/infra/connectors/microsoft/microsoft-connector";
import { MICROSOFT_ROLE_IDS, MICROSOFT_ROLE_ORDER } from "@/lib/infra/connectors/microsoft/microsoft-roles";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import { MICROSOFT_FAKE, startMicrosoftFake, type MicrosoftFake } from "@/test/support/fakes/microsoft-fake";
import { describedCallErrors, loadDescription } from "@/test/support/platform-description";

const REDIRECT = "http://localhost:3999/api/access/callback";
const ACC1 = MICROSOFT_FAKE.customers[0]!.accounts[0]![0];
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: null,
  email: MICROSOFT_FAKE.agencyEmail,
  businessId: null,
};
const SDK = loadDescription("microsoft-advertising-rest-sdk.json");

let fake: MicrosoftFake;
let connector: PlatformConnector;
let token: string;

beforeAll(async () => {
  fake = await startMicrosoftFake({ redirectUris: [REDIRECT] });
  connector = createMicrosoftConnector(
    {
      clientId: MICROSOFT_FAKE.clientId,
      clientSecret: MICROSOFT_FAKE.clientSecret,
      developerToken: MICROSOFT_FAKE.developerToken,
    },
    createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 }),
  );
});
afterAll(async () => fake?.close());
beforeEach(async () => {
  fake.reset();
  token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["microsoft_ads"] });
});

const grant = (role: string) =>
  connector.grantAccess({
    accessToken: token,
    serviceId: "microsoft_ads",
    assetIds: [ACC1],
    role,
    agencyAccount: agency,
  });

describe("Microsoft Advertising requests against Microsoft's REST SDK", () => {
  it("listing, every role's invitation and read-back send only what the SDK describes (int64 values as strings)", async () => {
    await connector.listAssets({ accessToken: token, serviceId: "microsoft_ads" });
    for (const role of Object.keys(MICROSOFT_ROLE_IDS)) {
      fake.invitations.length = 0;
      await grant(role);
    }
    await connector.verifyAccess!({
      accessToken: token,
      serviceId: "microsoft_ads",
      assetIds: [ACC1],
      agencyAccount: agency,
    });
    const { checked, errors } = describedCallErrors(SDK, fake.calls, {
      only: (c) => c.path.startsWith("/CustomerManagement/"),
    });
    expect(errors).toEqual([]);
    expect([...checked].sort()).toEqual([
      "POST /CustomerManagement/v13/AccountsInfo/Query",
      "POST /CustomerManagement/v13/User/Query",
      "POST /CustomerManagement/v13/UserInvitation/Send",
      "POST /CustomerManagement/v13/UserInvitations/Search",
    ]);
  });

  it("the description catches an int64 sent as a JSON number and an unknown Lcid", () => {
    const call = {
      host: "clientcenter.api.bingads.microsoft.com",
      method: "POST",
      path: "/CustomerManagement/v13/UserInvitation/Send",
      query: {},
      headers: { authorization: "Bearer t", developertoken: "d" },
      body: { UserInvitation: { Email: "a@b.test", CustomerId: 123, RoleId: 16, AccountIds: [456], Lcid: "English" } },
    };
    expect(describedCallErrors(SDK, [call]).errors).toEqual([
      "POST /CustomerManagement/v13/UserInvitation/Send: body.UserInvitation.CustomerId: expected string, got integer",
      "POST /CustomerManagement/v13/UserInvitation/Send: body.UserInvitation.AccountIds[0]: expected string, got integer",
      expect.stringContaining('body.UserInvitation.Lcid: "English" is not one of') as string,
    ]);
  });
});

describe("Microsoft Advertising: a grant never weakens the agency's access", () => {
  it("for every pending invitation's role and asked role, the invitations afterwards include both", async () => {
    for (const held of Object.values(MICROSOFT_ROLE_IDS)) {
      for (const [role, asked] of Object.entries(MICROSOFT_ROLE_IDS)) {
        fake.reset();
        token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["microsoft_ads"] });
        fake.alreadyInvited(ACC1, held);
        const { results } = await grant(role);
        const after = fake.invitations.filter((i) => i.AccountIds.includes(ACC1)).map((i) => String(i.RoleId));
        const pair = `${held} then ${asked}`;
        expect(results[0]?.ok, pair).toBe(true);
        expect(
          anyIncludes(MICROSOFT_ROLE_ORDER, after, String(held)) &&
            anyIncludes(MICROSOFT_ROLE_ORDER, after, String(asked)),
          `${pair}: now ${after.join(",")}`,
        ).toBe(true);
        const sent = fake.calls.filter((c) => c.path.endsWith("/UserInvitation/Send")).length;
        expect(sent, pair).toBe(roleIncludes(MICROSOFT_ROLE_ORDER, String(held), String(asked)) ? 0 : 1);
      }
    }
  });
});
