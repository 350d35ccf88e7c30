// Staff sign-in through identity providers (L2), against a real OpenID Connect provider
// (oidc-provider on loopback) and next-auth's own request handler with our options: a
// claimed domain's verified email joins with the chosen role; an unverified email, or one
// with no account and no claimed domain, is refused; an existing account is linked only
// after its password (never silently); "Require single sign-on" refuses a password (an
// Owner with 2FA keeps the break-glass path); a session ends once the provider refuses
// the account, and the Owners are told; the provider's MFA (amr) is recorded; Google and
// Microsoft Entra ID through the same path with their documented claims; Verify with a good
// and a bad issuer, a wrong client secret (the token endpoint tells), the form's own values,
// and an unreachable issuer; prompt=consent beside offline_access (OpenID Connect Core
// section 11, which oidc-provider follows); a domain proved by a DNS TXT record (a stubbed resolver: no test
// resolves a real name); audit entries for each.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import path from "node:path";
import { generate } from "otplib";
import { getDb } from "@/lib/infra/db/db";
import { setLogDestination } from "@/lib/infra/log";
import { resetEnvCache } from "@/lib/infra/env";
import { forgetPlatformSettings } from "@/lib/infra/connectors/platform-settings";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { beginTwoFactorEnrolment, confirmTwoFactorEnrolment } from "@/lib/core/users/two-factor";
import {
  checkDomainTxt,
  claimDomain,
  claimDomainByDns,
  confirmDomain,
  listAgencyDomains,
  setDomainPolicy,
  ZDomainName,
} from "@/lib/core/sso/agency-domains";
import type { TxtResolver } from "@/lib/infra/dns/lookup-txt";
import { saveStaffProvider, verifyStaffProvider, listStaffProviderCards } from "@/lib/core/sso/staff-sso-settings";
import { IDENTITY_DISABLED, sweepStaffIdentities } from "@/lib/core/sso/check-staff-identity";
import { authOptions } from "@/lib/surfaces/dashboard/auth-options";
import { loadStaffProviders } from "@/lib/surfaces/dashboard/staff-sso-providers";
import { startOidcProvider, type OidcTestProvider } from "@/test/support/oidc-test-provider";

const PASSWORD = "correct horse battery staple 42";
const SESSION_COOKIE = "next-auth.session-token";
const APP = "http://localhost:3999";
const REDIRECTS = ["oidc", "google", "microsoft"].map((p) => `${APP}/api/auth/callback/${p}`);
const ENV_KEYS = [
  "SMTP_URL",
  "WEBHOOK_ALLOW_LOOPBACK",
  "SSO_OIDC_ISSUER",
  "SSO_OIDC_CLIENT_ID",
  "SSO_OIDC_CLIENT_SECRET",
  "SSO_GOOGLE_CLIENT_ID",
  "SSO_GOOGLE_CLIENT_SECRET",
  "SSO_GOOGLE_ISSUER",
  "SSO_MICROSOFT_CLIENT_ID",
  "SSO_MICROSOFT_CLIENT_SECRET",
  "SSO_MICROSOFT_ISSUER",
];
let n = 0;
const uniq = () => `${++n}${Date.now().toString(36)}`;

type Jar = Record<string, string>;
type AuthResult = {
  body?: Record<string, unknown>;
  redirect?: string;
  cookies?: { name: string; value: string; options?: { maxAge?: number } }[];
};
const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
  AuthHandler: (p: { req: Record<string, unknown>; options: unknown }) => Promise<AuthResult>;
};

let oidc: OidcTestProvider;
let google: OidcTestProvider;
let microsoft: OidcTestProvider;

function setEnv(values: Record<string, string | undefined>) {
  for (const k of ENV_KEYS) delete process.env[k];
  for (const [k, v] of Object.entries(values)) if (v !== undefined) process.env[k] = v;
  resetEnvCache();
}

function providersEnv() {
  return {
    WEBHOOK_ALLOW_LOOPBACK: "1",
    SSO_OIDC_ISSUER: oidc.issuer,
    SSO_OIDC_CLIENT_ID: oidc.clientId,
    SSO_OIDC_CLIENT_SECRET: oidc.clientSecret,
    SSO_GOOGLE_CLIENT_ID: google.clientId,
    SSO_GOOGLE_CLIENT_SECRET: google.clientSecret,
    SSO_GOOGLE_ISSUER: google.issuer,
    SSO_MICROSOFT_CLIENT_ID: microsoft.clientId,
    SSO_MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
    SSO_MICROSOFT_ISSUER: microsoft.issuer,
  };
}

async function auth(
  action: string,
  jar: Jar,
  opts: { method?: string; body?: Record<string, string>; query?: Record<string, string>; providerId?: string } = {},
): Promise<AuthResult> {
  const res = await AuthHandler({
    req: {
      action,
      method: opts.method ?? "GET",
      body: opts.body,
      query: opts.query ?? {},
      cookies: { ...jar },
      headers: { host: "localhost:3999" },
      providerId: opts.providerId,
    },
    options: authOptions({ staffProviders: await loadStaffProviders(), address: "203.0.113.7" }),
  });
  for (const c of res.cookies ?? []) {
    if (c.value === "" || c.options?.maxAge === 0) delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return res;
}

const csrf = async (jar: Jar) => String((await auth("csrf", jar)).body!.csrfToken);

/** A whole provider sign-in: next-auth's redirect, the provider, and the callback. */
async function providerSignIn(provider: OidcTestProvider, providerId: string, accountId: string) {
  const jar: Jar = {};
  provider.signInAs(accountId);
  const start = await auth("signin", jar, {
    method: "POST",
    providerId,
    body: { csrfToken: await csrf(jar), callbackUrl: "/dashboard" },
  });
  expect(start.redirect).toContain(provider.issuer);
  const back = await provider.authorize(start.redirect!);
  expect(back.pathname).toBe(`/api/auth/callback/${providerId}`);
  const done = await auth("callback", jar, {
    providerId,
    query: Object.fromEntries(back.searchParams),
  });
  return { jar, redirect: done.redirect ?? "" };
}

async function passwordSignIn(email: string, extra: Record<string, string> = {}) {
  const jar: Jar = {};
  const res = await auth("callback", jar, {
    method: "POST",
    providerId: "credentials",
    body: { csrfToken: await csrf(jar), email, password: PASSWORD, ...extra },
  });
  return { jar, redirect: res.redirect ?? "" };
}

const sessionOf = async (jar: Jar) =>
  (await auth("session", { [SESSION_COOKIE]: jar[SESSION_COOKIE] ?? "" })).body?.userId as string | undefined;

async function agencyWithDomain(opts: { role?: "viewer" | "member" | "manager"; requireSso?: boolean } = {}) {
  const domain = `agency-${uniq()}.com`;
  const agency = await createAgency({ name: "SSO Co" });
  const owner = await createUser({ agencyId: agency.id, email: `owner@${domain}`, password: PASSWORD });
  const actor = { userId: owner.id, email: owner.email };
  const record = (await claimDomainByDns({ agencyId: agency.id, actor, input: { domain } })).txtRecord!;
  await checkDomainTxt({
    agencyId: agency.id,
    actor,
    input: { domain },
    resolveTxt: async (name) => {
      if (name !== record.name) throw Object.assign(new Error(name), { code: "ENOTFOUND" });
      return [[record.value]];
    },
  });
  if (opts.role || opts.requireSso)
    await setDomainPolicy({
      agencyId: agency.id,
      actor,
      input: { domain, joinRole: opts.role, requireSso: opts.requireSso },
    });
  return { agencyId: agency.id, domain, owner };
}

const auditActions = async (agencyId: string) =>
  (await (await getDb()).auditEntry.findMany({ where: { agencyId }, orderBy: { createdAt: "asc" } })).map(
    (a) => a.action,
  );

beforeAll(async () => {
  // next-auth builds the redirect_uri from it (boot sets it from APP_URL in the app)
  process.env.NEXTAUTH_URL = APP;
  oidc = await startOidcProvider({ redirectUris: REDIRECTS });
  google = await startOidcProvider({ redirectUris: REDIRECTS, extraClaims: ["hd"], refreshTokens: "always" });
  microsoft = await startOidcProvider({
    redirectUris: REDIRECTS,
    extraClaims: ["xms_edov", "tid"],
    refreshTokens: "always",
  });
});
afterAll(async () => {
  setEnv({});
  forgetPlatformSettings();
  await Promise.all([oidc?.close(), google?.close(), microsoft?.close()]);
});
beforeEach(() => setEnv(providersEnv()));

describe("sign-in through an OpenID Connect provider", () => {
  it("joins a claimed domain's verified email with the role the Owner chose, and records it", async () => {
    const { agencyId, domain } = await agencyWithDomain({ role: "member" });
    const sub = `alice-${uniq()}`;
    oidc.accounts.set(sub, {
      claims: { email: `alice@${domain}`, email_verified: true, name: "Alice" },
    });
    const { jar, redirect } = await providerSignIn(oidc, "oidc", sub);
    expect(redirect).toBe(`${APP}/dashboard`);
    const userId = await sessionOf(jar);
    expect(userId).toBeTruthy();
    const db = await getDb();
    const member = await db.membership.findFirstOrThrow({ where: { agencyId, userId } });
    expect(member.role).toBe("member");
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.email).toBe(`alice@${domain}`);
    expect(user.emailVerifiedAt).not.toBeNull();
    const entries = await db.auditEntry.findMany({ where: { agencyId, actorUserId: userId } });
    expect(entries.map((e) => e.action).sort()).toEqual(["member.joined_by_domain", "user.signed_in"]);
    // the provider's own MFA is recorded as it says it (this provider sends no amr: unknown)
    expect(entries.find((e) => e.action === "user.signed_in")!.changes).toEqual({
      method: "oidc",
      providerMfa: null,
      firstSignIn: true,
    });
    // the second sign-in finds the identity: the same user, no second membership
    const again = await providerSignIn(oidc, "oidc", sub);
    expect(await sessionOf(again.jar)).toBe(userId);
    expect(await db.membership.count({ where: { userId } })).toBe(1);
  });

  it("records the provider's MFA from amr: a second factor, or a password alone", async () => {
    const { agencyId, domain } = await agencyWithDomain({ role: "member" });
    const withMfa = `mfa-${uniq()}`;
    oidc.accounts.set(withMfa, { claims: { email: `mfa@${domain}`, email_verified: true }, amr: ["pwd", "otp"] });
    const pwdOnly = `pwd-${uniq()}`;
    oidc.accounts.set(pwdOnly, { claims: { email: `pwd@${domain}`, email_verified: true }, amr: ["pwd"] });
    const first = await sessionOf((await providerSignIn(oidc, "oidc", withMfa)).jar);
    const second = await sessionOf((await providerSignIn(oidc, "oidc", pwdOnly)).jar);
    const signIns = async (userId: string | undefined) =>
      (
        await (
          await getDb()
        ).auditEntry.findMany({ where: { agencyId, actorUserId: userId, action: "user.signed_in" } })
      ).map((e) => (e.changes as { providerMfa: unknown }).providerMfa);
    expect(await signIns(first)).toEqual([true]);
    expect(await signIns(second)).toEqual([false]);
    // a known identity's later sign-in records it again
    await providerSignIn(oidc, "oidc", withMfa);
    expect(await signIns(first)).toEqual([true, true]);
  });

  it("joins with the least powerful role when the Owner chose none", async () => {
    const { agencyId, domain } = await agencyWithDomain();
    expect((await listAgencyDomains(agencyId))[0]).toMatchObject({ domain, verified: true, joinRole: "viewer" });
    const sub = `vic-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email: `vic@${domain}`, email_verified: true } });
    const { jar } = await providerSignIn(oidc, "oidc", sub);
    const userId = await sessionOf(jar);
    expect((await (await getDb()).membership.findFirstOrThrow({ where: { agencyId, userId } })).role).toBe("viewer");
  });

  it("refuses an unverified email, and an email with no account and no claimed domain", async () => {
    const { domain } = await agencyWithDomain();
    const sub = `uv-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email: `mallory@${domain}`, email_verified: false } });
    const refused = await providerSignIn(oidc, "oidc", sub);
    expect(refused.redirect).toBe(`${APP}/login?error=sso-unverified-email`);
    expect(refused.jar[SESSION_COOKIE]).toBeUndefined();
    expect(await (await getDb()).user.findUnique({ where: { email: `mallory@${domain}` } })).toBeNull();

    const stranger = `st-${uniq()}`;
    oidc.accounts.set(stranger, { claims: { email: `someone@unclaimed-${uniq()}.com`, email_verified: true } });
    const none = await providerSignIn(oidc, "oidc", stranger);
    expect(none.redirect).toBe(`${APP}/login?error=sso-no-account`);
    expect(none.jar[SESSION_COOKIE]).toBeUndefined();
  });
});

describe("claims that cannot be stored", () => {
  it("refuses a NUL in sub or the email with the generic sign-in error, logged, never the database's text", async () => {
    const { domain } = await agencyWithDomain();
    const lines: string[] = [];
    setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      // the account's id is the ID token's sub
      for (const [id, claims] of [
        [`nul\u0000sub-${uniq()}`, { email: `nul-${uniq()}@${domain}`, email_verified: true }],
        [`nul-${uniq()}`, { email: `nul\u0000mail-${uniq()}@${domain}`, email_verified: true }],
      ] as const) {
        oidc.accounts.set(id, { claims });
        const { jar, redirect } = await providerSignIn(oidc, "oidc", id);
        expect(redirect).toBe(`${APP}/login?error=sso-failed`);
        expect(jar[SESSION_COOKIE]).toBeUndefined();
      }
    } finally {
      setLogDestination(null);
    }
    const refusals = lines.filter((l) => l.includes("a claim holds a NUL"));
    expect(refusals.map((l) => (JSON.parse(l) as { claim: string }).claim)).toEqual(["subject", "email"]);
    expect(await (await getDb()).user.count({ where: { email: { contains: "nul" } } })).toBe(0);
  });
});

describe("linking a provider identity to an existing account", () => {
  it("links only after the account's password, never silently", async () => {
    const agency = await createAgency({ name: "Link Co" });
    const email = `bob-${uniq()}@example.com`;
    const bob = await createUser({ agencyId: agency.id, email, password: PASSWORD });
    const sub = `bob-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email, email_verified: true } });
    const first = await providerSignIn(oidc, "oidc", sub);
    expect(first.jar[SESSION_COOKIE]).toBeUndefined();
    const link = new URL(first.redirect);
    expect(link.pathname).toBe("/login/link");
    const linkToken = link.searchParams.get("token")!;
    const db = await getDb();
    expect(await db.staffIdentity.count({ where: { userId: bob.id } })).toBe(0);

    // a wrong password links nothing
    const jar: Jar = {};
    await auth("callback", jar, {
      method: "POST",
      providerId: "credentials",
      body: { csrfToken: await csrf(jar), email, password: "not the password at all 1", linkToken },
    });
    expect(jar[SESSION_COOKIE]).toBeUndefined();
    expect(await db.staffIdentity.count({ where: { userId: bob.id } })).toBe(0);

    // the password proves the account: linked, and signed in
    const proved = await passwordSignIn(email, { linkToken });
    expect(await sessionOf(proved.jar)).toBe(bob.id);
    expect(await db.staffIdentity.count({ where: { userId: bob.id, provider: "oidc" } })).toBe(1);
    expect(await auditActions(agency.id)).toContain("user.identity_linked");

    // from now on the provider signs Bob in directly
    const later = await providerSignIn(oidc, "oidc", sub);
    expect(await sessionOf(later.jar)).toBe(bob.id);
  });

  it("refuses a link token for another account's password", async () => {
    const agency = await createAgency({ name: "Link Two Co" });
    const victim = `victim-${uniq()}@example.com`;
    await createUser({ agencyId: agency.id, email: victim, password: PASSWORD });
    const other = `other-${uniq()}@example.com`;
    const otherUser = await createUser({ agencyId: agency.id, email: other, password: PASSWORD });
    const sub = `victim-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email: victim, email_verified: true } });
    const linkToken = new URL((await providerSignIn(oidc, "oidc", sub)).redirect).searchParams.get("token")!;
    await passwordSignIn(other, { linkToken });
    expect(await (await getDb()).staffIdentity.count({ where: { userId: otherUser.id } })).toBe(0);
  });
});

describe("Require single sign-on", () => {
  it("refuses a member's password at the domain; an Owner with 2FA keeps the break-glass path", async () => {
    const { agencyId, domain, owner } = await agencyWithDomain({ requireSso: true });
    const member = await createUser({ agencyId, email: `carol@${domain}`, password: PASSWORD, role: "member" });
    const refused = await passwordSignIn(member.email);
    expect(refused.redirect).toContain("error=sso-required");
    expect(refused.jar[SESSION_COOKIE]).toBeUndefined();

    // the Owner without 2FA is refused too
    expect((await passwordSignIn(owner.email)).jar[SESSION_COOKIE]).toBeUndefined();
    const { secret } = await beginTwoFactorEnrolment({ userId: owner.id });
    await confirmTwoFactorEnrolment({ userId: owner.id, code: await generate({ secret }) });
    // the enrolment's code is spent for its time step: let the same step's code pass once more
    await (await getDb()).user.update({ where: { id: owner.id }, data: { totpLastStep: null } });
    const glass = await passwordSignIn(owner.email, { code: await generate({ secret }) });
    expect(await sessionOf(glass.jar)).toBe(owner.id);
    expect(await auditActions(agencyId)).toEqual(
      expect.arrayContaining(["sso.policy_changed", "user.sso_break_glass"]),
    );

    // the member still signs in through the provider (linking after proof is allowed)
    const sub = `carol-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email: member.email, email_verified: true } });
    const linkToken = new URL((await providerSignIn(oidc, "oidc", sub)).redirect).searchParams.get("token")!;
    const linked = await passwordSignIn(member.email, { linkToken });
    expect(await sessionOf(linked.jar)).toBe(member.id);
    expect(await sessionOf((await providerSignIn(oidc, "oidc", sub)).jar)).toBe(member.id);
  });

  it("leaves passwords alone at a domain that does not require it", async () => {
    const { agencyId, domain } = await agencyWithDomain();
    const member = await createUser({ agencyId, email: `dan@${domain}`, password: PASSWORD, role: "member" });
    expect(await sessionOf((await passwordSignIn(member.email)).jar)).toBe(member.id);
  });
});

describe("leavers", () => {
  it("ends the session once the provider refuses the disabled account", async () => {
    const { agencyId, domain } = await agencyWithDomain({ role: "member" });
    const sub = `leaver-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email: `leaver@${domain}`, email_verified: true } });
    const { jar } = await providerSignIn(oidc, "oidc", sub);
    const userId = await sessionOf(jar);
    expect(userId).toBeTruthy();
    const db = await getDb();
    const identity = await db.staffIdentity.findFirstOrThrow({ where: { userId } });
    expect(identity.refreshTokenSealed).toBeTruthy();
    const old = new Date(Date.now() - 3600_000);

    // still at the provider: the check passes and the session stays
    await db.staffIdentity.update({ where: { id: identity.id }, data: { checkedAt: old } });
    expect(await sessionOf(jar)).toBe(userId);

    // disabled at the provider: the next request ends the session
    oidc.accounts.get(sub)!.disabled = true;
    await db.staffIdentity.update({ where: { id: identity.id }, data: { checkedAt: old } });
    expect(await sessionOf(jar)).toBeUndefined();
    expect((await db.staffIdentity.findUniqueOrThrow({ where: { id: identity.id } })).disabledAt).not.toBeNull();
    expect(await auditActions(agencyId)).toContain("user.identity_disabled");
  });

  it("the periodic check ends a leaver's sessions without a request, removes them from the team, and tells the Owner", async () => {
    const { agencyId, domain, owner } = await agencyWithDomain();
    const sub = `sweep-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email: `sweep@${domain}`, email_verified: true, name: "Sweep Person" } });
    const { jar } = await providerSignIn(oidc, "oidc", sub);
    const userId = await sessionOf(jar);
    const db = await getDb();
    // nobody is told while the account is still there
    await db.staffIdentity.updateMany({ where: { userId }, data: { checkedAt: new Date(Date.now() - 3600_000) } });
    await sweepStaffIdentities();
    expect(await db.notification.count({ where: { agencyId, type: IDENTITY_DISABLED } })).toBe(0);

    await db.staffIdentity.updateMany({ where: { userId }, data: { checkedAt: new Date(Date.now() - 3600_000) } });
    oidc.accounts.get(sub)!.disabled = true;
    expect(await sweepStaffIdentities()).toBeGreaterThanOrEqual(1);
    expect((await db.staffIdentity.findFirstOrThrow({ where: { userId } })).disabledAt).not.toBeNull();
    expect(await sessionOf(jar)).toBeUndefined();

    // the Owner (not the leaver) gets an in-app notification, already counted as emailed...
    const notes = await db.notification.findMany({ where: { agencyId, type: IDENTITY_DISABLED } });
    expect(notes.map((n) => n.userId)).toEqual([owner.id]);
    expect(notes[0]!.message).toContain(`Sweep Person (sweep@${domain})`);
    expect(notes[0]!.message).toContain("sessions were ended and they were removed from the team");
    // the departed member left the team (not an Owner), with an audit entry by the system
    expect(await db.membership.count({ where: { agencyId, userId } })).toBe(0);
    const removal = await db.auditEntry.findFirstOrThrow({ where: { agencyId, action: "team.member_removed" } });
    expect(removal).toMatchObject({ actorUserId: null, target: `sweep@${domain}` });
    expect(await db.membership.count({ where: { agencyId, userId: owner.id, role: "owner" } })).toBe(1);
    expect(notes[0]!.emailedAt).not.toBeNull();
    // ...and an email through the outbox
    const mails = await db.email.findMany({ where: { agencyId, kind: "sso_leaver" } });
    expect(mails.map((m) => m.to)).toEqual([owner.email]);
    expect(mails[0]!.subject).toContain(`sweep@${domain}`);
    expect(mails[0]!.text).toContain("/dashboard/team");
    expect(await auditActions(agencyId)).toContain("user.identity_disabled");

    // a second sweep tells nobody again
    await sweepStaffIdentities();
    expect(await db.email.count({ where: { agencyId, kind: "sso_leaver" } })).toBe(1);
  });
});

describe("Google and Microsoft Entra ID claims", () => {
  it("Google: email_verified decides", async () => {
    const { agencyId, domain } = await agencyWithDomain({ role: "member" });
    const sub = `g-${uniq()}`;
    google.accounts.set(sub, { claims: { email: `gina@${domain}`, email_verified: true, hd: domain } });
    const { jar } = await providerSignIn(google, "google", sub);
    const userId = await sessionOf(jar);
    expect(await (await getDb()).membership.count({ where: { agencyId, userId } })).toBe(1);
  });

  it("Microsoft: xms_edov says the email is verified; without it the email is not", async () => {
    const { agencyId, domain } = await agencyWithDomain({ role: "member" });
    const sub = `m-${uniq()}`;
    microsoft.accounts.set(sub, { claims: { email: `max@${domain}`, xms_edov: true } });
    const { jar } = await providerSignIn(microsoft, "microsoft", sub);
    const userId = await sessionOf(jar);
    expect(await (await getDb()).membership.count({ where: { agencyId, userId } })).toBe(1);

    const unverified = `m-${uniq()}`;
    microsoft.accounts.set(unverified, { claims: { email: `mia@${domain}` } });
    expect((await providerSignIn(microsoft, "microsoft", unverified)).redirect).toBe(
      `${APP}/login?error=sso-unverified-email`,
    );
  });
});

describe("the Staff sign-in settings and Verify", () => {
  const ADMIN = "00000000-0000-4000-8000-000000000001";

  it("verifies a good issuer, refuses a bad one, seals saved values, and lets the environment win", async () => {
    setEnv({ WEBHOOK_ALLOW_LOOPBACK: "1" });
    forgetPlatformSettings();
    await saveStaffProvider({
      userId: ADMIN,
      input: {
        provider: "oidc",
        values: {
          SSO_OIDC_ISSUER: oidc.issuer,
          SSO_OIDC_CLIENT_ID: oidc.clientId,
          SSO_OIDC_CLIENT_SECRET: oidc.clientSecret,
        },
      },
    });
    const row = await (await getDb()).platformSetting.findUniqueOrThrow({ where: { platform: "sso-oidc" } });
    expect(row.valuesSealed).not.toContain(oidc.clientSecret);
    // saved but not verified: not offered
    expect((await listStaffProviderCards()).find((c) => c.provider === "oidc")!.inUse).toBe(false);
    const good = await verifyStaffProvider({ provider: "oidc", userId: ADMIN });
    expect(good).toMatchObject({ ok: true });
    expect(good.message).toMatch(/signing key/);
    expect((await listStaffProviderCards()).find((c) => c.provider === "oidc")).toMatchObject({
      inUse: true,
      verification: { ok: true, current: true },
    });
    expect((await loadStaffProviders()).map((p) => p.id)).toContain("oidc");
    // masked as the platform credentials are: the last four of a long secret only
    const secretField = async () =>
      (await listStaffProviderCards())
        .find((c) => c.provider === "oidc")!
        .fields.find((f) => f.key === "SSO_OIDC_CLIENT_SECRET")!;
    expect(await secretField()).toMatchObject({ source: "saved", display: "•••• 6789" });
    await saveStaffProvider({
      userId: ADMIN,
      input: { provider: "oidc", values: { SSO_OIDC_CLIENT_SECRET: "short-secret" } },
    });
    expect((await secretField()).display).toBe("••••••••");
    await saveStaffProvider({
      userId: ADMIN,
      input: { provider: "oidc", values: { SSO_OIDC_CLIENT_SECRET: oidc.clientSecret } },
    });

    // a bad issuer: no discovery document there
    await saveStaffProvider({
      userId: ADMIN,
      input: { provider: "oidc", values: { SSO_OIDC_ISSUER: `${oidc.issuer}/nowhere` } },
    });
    const bad = await verifyStaffProvider({ provider: "oidc", userId: ADMIN });
    expect(bad.ok).toBe(false);
    expect(bad.message).toMatch(/discovery document/);
    expect((await listStaffProviderCards()).find((c) => c.provider === "oidc")!.inUse).toBe(false);

    // without the loopback switch a loopback issuer is refused by the address rules
    setEnv({});
    await saveStaffProvider({ userId: ADMIN, input: { provider: "oidc", values: { SSO_OIDC_ISSUER: oidc.issuer } } });
    const refused = await verifyStaffProvider({ provider: "oidc", userId: ADMIN });
    expect(refused.ok).toBe(false);

    // a value set in the environment cannot be saved over
    setEnv({ SSO_OIDC_CLIENT_ID: "from-the-environment" });
    await expect(
      saveStaffProvider({ userId: ADMIN, input: { provider: "oidc", values: { SSO_OIDC_CLIENT_ID: "saved-one" } } }),
    ).rejects.toMatchObject({ details: [{ field: "values.SSO_OIDC_CLIENT_ID" }] });
    await expect(
      saveStaffProvider({ userId: ADMIN, input: { provider: "oidc", values: { SSO_OIDC_ISSUER: "not a url" } } }),
    ).rejects.toMatchObject({ details: [{ field: "values.SSO_OIDC_ISSUER" }] });
    await (await getDb()).platformSetting.delete({ where: { platform: "sso-oidc" } });
    forgetPlatformSettings();
  });

  it("proves the client secret at the token endpoint, and checks what the form holds", async () => {
    setEnv({ WEBHOOK_ALLOW_LOOPBACK: "1" });
    forgetPlatformSettings();
    const card = async () => (await listStaffProviderCards()).find((c) => c.provider === "oidc")!;
    // nothing saved: Verify takes the values typed in the form (and saves them)
    const typed = {
      SSO_OIDC_ISSUER: oidc.issuer,
      SSO_OIDC_CLIENT_ID: oidc.clientId,
      SSO_OIDC_CLIENT_SECRET: "not-the-client-secret",
    };
    const wrong = await verifyStaffProvider({ provider: "oidc", values: typed, userId: ADMIN });
    // the discovery document and keys are fine; the secret is not
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toMatch(/does not accept this client ID and secret/);
    expect(await card()).toMatchObject({ inUse: false, verification: { ok: false, current: true } });

    const right = await verifyStaffProvider({
      provider: "oidc",
      values: { SSO_OIDC_CLIENT_SECRET: oidc.clientSecret },
      userId: ADMIN,
    });
    expect(right).toMatchObject({ ok: true });
    expect(right.message).toMatch(/accepted the client ID and secret/);
    expect(await card()).toMatchObject({ inUse: true, verification: { ok: true, current: true } });

    // an unknown client ID reads the same way
    const unknown = await verifyStaffProvider({
      provider: "oidc",
      values: { SSO_OIDC_CLIENT_ID: "someone-elses-app" },
      userId: ADMIN,
    });
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown.message).toMatch(/client ID is unknown or the secret is wrong/);
    // a typed value is checked as Save checks it, beside its field
    await expect(
      verifyStaffProvider({ provider: "oidc", values: { SSO_OIDC_ISSUER: "not a url" }, userId: ADMIN }),
    ).rejects.toMatchObject({ details: [{ field: "values.SSO_OIDC_ISSUER" }] });
    await (await getDb()).platformSetting.delete({ where: { platform: "sso-oidc" } });
    forgetPlatformSettings();
  });

  it("speaks of the issuer when it cannot be reached, never of webhook deliveries", async () => {
    const values = (issuer: string) => ({
      SSO_OIDC_ISSUER: issuer,
      SSO_OIDC_CLIENT_ID: oidc.clientId,
      SSO_OIDC_CLIENT_SECRET: oidc.clientSecret,
    });
    const cases: [Record<string, string>, string][] = [
      // a reserved name (never looked up), a port the address rules refuse, nothing listening
      [{}, "https://sso.agency.test"],
      [{}, "https://127.0.0.1:8443"],
      [{ WEBHOOK_ALLOW_LOOPBACK: "1" }, "http://127.0.0.1:9"],
    ];
    for (const [environment, issuer] of cases) {
      setEnv(environment);
      forgetPlatformSettings();
      const result = await verifyStaffProvider({ provider: "oidc", values: values(issuer), userId: ADMIN });
      expect(result.ok).toBe(false);
      expect(result.message).toContain(`The issuer ${issuer}`);
      expect(result.message).not.toMatch(/webhook|deliver/i);
    }
    await (await getDb()).platformSetting.delete({ where: { platform: "sso-oidc" } });
    forgetPlatformSettings();
  });

  it("asks for consent with offline_access, so a provider that follows the specification issues a refresh token", async () => {
    const jar: Jar = {};
    const start = await auth("signin", jar, {
      method: "POST",
      providerId: "oidc",
      body: { csrfToken: await csrf(jar), callbackUrl: "/dashboard" },
    });
    const url = new URL(start.redirect!);
    expect(url.searchParams.get("scope")!.split(" ")).toContain("offline_access");
    expect(url.searchParams.get("prompt")).toBe("consent");
    // and the refresh token arrives (the leaver tests then use it)
    const { domain } = await agencyWithDomain({ role: "member" });
    const sub = `consent-${uniq()}`;
    oidc.accounts.set(sub, { claims: { email: `consent@${domain}`, email_verified: true } });
    const { jar: signedIn } = await providerSignIn(oidc, "oidc", sub);
    const userId = await sessionOf(signedIn);
    const identity = await (await getDb()).staffIdentity.findFirstOrThrow({ where: { userId } });
    expect(identity.refreshTokenSealed).toBeTruthy();
  });
});

describe("claiming a domain", () => {
  it("needs the emailed code, counts wrong tries, and keeps a domain to one agency", async () => {
    // the code goes out through a mail server (the domain's mailbox reads it, never the agency)
    setEnv({ ...providersEnv(), SMTP_URL: "smtp://127.0.0.1:2525" });
    const agency = await createAgency({ name: "Claim Co" });
    const owner = await createUser({ agencyId: agency.id, email: `o-${uniq()}@example.com`, password: PASSWORD });
    const actor = { userId: owner.id, email: owner.email };
    const domain = `claim-${uniq()}.com`;
    await claimDomain({ agencyId: agency.id, actor, input: { email: `admin@${domain}` } });
    const mail = await (await getDb()).email.findFirstOrThrow({ where: { agencyId: agency.id, kind: "domain_code" } });
    expect(mail.to).toBe(`admin@${domain}`);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(confirmDomain({ agencyId: agency.id, actor, input: { domain, code: wrong } })).rejects.toMatchObject({
      details: [{ field: "code" }],
    });
    await expect(
      setDomainPolicy({ agencyId: agency.id, actor, input: { domain, requireSso: true } }),
    ).rejects.toMatchObject({ details: [{ field: "requireSso" }] });
    await confirmDomain({ agencyId: agency.id, actor, input: { domain, code } });
    const other = await createAgency({ name: "Other Claim Co" });
    await expect(
      claimDomain({ agencyId: other.id, actor, input: { email: `webmaster@${domain}` } }),
    ).rejects.toMatchObject({
      details: [{ field: "email" }],
    });
    expect(await auditActions(agency.id)).toEqual(
      expect.arrayContaining(["sso.domain_claimed", "sso.domain_verified"]),
    );
  });
});

describe("claiming a domain by a DNS TXT record", () => {
  /** A resolver that answers only for `name` (anything else is a test mistake), never the network. */
  const stub = (name: string, answer: string[][] | { code: string }): TxtResolver & { asked: string[] } => {
    const asked: string[] = [];
    const resolve = async (n: string) => {
      asked.push(n);
      if (n !== name) throw Object.assign(new Error(`unexpected name ${n}`), { code: "ENOTFOUND" });
      if (!Array.isArray(answer)) throw Object.assign(new Error(answer.code), { code: answer.code });
      return answer;
    };
    return Object.assign(resolve, { asked });
  };

  it("verifies the domain only when the record holds the agency's value, with clear refusals", async () => {
    const agency = await createAgency({ name: "DNS Co" });
    const owner = await createUser({ agencyId: agency.id, email: `o-${uniq()}@example.com`, password: PASSWORD });
    const actor = { userId: owner.id, email: owner.email };
    const domain = `dns-${uniq()}.com`;
    const input = ZDomainName.parse({ domain: ` ${domain.toUpperCase()} ` });
    expect(input.domain).toBe(domain);
    const claimed = await claimDomainByDns({ agencyId: agency.id, actor, input });
    expect(claimed).toMatchObject({ domain, verified: false, codeSentTo: null });
    const record = claimed.txtRecord!;
    expect(record.name).toBe(`_access-requests.${domain}`);
    expect(record.value).toMatch(/^access-requests-domain=[A-Za-z0-9_-]{32}$/);
    // the same record on every read, and nothing emailed
    expect((await listAgencyDomains(agency.id))[0]!.txtRecord).toEqual(record);
    const db = await getDb();
    expect(await db.email.count({ where: { agencyId: agency.id } })).toBe(0);

    const refusal = async (resolveTxt: TxtResolver) => {
      const err = await checkDomainTxt({ agencyId: agency.id, actor, input, resolveTxt }).then(
        () => null,
        (e: unknown) => e as { details: { field: string; message: string }[] },
      );
      expect(err?.details[0]?.field).toBe("domain");
      return err!.details[0]!.message;
    };
    const none = stub(record.name, { code: "ENODATA" });
    expect(await refusal(none)).toContain(`No TXT record found at ${record.name}`);
    expect(none.asked).toEqual([record.name]);
    expect(await refusal(stub(record.name, { code: "ENOTFOUND" }))).toContain("No TXT record found");
    expect(await refusal(stub(record.name, [["v=spf1 -all"], ["access-requests-domain=someone-elses"]]))).toContain(
      'does not hold the value shown here. Found: "v=spf1 -all"',
    );
    expect(await refusal(stub(record.name, { code: "ECONNREFUSED" }))).toMatch(
      /could not look up DNS records \(ECONNREFUSED\)\. Check again later\./,
    );
    expect((await listAgencyDomains(agency.id))[0]!.verified).toBe(false);

    // the value split in pieces, as long TXT records arrive, beside other records
    const half = Math.floor(record.value.length / 2);
    const verified = await checkDomainTxt({
      agencyId: agency.id,
      actor,
      input,
      resolveTxt: stub(record.name, [["v=spf1 -all"], [record.value.slice(0, half), record.value.slice(half)]]),
    });
    expect(verified).toMatchObject({ domain, verified: true, txtRecord: null });
    const entry = await db.auditEntry.findFirstOrThrow({
      where: { agencyId: agency.id, action: "sso.domain_verified" },
    });
    expect(entry.changes).toEqual({ method: "dns_txt", record: record.name, value: record.value });
    expect(await auditActions(agency.id)).toEqual(expect.arrayContaining(["sso.domain_claimed"]));

    // verified: checking again is refused, and another agency cannot claim it either way
    expect(await refusal(stub(record.name, [[record.value]]))).toContain("verified already");
    const other = await createAgency({ name: "Other DNS Co" });
    await expect(claimDomainByDns({ agencyId: other.id, actor, input })).rejects.toMatchObject({
      details: [{ field: "domain", message: "Another agency has verified this domain." }],
    });
  });

  it("gives another agency another value, and refuses what is not a domain", async () => {
    const a = await createAgency({ name: "DNS A" });
    const b = await createAgency({ name: "DNS B" });
    const owner = await createUser({ agencyId: a.id, email: `o-${uniq()}@example.com`, password: PASSWORD });
    const actor = { userId: owner.id, email: owner.email };
    const input = { domain: `shared-${uniq()}.com` };
    const ra = (await claimDomainByDns({ agencyId: a.id, actor, input })).txtRecord!;
    const rb = (await claimDomainByDns({ agencyId: b.id, actor, input })).txtRecord!;
    expect(ra.name).toBe(rb.name);
    expect(ra.value).not.toBe(rb.value);
    // B publishing its own value does not verify A
    await expect(
      checkDomainTxt({ agencyId: a.id, actor, input, resolveTxt: stub(ra.name, [[rb.value]]) }),
    ).rejects.toMatchObject({ details: [{ field: "domain" }] });
    for (const bad of ["it@example.com", "localhost", "no spaces.com", ""]) {
      const parsed = ZDomainName.safeParse({ domain: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(["domain"]);
    }
  });
});
