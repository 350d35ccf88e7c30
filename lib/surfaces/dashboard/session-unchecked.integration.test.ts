// A database error never ends a session: while the session check cannot reach the database
// (a restart), next-auth's jwt callback keeps the token, marked unchecked, instead of
// throwing (which would clear the cookie); the dashboard's actions answer 503 with
// Retry-After meanwhile, and the same cookie works again once the database answers.
import { beforeAll, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => ({
  down: false,
  session: null as Record<string, unknown> | null,
  headers: new Headers(),
}));
vi.mock("@/lib/core/users/session-version", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/core/users/session-version")>();
  return {
    ...real,
    currentSessionVersion: async (userId: string) => {
      if (fake.down) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      return real.currentSessionVersion(userId);
    },
  };
});
vi.mock("next-auth", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getServerSession: async () => fake.session,
}));
vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  headers: async () => fake.headers,
}));

const { createAgency } = await import("@/lib/core/agencies/create-agency");
const { createUser } = await import("@/lib/core/users/create-user");
const { authOptions } = await import("@/lib/surfaces/dashboard/auth-options");
const { dashboardAction } = await import("@/lib/surfaces/dashboard/dashboard-action");
const { SESSION_UNCHECKED } = await import("@/lib/surfaces/dashboard/dashboard-context");
const { TAB_AGENCY_HEADER } = await import("@/lib/surfaces/dashboard/tab-agency-header");
const { setLogDestination } = await import("@/lib/infra/log");
const { z } = await import("zod");

let userId: string;
let agencyId: string;

beforeAll(async () => {
  agencyId = (await createAgency({ name: "Restart Co" })).id;
  userId = (await createUser({ agencyId, email: `restart-${Date.now()}@agency.test`, password: "x".repeat(16) })).id;
  fake.headers = new Headers({ [TAB_AGENCY_HEADER]: agencyId });
});

// next-auth's two callbacks, as it runs them on every request carrying the cookie
async function sessionFor(token: Record<string, unknown>) {
  const { callbacks } = authOptions();
  const next: Record<string, unknown> = await callbacks!.jwt!({ token, trigger: undefined } as never);
  const session: object = await callbacks!.session!({ session: { expires: "" }, token: next } as never);
  return { token: next, session: { ...session } as Record<string, unknown> };
}

describe("a database error during the session check", () => {
  it("keeps the session (unchecked), answers 503 meanwhile, and is checked again once the database answers", async () => {
    const action = dashboardAction("read", z.strictObject({}), async () => "ran");
    const token = { userId, sv: 0 };
    setLogDestination({ write: () => {} });
    try {
      fake.down = true;
      const during = await sessionFor(token);
      expect(during.token).toMatchObject({ userId, sv: 0, unchecked: true });
      expect(during.session).toMatchObject({ userId, unchecked: true });
      fake.session = during.session;
      expect(await action({})).toMatchObject({
        ok: false,
        code: "SERVICE_UNAVAILABLE",
        status: 503,
        error: SESSION_UNCHECKED,
      });

      fake.down = false;
      const after = await sessionFor(during.token);
      expect(after.token.unchecked).toBeUndefined();
      expect(after.session.unchecked).toBeUndefined();
      fake.session = after.session;
      expect(await action({})).toEqual({ ok: true, data: "ran" });
    } finally {
      setLogDestination(null);
    }
  });

  it("still ends a session whose version was raised", async () => {
    await expect(sessionFor({ userId, sv: 41 })).rejects.toThrow(/session ended/);
  });
});
