// Sessions that end and next-auth's inputs (L2), through next-auth's own
// request handler (the core the route hands every request to) with our options: a session
// cookie copied before sign-out is refused afterwards, as is one issued before two-factor
// was turned on or before the user's removal from their last agency; a callbackUrl that is
// not a path on this site answers 400 before next-auth sees it; next-auth's log lines are
// our JSON lines.
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import path from "node:path";
import { generate } from "otplib";
import { getDb } from "@/lib/infra/db/db";
import { setLogDestination } from "@/lib/infra/log";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { beginTwoFactorEnrolment, confirmTwoFactorEnrolment } from "@/lib/core/users/two-factor";
import { createTeamInvite } from "@/lib/core/team/create-team-invite";
import { acceptTeamInvite } from "@/lib/core/team/accept-team-invite";
import { removeMember } from "@/lib/core/team/remove-member";
import { authOptions } from "@/lib/surfaces/dashboard/auth-options";
import { CSRF_MESSAGE, explainAuthRefusal, screenAuthRequest } from "@/lib/surfaces/dashboard/auth-request-screen";

const PASSWORD = "correct horse battery staple 42";
const SESSION_COOKIE = "next-auth.session-token";
let n = 0;

type Jar = Record<string, string>;

// next-auth's core handler (what its route hands every request to); not in its package exports
const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
  AuthHandler: <B>(p: {
    req: Record<string, unknown>;
    options: unknown;
  }) => Promise<{ body?: B; cookies?: { name: string; value: string; options?: { maxAge?: number } }[] }>;
};

async function auth(
  action: string,
  jar: Jar,
  opts: { method?: string; body?: Record<string, string>; providerId?: string } = {},
) {
  const res = await AuthHandler<Record<string, unknown>>({
    req: {
      action,
      method: opts.method ?? "GET",
      body: opts.body,
      query: {},
      cookies: { ...jar },
      headers: { host: "localhost:3999" },
      providerId: opts.providerId,
    },
    options: authOptions(),
  });
  for (const c of res.cookies ?? []) {
    if (c.value === "" || c.options?.maxAge === 0) delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return res;
}

async function signIn(email: string): Promise<Jar> {
  const jar: Jar = {};
  const { body } = await auth("csrf", jar);
  const csrfToken = String(body!.csrfToken);
  await auth("callback", jar, {
    method: "POST",
    providerId: "credentials",
    body: { csrfToken, email, password: PASSWORD },
  });
  expect(jar[SESSION_COOKIE]).toBeTruthy();
  return jar;
}

const sessionUser = async (cookie: string) => (await auth("session", { [SESSION_COOKIE]: cookie })).body?.userId;

async function newAccount() {
  const agency = await createAgency({ name: "Session Co" });
  const email = `session-${++n}-${Date.now()}@example.com`;
  const user = await createUser({ agencyId: agency.id, email, password: PASSWORD });
  return { agencyId: agency.id, email, userId: user.id };
}

describe("sessions that end", () => {
  it("refuses a session cookie replayed after sign-out", async () => {
    const { email, userId } = await newAccount();
    const jar = await signIn(email);
    const copied = jar[SESSION_COOKIE]!;
    expect(await sessionUser(copied)).toBe(userId);
    const { body } = await auth("csrf", jar);
    await auth("signout", jar, { method: "POST", body: { csrfToken: String(body!.csrfToken) } });
    expect(await sessionUser(copied)).toBeUndefined();
    // signing in again gives a working session
    expect(await sessionUser((await signIn(email))[SESSION_COOKIE]!)).toBe(userId);
  });

  it("refuses a session issued before two-factor sign-in was turned on", async () => {
    const { email, userId } = await newAccount();
    const before = (await signIn(email))[SESSION_COOKIE]!;
    const { secret } = await beginTwoFactorEnrolment({ userId });
    await confirmTwoFactorEnrolment({ userId, code: await generate({ secret }) });
    expect(await sessionUser(before)).toBeUndefined();
  });

  it("refuses a session after removal from the user's last agency, not after removal from one of two", async () => {
    const { email, userId, agencyId } = await newAccount();
    const other = await createAgency({ name: "Other Co" });
    const { token } = await createTeamInvite({ agencyId: other.id, input: { email, role: "member" } });
    await acceptTeamInvite({ input: { token, password: PASSWORD }, address: "10.1.1.1" });
    const cookie = (await signIn(email))[SESSION_COOKIE]!;
    const db = await getDb();
    const membership = (agency: string) => db.membership.findFirstOrThrow({ where: { userId, agencyId: agency } });
    // the owner of the first agency must not be its last owner to be removed: add one
    const owner = await createUser({ agencyId, email: `owner-${n}-${Date.now()}@example.com`, password: PASSWORD });
    expect(owner.id).toBeTruthy();
    await removeMember({ agencyId: other.id, membershipId: (await membership(other.id)).id });
    expect(await sessionUser(cookie)).toBe(userId);
    await removeMember({ agencyId, membershipId: (await membership(agencyId)).id });
    expect(await sessionUser(cookie)).toBeUndefined();
  });
});

describe("next-auth's inputs", () => {
  const screen = (path: string, init?: RequestInit) =>
    screenAuthRequest(new Request(`http://localhost:3999${path}`, init));

  it.each([
    "/dashboard%0D%0AX-Forged:%201",
    "javascript:alert(1)",
    "https://evil.example/",
    "//evil.example/",
    "/x%00y",
  ])("answers 400 naming callbackUrl for %s", async (value) => {
    const res = await screen(`/api/auth/signin?callbackUrl=${value}`);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(400);
    expect(await (res as Response).json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ field: "callbackUrl" }] },
    });
  });

  it("passes paths and this site's own URL on, in the query and in a posted form", async () => {
    expect(await screen("/api/auth/signin?callbackUrl=%2Fdashboard%2Fclients%3Fq%3D1")).toBeNull();
    const post = new Request("http://localhost:3999/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "callbackUrl=http%3A%2F%2Flocalhost%3A3999%2Fjoin%2Fabc&email=a%40b.c",
    });
    expect(await screenAuthRequest(post)).toBeNull();
    // next-auth still reads the body
    expect(await post.text()).toContain("email=a%40b.c");
    const refused = await screen("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "callbackUrl=javascript%3Aalert(1)",
    });
    expect(refused!.status).toBe(400);
  });

  it("answers a malformed or non-object JSON body with 400 and a JSON error, before next-auth parses it", async () => {
    const post = (body: string) =>
      screen("/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    for (const [body, message] of [
      ["{", "The body is not valid JSON."],
      ["", "The body is not valid JSON."],
      ["[1]", "The body must be a JSON object."],
      ["null", "The body must be a JSON object."],
    ] as const) {
      const res = await post(body);
      expect(res?.status, body).toBe(400);
      expect(res!.headers.get("content-type")).toMatch(/application\/json/);
      expect(await res!.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", message } });
    }
    expect((await post(JSON.stringify({ callbackUrl: "https://evil.example/" })))?.status).toBe(400);
    const good = await post(JSON.stringify({ csrfToken: "x", callbackUrl: "/dashboard" }));
    expect(good).toBeNull();
  });

  it("gives next-auth's bare 400 for a missing csrf token a message that says so", async () => {
    // what next-auth answers an update of the session posted without its csrf token
    const res = await auth("session", {}, { method: "POST", body: {} });
    expect(res).toMatchObject({ status: 400, body: {} });
    const bare = new Response(String(res.body), { status: 400 });
    expect(await bare.clone().text()).toBe("[object Object]");
    const explained = await explainAuthRefusal(bare);
    expect(explained.status).toBe(400);
    expect(await explained.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ field: "csrfToken", message: CSRF_MESSAGE }] },
    });
    // anything else next-auth answers passes untouched
    const page = new Response("<html>sign in</html>", { status: 200 });
    expect(await explainAuthRefusal(page)).toBe(page);
  });

  it("writes next-auth's messages as one JSON line each, whatever they carry", () => {
    const lines: string[] = [];
    setLogDestination({ write: (l) => void lines.push(l) });
    try {
      authOptions().logger!.error!("SIGNIN_EMAIL_ERROR", new Error('bad\r\n{"level":"error","msg":"forged"}'));
    } finally {
      setLogDestination(null);
    }
    const written = lines.join("").trim().split("\n");
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toMatchObject({ component: "auth", code: "SIGNIN_EMAIL_ERROR" });
  });
});
