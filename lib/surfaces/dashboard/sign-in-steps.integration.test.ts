// The first step of a two-factor sign-in (right password, no code yet), as next-auth's
// route answers its browser client (`json: true`): next-auth says 401 for it like for any
// refusal, which the browser logs as a failed request on a sign-in that is going fine. Our
// route answers that step 200 with the same body; a wrong password or code stays 401.
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "otplib";
import { getDb } from "@/lib/infra/db/db";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { hashPassword } from "@/lib/core/users/password";
import { beginTwoFactorEnrolment, confirmTwoFactorEnrolment } from "@/lib/core/users/two-factor";
import { authOptions, TWO_FACTOR_REQUIRED } from "@/lib/surfaces/dashboard/auth-options";
import { secondFactorStepAsNext } from "@/lib/surfaces/dashboard/auth-request-screen";

const PASSWORD = "correct horse battery staple 42";

// next-auth's core handler (what its route hands every request to); not in its package exports
const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
  AuthHandler: (p: { req: Record<string, unknown>; options: unknown }) => Promise<{
    status?: number;
    redirect?: string;
    body?: { csrfToken?: string };
    cookies?: { name: string; value: string }[];
  }>;
};

/** A credentials post as next-auth's route answers it to its browser client. */
async function signInPost(fields: Record<string, string>): Promise<Response> {
  const cookies: Record<string, string> = {};
  const csrf = await AuthHandler({
    req: { action: "csrf", method: "GET", query: {}, cookies, headers: { host: "localhost:3999" } },
    options: authOptions(),
  });
  for (const c of csrf.cookies ?? []) cookies[c.name] = c.value;
  const res = await AuthHandler({
    req: {
      action: "callback",
      providerId: "credentials",
      method: "POST",
      body: { ...fields, csrfToken: csrf.body!.csrfToken!, json: "true" },
      query: {},
      cookies,
      headers: { host: "localhost:3999", "x-forwarded-for": "10.77.0.1" },
    },
    options: authOptions(),
  });
  // what next-auth's route handler makes of it (next-auth/next/index.js)
  const answer = new Response(JSON.stringify({ url: res.redirect }), {
    status: res.status ?? 200,
    headers: { "content-type": "application/json" },
  });
  for (const c of res.cookies ?? []) answer.headers.append("set-cookie", `${c.name}=${c.value}`);
  return answer;
}

describe("a two-factor sign-in's first step", () => {
  it("answers 200 asking for the code, with no session; a wrong password or code stays 401", async () => {
    const agency = await createAgency({ name: "Steps Agency" });
    const email = `steps-${Date.now()}@2fa.test`;
    const db = await getDb();
    const user = await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD) } });
    await db.membership.create({ data: { agencyId: agency.id, userId: user.id, role: "owner" } });
    const { secret } = await beginTwoFactorEnrolment({ userId: user.id });
    await confirmTwoFactorEnrolment({ userId: user.id, code: await generate({ secret }) });

    const raw = await signInPost({ email, password: PASSWORD });
    expect(raw.status).toBe(401); // next-auth's own answer
    const first = await secondFactorStepAsNext(raw, TWO_FACTOR_REQUIRED);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { url: string };
    expect(new URL(body.url).searchParams.get("error")).toBe(TWO_FACTOR_REQUIRED);
    expect(first.headers.getSetCookie().some((c) => c.includes("session-token="))).toBe(false);

    for (const fields of <Record<string, string>[]>[
      { email, password: "not the password at all" },
      { email, password: PASSWORD, code: "000000x" },
    ]) {
      const refused = await secondFactorStepAsNext(await signInPost(fields), TWO_FACTOR_REQUIRED);
      expect(refused.status).toBe(401);
    }
  });
});
