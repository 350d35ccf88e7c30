// A new installation's first steps on a real database: the first user runs the instance
// (and INSTANCE_ADMIN_EMAILS or the admin CLI add others, an agency Owner is not one), the
// first-run checklist ticks itself from the agency's data and can be dismissed, and the
// access-check schedule flags an agency token that expired or was revoked for "Reconnect".
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runScheduledAccessChecks } from "@/lib/core/access-checks/check-access";
import { accountsNeedingReconnect, checkAgencyTokens } from "@/lib/core/accounts/check-agency-tokens";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { isInstanceAdmin, makeInstanceAdmin, requireInstanceAdmin } from "@/lib/core/instance/instance-admin";
import { createUser } from "@/lib/core/users/create-user";
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { dismissFirstRunChecklist, getFirstRunChecklist } from "@/lib/surfaces/dashboard/home/get-first-run-checklist";
import { hostOverrides, META_FAKE_APP, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";

const PASSWORD = "going-live-Secret1";

afterEach(() => {
  for (const k of [
    "INSTANCE_ADMIN_EMAILS",
    "SANDBOX_PLATFORMS",
    "META_APP_ID",
    "META_APP_SECRET",
    "PLATFORM_HOST_OVERRIDES",
  ])
    delete process.env[k];
  resetEnvCache();
});

describe("instance administrators", () => {
  it("the first user of a fresh installation is one; a later agency Owner is not, until granted", async () => {
    const first = await createUser({
      agencyId: (await createAgency({ name: "Operator" })).id,
      email: "operator@example.com",
      password: PASSWORD,
    });
    const owner = await createUser({
      agencyId: (await createAgency({ name: "Other Agency" })).id,
      email: "owner@example.com",
      password: PASSWORD,
    });
    expect(await isInstanceAdmin(first.id)).toBe(true);
    expect(await isInstanceAdmin(owner.id)).toBe(false);
    await expect(requireInstanceAdmin(owner.id)).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });

    process.env.INSTANCE_ADMIN_EMAILS = " Someone@else.test , OWNER@example.com";
    resetEnvCache();
    expect(await isInstanceAdmin(owner.id)).toBe(true);
    delete process.env.INSTANCE_ADMIN_EMAILS;
    resetEnvCache();
    expect(await isInstanceAdmin(owner.id)).toBe(false);

    expect(await makeInstanceAdmin({ email: "Owner@Example.com" })).toEqual({
      email: "owner@example.com",
      instanceAdmin: true,
    });
    expect(await isInstanceAdmin(owner.id)).toBe(true);
    await makeInstanceAdmin({ email: "owner@example.com", on: false });
    expect(await isInstanceAdmin(owner.id)).toBe(false);
    await expect(makeInstanceAdmin({ email: "nobody@example.com" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("first-run checklist", () => {
  it("ticks each item from the agency's data, and stays hidden once dismissed", async () => {
    const agency = await createAgency({ name: "New Agency" });
    const db = await getDb();
    const ids = async () =>
      (await getFirstRunChecklist({ agencyId: agency.id })).items.filter((i) => i.done).map((i) => i.id);
    let list = await getFirstRunChecklist({ agencyId: agency.id });
    expect(list).toMatchObject({ done: 0, show: true });
    expect(list.items.map((i) => [i.id, i.href])).toEqual([
      ["accounts", "/dashboard/accounts"],
      ["intake", "/dashboard/intake"],
      ["branding", "/dashboard/branding"],
      ["first_request", "/dashboard/requests/new"],
      ["team", "/dashboard/team"],
    ]);
    await connectAccount({
      agencyId: agency.id,
      platform: "meta",
      displayName: "Agency BM",
      business: { id: "1", name: "BM" },
    });
    expect(await ids()).toEqual(["accounts"]);
    await db.intakeQuestion.create({ data: { agencyId: agency.id, type: "text", label: "Website?", position: 0 } });
    await db.agency.update({
      where: { id: agency.id },
      data: {
        intakeFormEnabled: true,
        accentColor: "#4f46e5",
        staticLinkServices: { meta_ads: { accessLevel: "standard" } },
      },
    });
    expect(await ids()).toEqual(["accounts", "intake", "branding", "first_request"]);
    await createUser({ agencyId: agency.id, email: "teammate@example.com", password: PASSWORD, role: "member" });
    await createUser({ agencyId: agency.id, email: "boss@example.com", password: PASSWORD });
    list = await getFirstRunChecklist({ agencyId: agency.id });
    expect(list).toMatchObject({ done: 5, show: false });

    const other = await createAgency({ name: "Dismissing Agency" });
    expect((await getFirstRunChecklist({ agencyId: other.id })).show).toBe(true);
    await dismissFirstRunChecklist({ agencyId: other.id });
    expect((await getFirstRunChecklist({ agencyId: other.id })).show).toBe(false);
  });
});

describe("agency tokens on the access-check schedule", () => {
  it("flags an expired token and one the platform refuses, and clears the flag when the token works again", async () => {
    process.env.SANDBOX_PLATFORMS = "0";
    process.env.META_APP_ID = "1234567890";
    process.env.META_APP_SECRET = "meta-app-secret-0123456789";
    resetEnvCache();
    const agency = await createAgency({ name: "Token Agency" });
    const db = await getDb();
    const seal = (t: string) => encryptText(t, loadSecrets().encryptionKey);
    const expired = await connectAccount({
      agencyId: agency.id,
      platform: "google",
      displayName: "Expired",
      email: "a@agency.test",
    });
    const revoked = await connectAccount({
      agencyId: agency.id,
      platform: "meta",
      displayName: "Revoked",
      business: { id: "2", name: "BM" },
    });
    await db.connectedAccount.update({
      where: { internalAccountId: expired.internalAccountId },
      data: { accessToken: seal("g-token"), tokenExpiresAt: new Date(Date.now() - 1000) },
    });
    await db.connectedAccount.update({
      where: { internalAccountId: revoked.internalAccountId },
      data: { accessToken: seal("m-token") },
    });

    let refuse = true;
    const connectorFor = () =>
      ({
        listAgencyIdentities: async () => {
          if (refuse) throw new ConnectorError("reauth", "Sign in again");
          return [];
        },
      }) as unknown as PlatformConnector;
    expect(await checkAgencyTokens({ agencyId: agency.id, connectorFor })).toEqual({ flagged: 2 });
    expect((await accountsNeedingReconnect({ agencyId: agency.id })).sort()).toEqual(
      [expired.internalAccountId, revoked.internalAccountId].sort(),
    );

    refuse = false;
    await checkAgencyTokens({ agencyId: agency.id, connectorFor });
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([expired.internalAccountId]);
  });
});

describe("the worker's access-check task", () => {
  let meta: MetaFake;
  beforeAll(async () => {
    meta = await startMetaFake();
  });
  afterAll(async () => meta?.close());

  /** The agency user's Meta token, from a real sign-in against the fake. */
  async function metaAgencyToken(): Promise<string> {
    const redirectUri = "http://localhost:3999/api/dashboard/accounts/connect/callback";
    const codeVerifier = pkceVerifier("secret", `nonce-${Math.random()}`);
    const connector = getConnector("meta");
    const { authorizationUrl } = connector.beginSignIn({ state: "st", redirectUri, serviceIds: [], codeVerifier });
    const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
    const { accessToken } = await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st",
      redirectUri,
      codeVerifier,
    });
    return accessToken;
  }

  it("flags the agency's expired and revoked platform tokens through the live connector, and leaves a good one", async () => {
    process.env.SANDBOX_PLATFORMS = "0";
    process.env.META_APP_ID = META_FAKE_APP.appId;
    process.env.META_APP_SECRET = META_FAKE_APP.appSecret;
    process.env.PLATFORM_HOST_OVERRIDES = hostOverrides(meta.hosts);
    resetEnvCache();
    meta.switches.loginAs = "agency";
    const agency = await createAgency({ name: "Swept Agency" });
    const good = await connectAccount({
      agencyId: agency.id,
      platform: "meta",
      displayName: "Good",
      business: { id: "770000000001", name: "Agency Main BM" },
      accessToken: await metaAgencyToken(),
    });
    const revoked = await connectAccount({
      agencyId: agency.id,
      platform: "meta",
      displayName: "Revoked",
      business: { id: "770000000002", name: "BM" },
      accessToken: "a-token-meta-never-issued",
    });
    const expired = await connectAccount({
      agencyId: agency.id,
      platform: "google",
      displayName: "Expired",
      email: "g@agency.test",
      accessToken: "g-token",
    });
    const db = await getDb();
    const now = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    await db.connectedAccount.update({
      where: { internalAccountId: expired.internalAccountId },
      data: { tokenExpiresAt: new Date(now.getTime() - 1000) },
    });

    // the worker's task, as the worker runs it (no connector handed in: the installation's own)
    await runScheduledAccessChecks({ now, maxAgencies: 1000 });
    expect((await db.agency.findUniqueOrThrow({ where: { id: agency.id } })).lastAccessCheckAt?.toISOString()).toBe(
      now.toISOString(),
    );
    expect((await accountsNeedingReconnect({ agencyId: agency.id })).sort()).toEqual(
      [revoked.internalAccountId, expired.internalAccountId].sort(),
    );
    expect(
      (await db.connectedAccount.findUniqueOrThrow({ where: { internalAccountId: good.internalAccountId } }))
        .tokenInvalidAt,
    ).toBeNull();
  });
});
