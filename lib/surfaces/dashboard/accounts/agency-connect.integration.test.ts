// The dashboard's "Connect account" sign-in for Meta against the contract fake (real HTTP to
// the fake, real database): the Login dialog with the agency scopes, the single-use
// session bound to the agency and user, the Business Manager picker, and the saved account
// with the agency's token sealed at rest.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { getDb } from "@/lib/infra/db/db";
import { decryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import {
  finishAgencyConnect,
  listAgencyConnectChoices,
  saveAgencyConnect,
  startAgencyConnect,
} from "@/lib/surfaces/dashboard/accounts/agency-connect";
import { META_FAKE_APP, hostOverrides, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";

let fake: MetaFake;
let connector: PlatformConnector;
let user: { agencyId: string; userId: string };

beforeAll(async () => {
  fake = await startMetaFake();
  const overrides = parseHostOverrides(hostOverrides(fake.hosts));
  const e = {
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    sandboxPlatformList: [],
    platformHostOverrides: overrides,
  } as unknown as ConnectorEnv;
  connector = getConnector("meta", { env: e, http: createConnectorHttp({ overrides }) });
  user = { agencyId: (await createAgency({ name: "Connect Agency", plan: "agency" })).id, userId: crypto.randomUUID() };
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.reset();
  fake.switches.loginAs = "agency";
});

/** Start, then follow the fake's dialog: the callback's query. */
async function consent(): Promise<URLSearchParams> {
  const { authorizationUrl } = await startAgencyConnect({ user, platform: "meta", connector });
  const url = new URL(authorizationUrl);
  expect(url.origin).toBe(fake.hosts["www.facebook.com"]);
  expect(url.searchParams.get("scope")).toBe("business_management,email,ads_read,pages_show_list,catalog_management");
  expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3999/api/dashboard/accounts/connect/callback");
  const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
  return back.searchParams;
}

describe("agency-side Meta connection", () => {
  it("signs in, lists the Business Managers, saves the picked one with the token sealed", async () => {
    const q = await consent();
    const out = await finishAgencyConnect({ user, state: q.get("state"), code: q.get("code"), error: null, connector });
    expect(out.kind).toBe("pick");
    const sessionId = (out as { sessionId: string }).sessionId;

    const db = await getDb();
    // the code's short-lived token was exchanged for the long-lived one, which is kept
    const [short, raw] = fake.issuedTokens();
    expect(raw).not.toBe(short);
    expect(
      fake.calls.some((c) => c.path.endsWith("/oauth/access_token") && c.query.grant_type === "fb_exchange_token"),
    ).toBe(true);
    const session = await db.accountConnectSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session.accessToken).not.toContain(raw!);
    expect(decryptText(session.accessToken!, loadSecrets().encryptionKey)).toBe(raw);
    expect(session.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600_000);

    const { platform, choices } = await listAgencyConnectChoices({ user, sessionId, connector });
    expect(platform).toBe("meta");
    expect(choices.map((c) => [c.businessId, c.businessName, c.email])).toEqual([
      ["770000000001", "Agency Main BM", "ops@agency.test"],
      ["770000000002", "Agency Second BM", "ops@agency.test"],
    ]);

    // Another user of the agency cannot use this sign-in.
    await expect(
      listAgencyConnectChoices({ user: { ...user, userId: crypto.randomUUID() }, sessionId, connector }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const account = await saveAgencyConnect({ user, sessionId, choice: choices[1]!.key, connector });
    expect(account).toMatchObject({
      platform: "meta",
      email: "ops@agency.test",
      platformAccountId: "20002",
      business: { id: "770000000002", name: "Agency Second BM" },
    });
    expect(JSON.stringify(account)).not.toContain(raw!);
    const row = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    expect(row.accessToken).not.toContain(raw!);
    expect(decryptText(row.accessToken!, loadSecrets().encryptionKey)).toBe(raw);
    expect((await db.accountConnectSession.findUniqueOrThrow({ where: { id: sessionId } })).accessToken).toBeNull();

    // One save per sign-in.
    await expect(saveAgencyConnect({ user, sessionId, choice: choices[0]!.key, connector })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses a replayed callback, another user's callback, a forged state and an unknown choice", async () => {
    const q = await consent();
    const other = await finishAgencyConnect({
      user: { ...user, userId: crypto.randomUUID() },
      state: q.get("state"),
      code: q.get("code"),
      error: null,
      connector,
    });
    expect(other).toEqual({ kind: "error", reason: "expired" });
    const first = await finishAgencyConnect({
      user,
      state: q.get("state"),
      code: q.get("code"),
      error: null,
      connector,
    });
    expect(first.kind).toBe("pick");
    expect(
      await finishAgencyConnect({ user, state: q.get("state"), code: q.get("code"), error: null, connector }),
    ).toEqual({ kind: "error", reason: "expired" });
    expect(
      await finishAgencyConnect({ user, state: `${q.get("state")}x`, code: q.get("code"), error: null, connector }),
    ).toEqual({ kind: "error", reason: "failed" });
    await expect(
      saveAgencyConnect({ user, sessionId: (first as { sessionId: string }).sessionId, choice: "nope|1", connector }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("a Deny on the consent screen comes back as denied", async () => {
    fake.switches.denyConsent = true;
    const q = await consent();
    expect(
      await finishAgencyConnect({ user, state: q.get("state"), code: q.get("code"), error: q.get("error"), connector }),
    ).toEqual({ kind: "error", reason: "denied" });
  });
});
