// next-auth's routes in the production build answer bad input as bad input: a malformed
// JSON body is a 400 with a JSON error (next-auth itself would throw: a 500), a post
// without its csrf token a 400 whose body says so (not "[object Object]"), and a NUL in
// the sign-in email a named sign-in error, never the database's message in the URL.
import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";

let app: RunningServer;

beforeAll(async () => {
  prepareStandalone();
  app = await startStandalone();
}, 150_000);
afterAll(() => stopServer(app));

it("answers malformed bodies, a missing csrf token and a NUL in the email with a named 4xx", async () => {
  for (const action of ["callback/credentials", "signout", "session", "_log"]) {
    const res = await fetch(`${app.url}/api/auth/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"csrfToken": ',
    });
    expect(res.status, action).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", message: "The body is not valid JSON." },
    });
  }

  const update = await fetch(`${app.url}/api/auth/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { agencyId: "x" } }),
  });
  expect(update.status).toBe(400);
  const text = await update.text();
  expect(text).not.toContain("[object Object]");
  expect(JSON.parse(text)).toMatchObject({ error: { details: [{ field: "csrfToken" }] } });

  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${app.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: `csrfToken=${encodeURIComponent(csrfToken)}&email=a%00b%40example.com&password=whatever&json=true`,
  });
  expect(signIn.status).toBeLessThan(500);
  const url = ((await signIn.json()) as { url: string }).url;
  expect(new URL(url).searchParams.get("error")).toBe("invalid-characters");
  expect(url).not.toMatch(/prisma|invalid byte|22021/i);
});
