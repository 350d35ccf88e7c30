// Throttled attempts answer their documented refusal in the production build, where Next.js
// bundles the rate-limit library once per server bundle: a limiter made by one bundle (the
// sign-in route) and used by another (the Security page's and the invite page's server
// actions) throws its own bundle's refusal class, which the other bundle's `instanceof`
// did not recognise (a 500). So: a wrong current password on the Security page, again and
// again, ends in RATE_LIMITED on its field; sign-in names the wait (sign-in-throttled); an
// invite accepted with a wrong password is refused on its field; the client pages answer
// 429 with Retry-After. Never INTERNAL, never a 500, never `error=undefined`.
// PostgreSQL only: the test seeds the server's database from this process.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { callServerAction, cookieHeader, serverAction, signInDashboard } from "@/test/support/server-actions";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { createTeamInvite } from "@/lib/core/team/create-team-invite";

let app: RunningServer;
const PASSWORD = "violet tractor ocean lantern 17";

beforeAll(async () => {
  prepareStandalone();
  // the limits in this process's memory: each bundle's copy of the library meets the others'
  app = await startStandalone({ RATE_LIMIT_STORE: "memory", REDIS_URL: "" });
}, 150_000);
afterAll(() => stopServer(app));

type Result =
  { ok: true; data: unknown } | { ok: false; code: string; status: number; fieldErrors?: Record<string, string> };

/** Posts the credentials form as next-auth's client does; the error named in the answer's url. */
async function signInError(email: string, password: string): Promise<{ status: number; error: string | null }> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  for (const c of csrf.headers.getSetCookie()) {
    const [pair] = c.split(";");
    jar.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
  }
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${app.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const body = (await res.json()) as { url?: string };
  return { status: res.status, error: body.url ? new URL(body.url).searchParams.get("error") : null };
}

it("a throttled password change, sign-in and invite answer their refusals across bundles", async () => {
  const agency = await createAgency({ name: "Throttle Agency", plan: "agency" });
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await createUser({ agencyId: agency.id, email, password: PASSWORD, emailVerified: true });
  // the sign-in route makes the sign-in limiters (in its bundle)
  const jar = await signInDashboard(app.url, email, PASSWORD);

  // the Security page's action uses them: wrong current passwords until the wait starts
  const changePassword = serverAction("app/(dashboard)/dashboard/security/security-actions.ts", "changePasswordAction");
  const codes: string[] = [];
  for (let i = 0; i < 12 && !codes.includes("RATE_LIMITED"); i++) {
    const r = await callServerAction<Result>(
      app.url,
      changePassword,
      [
        {
          currentPassword: "not-the-password",
          newPassword: "amber kettle meadow 58",
          confirmPassword: "amber kettle meadow 58",
        },
      ],
      jar,
    );
    expect(r.status).toBe(200);
    expect(r.value.ok).toBe(false);
    const failure = r.value as Extract<Result, { ok: false }>;
    codes.push(failure.code);
    if (failure.code === "RATE_LIMITED") {
      expect(failure.status).toBe(429);
      expect(failure.fieldErrors?.currentPassword).toMatch(/try again/i);
    }
  }
  expect(codes).toContain("RATE_LIMITED");
  expect(codes.filter((c) => c !== "RATE_LIMITED" && c !== "VALIDATION_FAILED")).toEqual([]);

  // sign-in from the same address names the wait
  const errors: (string | null)[] = [];
  for (let i = 0; i < 8 && !errors.includes("sign-in-throttled"); i++) {
    const r = await signInError(email, "still-not-the-password");
    expect(r.status).toBeLessThan(500);
    errors.push(r.error);
  }
  expect(errors).toContain("sign-in-throttled");
  expect(errors.filter((e) => e !== "sign-in-throttled" && e !== "CredentialsSignin")).toEqual([]);

  // the invite page's action (another bundle) refuses the password on its field
  const other = await createAgency({ name: "Inviting Agency", plan: "agency" });
  const { token } = await createTeamInvite({ agencyId: other.id, input: { email, role: "member" } });
  const accept = serverAction("app/(auth)/join/[token]/join-actions.ts", "acceptInviteAction", `/join/${token}`);
  for (let i = 0; i < 3; i++) {
    const r = await callServerAction<Result>(app.url, accept, [{ token, password: "wrong-password-here" }], new Map());
    expect(r.value).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      fieldErrors: { password: expect.any(String) },
    });
  }
});

it("the client pages answer 429 with Retry-After once a link's limit is used up, on every form", async () => {
  const token = `missing-${crypto.randomUUID()}`;
  const statuses: number[] = [];
  let refused: Response | null = null;
  for (let i = 0; i < 70 && !refused; i++) {
    const path = i % 2 ? `/api/access/${token}/intake` : `/api/access/${token}/forward/resend`;
    const res = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: "surface=invite",
    });
    statuses.push(res.status);
    if (res.status === 429) refused = res;
    else await res.arrayBuffer();
  }
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(refused).not.toBeNull();
  expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await refused!.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
});
