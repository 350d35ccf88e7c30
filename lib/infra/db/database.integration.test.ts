// The database layer against this test file's fresh database: the embedded folder's
// durability and lock, tenancy through the data-access functions, constraints the
// database itself enforces, the agency setup functions and the first-start demo seed.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { disconnectAccount } from "@/lib/core/accounts/disconnect-account";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { serializeAgency } from "@/lib/core/agencies/serialize-agency";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { hashApiKey } from "@/lib/core/api-keys/api-key-token";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { closeDb, EMBEDDED_SHARED_BUFFERS, getDb } from "@/lib/infra/db/db";
import { DataDirLockedError } from "@/lib/infra/db/data-dir-lock";
import { ApiError } from "@/lib/core/common/api-error";
import { setIntake } from "@/lib/core/intake/set-intake";
import { printDemoBanner, seedDemoIfEmpty } from "@/lib/runtime/seed/seed-demo";
import { createUser } from "@/lib/core/users/create-user";
import { verifyPassword } from "@/lib/core/users/password";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const embedded = !process.env.DATABASE_URL;
// the embedded data folder only exists without DATABASE_URL: these cases are defined on that run only
const describeEmbedded = embedded ? describe : ((() => {}) as unknown as typeof describe);

// Runs the holder helper with the given stdin lines; resolves when it exits.
function runHolder(input: string[]): Promise<{ code: number | null; stdout: string[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["test/support/hold-database.ts"], { cwd: ROOT, env: process.env });
    let stdout = "";
    let stderr = "";
    let sent = false;
    child.stdout.on("data", (d) => {
      stdout += d;
      // commands go in once the holder has opened the database
      if (!sent && stdout.includes('"ready"')) {
        sent = true;
        child.stdin.end(input.map((l) => `${l}\n`).join(""));
      }
    });
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: stdout.trim().split("\n").filter(Boolean), stderr });
    });
  });
}

async function expectApiError(promise: Promise<unknown>, code: string, field?: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe(code);
  if (field !== undefined) expect((err as ApiError).details[0]?.field).toBe(field);
}

afterAll(async () => {
  await closeDb();
});

describe("first-start demo seed", () => {
  it("seeds an empty database once and returns working credentials", async () => {
    const info = await seedDemoIfEmpty();
    expect(info).not.toBeNull();
    const { agencyId, email, password, apiKey } = info!;
    expect(email).toBe("demo@example.com");
    expect(password.length).toBeGreaterThanOrEqual(8);

    const db = await getDb();
    const agency = await db.agency.findUniqueOrThrow({ where: { id: agencyId } });
    expect(serializeAgency(agency)).toMatchObject({
      name: "Demo Agency",
      plan: "trial",
      trial: true,
      apiAccess: true,
      intakeFormEnabled: true,
    });
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(await verifyPassword(user.passwordHash, password)).toBe(true);
    expect(user.memberships).toMatchObject([{ agencyId, role: "owner" }]);
    const key = await db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(apiKey) } });
    expect(key).toMatchObject({ agencyId, revokedAt: null, scopes: [...API_SCOPES] });
    const accounts = await listAccounts({ agencyId });
    expect(accounts.map((a) => a.platform).sort()).toEqual(["google", "linkedin", "meta", "tiktok"]);
    expect(accounts.every((a) => a.status === "connected" && a.services.length > 0)).toBe(true);
    expect(await db.intakeQuestion.count({ where: { agencyId, archivedAt: null } })).toBe(2);

    expect(await seedDemoIfEmpty()).toBeNull();
    expect(await db.agency.count()).toBe(1);

    const text = printDemoBanner(info!, "http://localhost:3000/");
    expect(text).toContain(password);
    expect(text).toContain(`curl -H "Authorization: Bearer ${apiKey}" http://localhost:3000/api/v2/me`);
    expect(text).toContain("demo@example.com");
    if (embedded) await closeDb();
  });
});

describeEmbedded("embedded database folder", () => {
  it("keeps data written by a process that has exited", async () => {
    await closeDb();
    const writer = await runHolder(["create-agency Survives Restart", "exit"]);
    expect(writer.code, writer.stderr).toBe(0);
    const { id } = JSON.parse(writer.stdout[1]!) as { id: string };

    const db = await getDb();
    expect((await db.agency.findUnique({ where: { id } }))?.name).toBe("Survives Restart");
    await closeDb();

    const reader = await runHolder([`find-agency ${id}`, "exit"]);
    expect(reader.code, reader.stderr).toBe(0);
    expect(JSON.parse(reader.stdout[1]!)).toEqual({ found: true, name: "Survives Restart" });
  });

  it("refuses a second process while the folder is held", async () => {
    await getDb();
    const second = await runHolder(["exit"]);
    expect(second.code).toBe(3);
    const dir = path.resolve(process.env.DATA_DIR!);
    const expected = new DataDirLockedError(dir, process.pid).message;
    expect(JSON.parse(second.stderr.trim())).toEqual({ error: expected });
    expect(expected).toContain(`pid ${process.pid}`);
  });

  it("runs with the smaller shared_buffers that keeps an idle instance's memory down", async () => {
    const db = await getDb();
    const [row] = await db.$queryRaw<{ shared_buffers: string }[]>`SHOW shared_buffers`;
    expect(row!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    expect(EMBEDDED_SHARED_BUFFERS).toBe("16MB");
  });
});

describe("tenancy and constraints", () => {
  it("never mixes two agencies' accounts", async () => {
    const a = await createAgency({ name: "Agency A" });
    const b = await createAgency({ name: "Agency B" });
    const a1 = await connectAccount({ agencyId: a.id, platform: "meta" });
    const b1 = await connectAccount({ agencyId: b.id, platform: "meta" });
    const a2 = await connectAccount({
      agencyId: a.id,
      platform: "google",
      services: ["google_ads"],
      displayName: "A Google",
    });
    const b2 = await connectAccount({ agencyId: b.id, platform: "linkedin", business: { id: "li-9", name: "B Co" } });

    expect((await listAccounts({ agencyId: a.id })).map((x) => x.internalAccountId)).toEqual([
      a1.internalAccountId,
      a2.internalAccountId,
    ]);
    expect((await listAccounts({ agencyId: b.id })).map((x) => x.internalAccountId)).toEqual([
      b1.internalAccountId,
      b2.internalAccountId,
    ]);
    expect(b2.business).toEqual({ id: "li-9", name: "B Co" });

    // another agency's account reads as missing and stays untouched
    await expectApiError(disconnectAccount({ agencyId: a.id, internalAccountId: b1.internalAccountId }), "NOT_FOUND");
    expect((await listAccounts({ agencyId: b.id }))[0]!.status).toBe("connected");
    const gone = await disconnectAccount({ agencyId: a.id, internalAccountId: a1.internalAccountId });
    expect(gone.status).toBe("disconnected");
    expect((await listAccounts({ agencyId: a.id }))[0]).toEqual(gone);
    expect((await disconnectAccount({ agencyId: a.id, internalAccountId: a1.internalAccountId })).status).toBe(
      "disconnected",
    );

    const keyB = await createApiKey({ agencyId: b.id, scopes: ["clients:read"] });
    await expectApiError(revokeApiKey({ agencyId: a.id, id: keyB.id }), "NOT_FOUND");
    const db = await getDb();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyB.id } })).revokedAt).toBeNull();
  });

  it("enforces externalClientId uniqueness within an agency in the database", async () => {
    const a = await createAgency({ name: "Unique A" });
    const b = await createAgency({ name: "Unique B" });
    const db = await getDb();
    const client = (agencyId: string, externalClientId: string | null) =>
      db.client.create({
        data: { agencyId, externalClientId, name: "Pat", email: "pat@x.example", emailNormalized: "pat@x.example" },
      });
    await client(a.id, "crm-1");
    const err = await client(a.id, "crm-1").then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as { code?: string } | null)?.code).toBe("P2002");
    await expect(client(b.id, "crm-1")).resolves.toMatchObject({ agencyId: b.id, externalClientId: "crm-1" });
    await expect(client(a.id, "CRM-1")).resolves.toMatchObject({ externalClientId: "CRM-1" });
    await client(a.id, null);
    await client(a.id, null);
    expect(await db.client.count({ where: { agencyId: a.id } })).toBe(4);
  });
});

describe("agency setup functions", () => {
  it("createAgency validates and derives the slug", async () => {
    const agency = await createAgency({ name: "  Café Crème & Co!  ", plan: "agency" });
    expect(agency.name).toBe("Café Crème & Co!");
    expect(agency.slug).toMatch(/^cafe-creme-co-[a-z0-9]{6}$/);
    expect(serializeAgency(agency)).toMatchObject({
      plan: "agency",
      trial: false,
      clientLimit: null,
      prospectLimit: null,
      apiAccess: true,
    });
    expect(agency.staticLinkToken).toBeNull();
    expect(agency.staticLinkTokenHash).toMatch(/^[0-9a-f]{64}$/);
    await expectApiError(createAgency({ name: "" }), "VALIDATION_FAILED", "name");
    await expectApiError(createAgency({ name: "X", plan: "gold" }), "VALIDATION_FAILED", "plan");
  });

  it("setPlan applies plan defaults, explicit overrides and trial rules", async () => {
    const agency = await createAgency({ name: "Planner" });
    expect(agency.trialEndsAt).not.toBeNull();
    const starter = serializeAgency(await setPlan({ agencyId: agency.id, plan: "starter" }));
    expect(starter).toMatchObject({
      plan: "starter",
      trial: false,
      trialEndsAt: null,
      apiAccess: false,
      clientLimit: 25,
      prospectLimit: 25,
    });
    const back = serializeAgency(await setPlan({ agencyId: agency.id, plan: "trial", clientLimit: 3 }));
    expect(back).toMatchObject({ plan: "trial", trial: true, apiAccess: true, clientLimit: 3, prospectLimit: 10 });
    expect(back.trialEndsAt).not.toBeNull();
    // a running trial keeps its end date
    const same = serializeAgency(await setPlan({ agencyId: agency.id, trial: true, overage: true, included: null }));
    expect(same.trialEndsAt).toBe(back.trialEndsAt);
    expect(same.overage).toEqual({ enabled: true, included: null });
    await expectApiError(setPlan({ agencyId: agency.id, clientLimit: -1 }), "VALIDATION_FAILED", "clientLimit");
    await expectApiError(setPlan({ agencyId: agency.id, plan: "gold" }), "VALIDATION_FAILED", "plan");
    await expectApiError(setPlan({ agencyId: "00000000-0000-4000-8000-000000000000", plan: "pro" }), "NOT_FOUND");
  });

  it("createUser rejects duplicates case-insensitively and short passwords", async () => {
    const agency = await createAgency({ name: "Users" });
    const user = await createUser({
      agencyId: agency.id,
      email: "Sam@Users.Example",
      password: "long enough",
      role: "manager",
    });
    expect(user).toMatchObject({ email: "sam@users.example", role: "manager", agencyId: agency.id });
    await expectApiError(
      createUser({ agencyId: agency.id, email: "SAM@users.example", password: "long enough" }),
      "CONFLICT",
      "email",
    );
    await expectApiError(
      createUser({ agencyId: agency.id, email: "new@users.example", password: "1234567" }),
      "VALIDATION_FAILED",
      "password",
    );
    await expectApiError(
      createUser({ agencyId: agency.id, email: "new@users.example", password: "12345678", role: "god" }),
      "VALIDATION_FAILED",
      "role",
    );
  });

  it("createApiKey and revokeApiKey", async () => {
    const agency = await createAgency({ name: "Keys" });
    const key = await createApiKey({ agencyId: agency.id, scopes: ["usage:read", "clients:read", "usage:read"] });
    expect(key.scopes).toEqual(["clients:read", "usage:read"]);
    const db = await getDb();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).keyHash).toBe(hashApiKey(key.key));
    await expectApiError(
      createApiKey({ agencyId: agency.id, scopes: ["nope" as never] }),
      "VALIDATION_FAILED",
      "scopes",
    );
    await expectApiError(createApiKey({ agencyId: agency.id, scopes: [] }), "VALIDATION_FAILED", "scopes");
    const first = await revokeApiKey({ agencyId: agency.id, id: key.id });
    const again = await revokeApiKey({ agencyId: agency.id, id: key.id });
    expect(again).toEqual(first);
  });

  it("connectAccount validates platform and services", async () => {
    const agency = await createAgency({ name: "Accounts" });
    await expectApiError(connectAccount({ agencyId: agency.id, platform: "myspace" }), "VALIDATION_FAILED", "platform");
    await expectApiError(
      connectAccount({ agencyId: agency.id, platform: "meta", services: ["google_ads"] }),
      "VALIDATION_FAILED",
      "services",
    );
    await expectApiError(
      connectAccount({ agencyId: agency.id, platform: "meta", services: [] }),
      "VALIDATION_FAILED",
      "services",
    );
    await expectApiError(
      connectAccount({ agencyId: agency.id, platform: "meta", email: "nope" }),
      "VALIDATION_FAILED",
      "email",
    );
    expect(await listAccounts({ agencyId: agency.id })).toEqual([]);
  });

  it("setIntake archives replaced questions and leaves them when none are given", async () => {
    const agency = await createAgency({ name: "Intake" });
    const first = await setIntake({ agencyId: agency.id, enabled: true, questions: ["One?", "Two?"] });
    expect(first.questions.map((q) => [q.label, q.position, q.type, q.required])).toEqual([
      ["One?", 0, "text", false],
      ["Two?", 1, "text", false],
    ]);
    const toggled = await setIntake({ agencyId: agency.id, enabled: false });
    expect(toggled.questions).toEqual(first.questions);
    const replaced = await setIntake({ agencyId: agency.id, enabled: true, questions: ["Three?"] });
    expect(replaced.questions.map((q) => q.label)).toEqual(["Three?"]);
    const db = await getDb();
    expect(await db.intakeQuestion.count({ where: { agencyId: agency.id } })).toBe(3);
    expect(await db.intakeQuestion.count({ where: { agencyId: agency.id, archivedAt: { not: null } } })).toBe(2);
    await expectApiError(
      setIntake({ agencyId: agency.id, enabled: true, questions: ["ok", ""] }),
      "VALIDATION_FAILED",
      "questions[1]",
    );
    expect((await setIntake({ agencyId: agency.id, enabled: true, questions: [] })).questions).toEqual([]);
  });
});
