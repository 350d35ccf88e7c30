// Changing the password on the Security page, through the page's server
// action with real next-auth sessions (next-auth's own request handler signs in and reads
// the session cookie, whose session version is checked on every request) and the real
// database: the old password stops signing in and the new one works, every other session
// ends while the tab that changed it goes on, the current password is checked under
// sign-in's atomic throttle (a parallel burst reaches argon2 no more often than sign-in
// allows), and each mistake is named on its field. The cookie jar and the request headers
// stand in for the browser's.
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => {
  const jar: Record<string, string> = {};
  return { jar, address: "198.51.100.1" };
});

// next-auth's core handler (what its route hands every request to); not in its package exports
const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
  AuthHandler: <B>(p: {
    req: Record<string, unknown>;
    options: unknown;
  }) => Promise<{ body?: B; cookies?: { name: string; value: string; options?: { maxAge?: number } }[] }>;
};

vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  headers: async () => new Headers({ host: "localhost:3999", "x-forwarded-for": fake.address }),
  cookies: async () => ({
    get: (name: string) => (name in fake.jar ? { name, value: fake.jar[name] } : undefined),
    getAll: () => Object.entries(fake.jar).map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => void (fake.jar[name] = value),
  }),
}));
// getServerSession, as next-auth's App Router helper runs it: the session action over the cookies
vi.mock("next-auth", async (importOriginal) => {
  const actual = await importOriginal<typeof import("next-auth")>();
  return {
    ...actual,
    getServerSession: async (options: unknown) => {
      const res = await AuthHandler<Record<string, unknown>>({
        req: { action: "session", method: "GET", cookies: { ...fake.jar }, headers: { host: "localhost:3999" } },
        options,
      });
      return res.body && Object.keys(res.body).length ? res.body : null;
    },
  };
});

const { getDb } = await import("@/lib/infra/db/db");
const { createAgency } = await import("@/lib/core/agencies/create-agency");
const { createUser } = await import("@/lib/core/users/create-user");
const { checkCredentials, LOGIN_THROTTLE } = await import("@/lib/core/users/check-credentials");
const { passwordChecksSoFar } = await import("@/lib/core/users/password");
const { WRONG_CURRENT_PASSWORD } = await import("@/lib/core/users/change-password");
const { authOptions } = await import("@/lib/surfaces/dashboard/auth-options");
const { changePasswordAction } = await import("@/app/(dashboard)/dashboard/security/security-actions");

const OLD = "correct horse battery staple 42";
const NEW = "violet tractor ocean lantern 17";
const SESSION_COOKIE = "next-auth.session-token";
let n = 0;

type Jar = Record<string, string>;

async function auth(action: string, jar: Jar, opts: { method?: string; body?: Record<string, string> } = {}) {
  const res = await AuthHandler<Record<string, unknown>>({
    req: {
      action,
      method: opts.method ?? "GET",
      body: opts.body,
      query: {},
      cookies: { ...jar },
      headers: { host: "localhost:3999" },
      providerId: action === "callback" ? "credentials" : undefined,
    },
    options: authOptions(),
  });
  for (const c of res.cookies ?? []) {
    if (c.value === "" || c.options?.maxAge === 0) delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return res;
}

/** Signs in through next-auth's credentials callback; the jar holds the session (or none). */
async function signIn(email: string, password: string): Promise<Jar> {
  const jar: Jar = {};
  const { body } = await auth("csrf", jar);
  await auth("callback", jar, { method: "POST", body: { csrfToken: String(body!.csrfToken), email, password } });
  return jar;
}

const sessionUser = async (cookie: string | undefined) =>
  cookie ? (await auth("session", { [SESSION_COOKIE]: cookie })).body?.userId : undefined;

async function account() {
  const agency = await createAgency({ name: "Password Co" });
  const email = `password-${++n}-${Date.now()}@example.com`;
  const user = await createUser({ agencyId: agency.id, email, password: OLD });
  fake.address = `198.51.100.${n + 10}`;
  return { agencyId: agency.id, email, userId: user.id };
}

const change = (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
  changePasswordAction(input);

describe("changing the password", () => {
  it("sets the new password, ends every other session and keeps this tab signed in", async () => {
    const { agencyId, email, userId } = await account();
    const thisTab = await signIn(email, OLD);
    const otherDevice = await signIn(email, OLD);
    const before = thisTab[SESSION_COOKIE]!;
    expect(await sessionUser(otherDevice[SESSION_COOKIE])).toBe(userId);

    fake.jar = thisTab;
    const res = await change({ currentPassword: OLD, newPassword: NEW, confirmPassword: NEW });
    expect(res).toEqual({ ok: true, data: { changed: true } });

    // the other session is refused; this tab's renewed cookie works, its old one does not
    expect(await sessionUser(otherDevice[SESSION_COOKIE])).toBeUndefined();
    expect(thisTab[SESSION_COOKIE]).not.toBe(before);
    expect(await sessionUser(thisTab[SESSION_COOKIE])).toBe(userId);
    expect(await sessionUser(before)).toBeUndefined();

    // the old password no longer signs in; the new one does
    expect((await signIn(email, OLD))[SESSION_COOKIE]).toBeUndefined();
    expect(await sessionUser((await signIn(email, NEW))[SESSION_COOKIE])).toBe(userId);

    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await db.auditEntry.findMany({ where: { agencyId, action: "user.password_changed" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: userId, actorEmail: email });
    expect(JSON.stringify(audit[0]!.changes)).not.toContain(NEW);
  });

  it("refuses a wrong current password on its field and changes nothing", async () => {
    const { email, userId } = await account();
    fake.jar = await signIn(email, OLD);
    const res = await change({ currentPassword: "not-my-password", newPassword: NEW, confirmPassword: NEW });
    expect(res).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      status: 400,
      fieldErrors: { currentPassword: WRONG_CURRENT_PASSWORD },
    });
    expect(Object.keys((res as { fieldErrors: object }).fieldErrors)).toEqual(["currentPassword"]);
    expect(await sessionUser(fake.jar[SESSION_COOKIE])).toBe(userId);
    expect((await checkCredentials({ email, password: OLD, address: "192.0.2.99" })).ok).toBe(true);
  });

  it("30 simultaneous wrong current passwords check no more than sign-in allows; then even the right one waits", async () => {
    const { email } = await account();
    fake.jar = await signIn(email, OLD);
    const before = passwordChecksSoFar();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        change({ currentPassword: `guess-${i}`, newPassword: NEW, confirmPassword: NEW }),
      ),
    );
    const checks = passwordChecksSoFar() - before;
    expect(checks).toBeLessThanOrEqual(LOGIN_THROTTLE.pairFreeFailures + 1);
    const throttled = answers.filter((a) => !a.ok && a.code === "RATE_LIMITED");
    expect(throttled.length).toBeGreaterThanOrEqual(30 - LOGIN_THROTTLE.pairFreeFailures - 1);
    expect(throttled[0]).toMatchObject({
      status: 429,
      fieldErrors: {
        currentPassword: expect.stringMatching(/^Too many wrong passwords\. Try again in \d+ (seconds?|minutes)\.$/),
      },
    });
    // the guesses count for sign-in from this address too: the right password waits as well
    const right = await change({ currentPassword: OLD, newPassword: NEW, confirmPassword: NEW });
    expect(right).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect((await checkCredentials({ email, password: OLD, address: fake.address })).ok).toBe(false);
  });

  it("names the field of each form mistake, without spending a password check", async () => {
    const { email } = await account();
    fake.jar = await signIn(email, OLD);
    const before = passwordChecksSoFar();
    const cases: [Record<string, string>, string][] = [
      [{ currentPassword: OLD, newPassword: "short", confirmPassword: "short" }, "newPassword"],
      [{ currentPassword: OLD, newPassword: NEW, confirmPassword: `${NEW}x` }, "confirmPassword"],
      [{ currentPassword: "", newPassword: NEW, confirmPassword: NEW }, "currentPassword"],
      [{ currentPassword: OLD, newPassword: "password123", confirmPassword: "password123" }, "newPassword"],
      [{ currentPassword: OLD, newPassword: OLD, confirmPassword: OLD }, "newPassword"],
    ];
    for (const [input, field] of cases) {
      const res = await change(input as never);
      expect(res, JSON.stringify(input)).toMatchObject({ ok: false, code: "VALIDATION_FAILED", status: 400 });
      expect(Object.keys((res as { fieldErrors: object }).fieldErrors), JSON.stringify(input)).toEqual([field]);
    }
    expect(passwordChecksSoFar() - before).toBe(0);
  });

  it("refuses without a session", async () => {
    fake.jar = {};
    expect(await change({ currentPassword: OLD, newPassword: NEW, confirmPassword: NEW })).toMatchObject({
      ok: false,
      code: "UNAUTHENTICATED",
    });
  });
});
