// WordPress in one click against the WordPress fake over real HTTP: the site address checked,
// discovery from the REST index, the approval page (approve and reject), the agency's
// administrator created, an existing user raised without losing a role, an administrator left
// as it is, the application password deleted every time, sites without application passwords
// or behind Basic Auth, a refusal, and removal; and the fake's own refusals, WordPress's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  discoverWordPress,
  grantWordPress,
  readApproval,
  releaseWordPress,
  removeWordPress,
  wordpressApprovalUrl,
} from "@/lib/infra/connectors/wordpress/wordpress-grants";
import { parseSiteAddress, wordpressCall, type WordPressSite } from "@/lib/infra/connectors/wordpress/wordpress-site";
import { startWordPressFake, type WordPressFake } from "@/test/support/fakes/wordpress-fake";

const AGENCY = "web@agency.test";
const APP_ID = "6f1c1d8e-2b4a-4c7e-9a53-0c8e5f3d2a10";
const BACK = "http://localhost:3999/api/access/wordpress/back";

let fake: WordPressFake;
let site: WordPressSite;

beforeAll(async () => {
  fake = await startWordPressFake();
  site = { url: fake.url, allowLoopback: true };
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

/** The client approves (or rejects) on the site's page; what comes back to our URL. */
async function approve(rejectUrl: string | null = `${BACK}?rejected=1`): Promise<Record<string, string>> {
  return Object.fromEntries(new URL(await answerUrl(rejectUrl)).searchParams);
}

/** The address the site's page sends the browser to. */
async function answerUrl(rejectUrl: string | null): Promise<string> {
  const found = await discoverWordPress(site);
  if (!found.ok) throw new Error(found.reason);
  const page = new URL(
    wordpressApprovalUrl(found.authorizeUrl, {
      appName: "Agency Access",
      appId: APP_ID,
      successUrl: BACK,
      rejectUrl: rejectUrl ?? "",
    }),
  );
  if (rejectUrl === null) page.searchParams.delete("reject_url");
  const res = await fetch(page, { redirect: "manual" });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

async function grant() {
  const approval = readApproval(await approve(), site);
  if (!approval.ok) throw new Error(approval.reason);
  return grantWordPress({ site, approval, appId: APP_ID, agencyEmail: AGENCY });
}

const agencyUser = () => [...fake.users.values()].find((u) => u.email === AGENCY);
const writes = () =>
  fake.calls.filter(
    (c) => c.method !== "GET" && c.path.startsWith("/wp-json/wp/v2/users") && !c.path.includes("application-passwords"),
  );

describe("the site address", () => {
  it("takes a bare host as https, refuses http, reserved names and what is not an address", () => {
    expect(parseSiteAddress("client-shop.com/blog/", false)).toEqual({ ok: true, url: "https://client-shop.com/blog" });
    expect(parseSiteAddress("http://client-shop.com", false)).toMatchObject({ ok: false, reason: "not_https" });
    expect(parseSiteAddress("https://shop.example", false)).toMatchObject({ ok: false });
    expect(parseSiteAddress("", false)).toMatchObject({ ok: false });
    expect(parseSiteAddress("https://user:pw@client-shop.com", false)).toMatchObject({ ok: false });
  });

  it("never reaches a private address: the webhooks' sender refuses it before connecting", async () => {
    await expect(wordpressCall({ url: fake.url, allowLoopback: false }, { route: "/" })).rejects.toThrow(
      /not allowed|https/,
    );
    expect(fake.calls).toEqual([]);
    expect(await discoverWordPress({ url: fake.url, allowLoopback: false })).toEqual({
      ok: false,
      reason: "unreachable",
    });
  });
});

describe("WordPress in one click", () => {
  it("approval, the agency's administrator created and read back, the application password deleted", async () => {
    const { result, passwordDeleted } = await grant();
    expect(result).toEqual({ assetId: fake.url, ok: true, error: null, verified: true });
    expect(agencyUser()).toMatchObject({ email: AGENCY, roles: ["administrator"], username: AGENCY });
    const create = fake.calls.find((c) => c.method === "POST" && c.path === "/wp-json/wp/v2/users")!;
    expect(Object.keys(create.body as object).sort()).toEqual(["email", "password", "roles", "username"]);
    expect(passwordDeleted).toBe(true);
    expect(fake.appPasswords).toEqual([]);
  });

  it("an existing user with a weaker role gets administrator added, keeping its roles; an administrator is left as it is", async () => {
    const editor = fake.addUser({ username: "agencyweb", email: AGENCY, roles: ["editor"] });
    expect((await grant()).result).toEqual({ assetId: fake.url, ok: true, error: null, verified: true });
    expect(fake.users.get(editor.id)!.roles).toEqual(["administrator", "editor"]);
    expect(fake.users.size).toBe(2);

    fake.calls.length = 0;
    const before = { ...fake.users.get(editor.id)! };
    const again = await grant();
    expect(again.result).toEqual({ assetId: fake.url, ok: true, error: null, alreadyGranted: true, verified: true });
    expect(writes()).toEqual([]);
    expect(fake.users.get(editor.id)).toEqual(before);
    expect(again.passwordDeleted).toBe(true);
    expect(fake.appPasswords).toEqual([]);
  });

  it("a refusal (the approver may not create users) fails with WordPress's message, and the password is still deleted", async () => {
    fake.switches.approverIsAdmin = false;
    const { result, passwordDeleted } = await grant();
    expect(result).toEqual({
      assetId: fake.url,
      ok: false,
      error: `WordPress refused access to ${fake.url}: Sorry, you are not allowed to list users.`,
      errorKind: "platform_error",
    });
    expect(agencyUser()).toBeUndefined();
    expect(passwordDeleted).toBe(true);
    expect(fake.appPasswords).toEqual([]);
  });

  it("a rejection goes to reject_url exactly as given, or to success_url with success=false without one", async () => {
    fake.switches.decision = "reject";
    // src/wp-admin/authorize-application.php: an explicit reject_url is used as is
    expect(await answerUrl(`${BACK}?rejected=1`)).toBe(`${BACK}?rejected=1`);
    expect(await answerUrl(null)).toBe(`${BACK}?success=false`);
    expect(readApproval(await approve(null), site)).toEqual({ ok: false, reason: "rejected" });
    expect(fake.appPasswords).toEqual([]);
    // credentials for another site than the one the client named are not used, but handed back to be given up
    expect(readApproval({ site_url: "https://elsewhere.test", user_login: "a", password: "b" }, site)).toEqual({
      ok: false,
      reason: "invalid",
      issued: { userLogin: "a", password: "b" },
    });
  });

  it("the fake's approval page refuses what WordPress refuses: no app_name, an app_id that is not a UUID, a plain-http return", async () => {
    const page = `${fake.url}/wp-admin/authorize-application.php`;
    expect((await fetch(`${page}?success_url=${encodeURIComponent(BACK)}`, { redirect: "manual" })).status).toBe(400);
    expect(
      (await fetch(`${page}?app_name=A&app_id=nope&success_url=${encodeURIComponent(BACK)}`, { redirect: "manual" }))
        .status,
    ).toBe(400);
    expect(
      (
        await fetch(`${page}?app_name=A&success_url=${encodeURIComponent("http://agency.test/back")}`, {
          redirect: "manual",
        })
      ).status,
    ).toBe(400);
  });

  it("sites without application passwords fall back to the steps, saying why", async () => {
    fake.switches.appPasswords = false;
    expect(await discoverWordPress(site)).toEqual({ ok: false, reason: "app_passwords_off" });
    fake.switches.appPasswords = true;
    fake.switches.basicAuthInFront = true;
    expect(await discoverWordPress(site)).toEqual({ ok: false, reason: "no_rest_api" });
  });

  it("removal: the agency's user deleted with its content reassigned, read back as gone, the password deleted", async () => {
    await grant();
    expect(agencyUser()).toBeDefined();
    const approval = readApproval(await approve(), site);
    if (!approval.ok) throw new Error(approval.reason);
    const { removed, passwordDeleted } = await removeWordPress({
      site,
      approval,
      appId: APP_ID,
      agencyEmails: [AGENCY, "gone@agency.test"],
    });
    expect(Object.fromEntries(removed)).toEqual({
      [AGENCY]: { assetId: fake.url, removed: true, detail: null },
      // a user already gone counts as removed
      "gone@agency.test": { assetId: fake.url, removed: true, detail: null },
    });
    expect(agencyUser()).toBeUndefined();
    const del = fake.calls.find((c) => c.method === "DELETE" && /\/wp\/v2\/users\/\d+$/.test(c.path))!;
    expect(del.query).toEqual({ force: "true", reassign: "1" });
    expect(passwordDeleted).toBe(true);
    expect(fake.appPasswords).toEqual([]);
  });
});

describe("the fake refuses what WordPress refuses", () => {
  /** An application password of the site's administrator, as the approval page gives it. */
  async function adminAuth() {
    const approval = readApproval(await approve(), site);
    if (!approval.ok) throw new Error(approval.reason);
    return { user: approval.userLogin, password: approval.password };
  }
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (err: { status?: number; code?: string }) => ({ status: err.status, code: err.code }),
    );

  it("calls without an application password, or with one that was deleted", async () => {
    expect(await refusal(wordpressCall(site, { route: "/wp/v2/users", query: { context: "edit" } }))).toEqual({
      status: 401,
      code: "rest_not_logged_in",
    });
    const auth = await adminAuth();
    expect(
      await releaseWordPress({ site, approval: { userLogin: auth.user, password: auth.password }, appId: APP_ID }),
    ).toBe(true);
    expect(await refusal(wordpressCall(site, { route: "/wp/v2/users/me", auth }))).toEqual({
      status: 401,
      code: "incorrect_password",
    });
  });

  it("a user created twice with the same login or email", async () => {
    const auth = await adminAuth();
    const create = (username: string, email: string) =>
      refusal(
        wordpressCall(site, {
          method: "POST",
          route: "/wp/v2/users",
          json: { username, email, password: "x-1234567", roles: ["editor"] },
          auth,
        }),
      );
    expect(await create("agencyweb", AGENCY)).toBeNull();
    expect(await create("AgencyWeb", "other@agency.test")).toEqual({ status: 400, code: "existing_user_login" });
    expect(await create("someoneelse", AGENCY.toUpperCase())).toEqual({ status: 400, code: "existing_user_email" });
    expect(fake.users.size).toBe(2);
  });

  it("a role changed only through `roles` on the user, to roles that exist, never an administrator's own", async () => {
    const auth = await adminAuth();
    const user = fake.addUser({ username: "agencyweb", email: AGENCY, roles: ["editor"] });
    const update = (route: string, json: unknown) =>
      refusal(wordpressCall(site, { method: "POST", route, json, auth }));
    // anything but `roles` leaves the roles as they are
    expect(await update(`/wp/v2/users/${user.id}`, { role: "administrator" })).toBeNull();
    expect(fake.users.get(user.id)!.roles).toEqual(["editor"]);
    expect(await update(`/wp/v2/users/${user.id}`, { roles: ["owner"] })).toEqual({
      status: 400,
      code: "rest_user_invalid_role",
    });
    expect(await update(`/wp/v2/users/${user.id}`, { username: "renamed" })).toEqual({
      status: 400,
      code: "rest_user_invalid_argument",
    });
    expect(await update(`/wp/v2/users/${user.id}`, { email: "owner@client.test" })).toEqual({
      status: 400,
      code: "rest_user_invalid_email",
    });
    expect(await update("/wp/v2/users/me", { roles: ["editor"] })).toEqual({
      status: 403,
      code: "rest_user_invalid_role",
    });
    expect(fake.users.get(1)!.roles).toEqual(["administrator"]);
    // `roles` replaces the roles: the connector sends the union to keep the old ones
    expect(await update(`/wp/v2/users/${user.id}`, { roles: ["author"] })).toBeNull();
    expect(fake.users.get(user.id)!.roles).toEqual(["author"]);
  });
});
