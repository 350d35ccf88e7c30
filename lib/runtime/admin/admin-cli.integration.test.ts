// The admin CLI as the operator runs it: the real script in a child process, against
// this test file's fresh database. On the embedded database it also goes through the
// admin endpoint of another process holding the folder.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAdminEndpoint } from "@/lib/runtime/admin/admin-client";
import { AdminInputError, runAdminCommand } from "@/lib/runtime/admin/run-admin-command";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { listPlatformServices } from "@/lib/core/catalog/catalog";
import { closeDb, getDb, type Db } from "@/lib/infra/db/db";
import { lockHolder } from "@/lib/infra/db/data-dir-lock";
import { verifyPassword } from "@/lib/core/users/password";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const embedded = !process.env.DATABASE_URL;
// the embedded data folder only exists without DATABASE_URL: these cases are defined on that run only
const describeEmbedded = embedded ? describe : ((() => {}) as unknown as typeof describe);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["scripts/admin.ts", ...args], { cwd: ROOT, env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// The shapes are asserted by the tests themselves, so the parsed output stays loose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed CLI output, asserted field by field
async function ok(args: string[]): Promise<any> {
  const r = await cli(args);
  expect(r.code, `${args.join(" ")}\n${r.stderr}`).toBe(0);
  const lines = r.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

async function bad(args: string[]): Promise<{ code: string; message: string; field?: string }> {
  const r = await cli(args);
  expect(r.code, `${args.join(" ")}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(2);
  expect(r.stdout).toBe("");
  return (JSON.parse(r.stderr.trim()) as { error: { code: string; message: string; field?: string } }).error;
}

/** The CLI's command runner in this process: the error the CLI would print for bad input. */
async function runInProcess(args: string[]): Promise<{ code: string; message: string; field?: string }> {
  try {
    await runAdminCommand(args);
  } catch (err) {
    if (err instanceof AdminInputError) return err.toJSON();
    throw err;
  } finally {
    await closeDb();
  }
  throw new Error(`${args.join(" ")} succeeded`);
}

// On the embedded database the test process must let go of the folder before a CLI
// run, or the CLI would look for the running app's admin endpoint instead.
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  try {
    return await fn(db);
  } finally {
    if (embedded) await closeDb();
  }
}

async function snapshot() {
  return withDb(async (db) => ({
    agencies: await db.agency.findMany({ orderBy: { id: "asc" } }),
    users: await db.user.count(),
    memberships: await db.membership.count(),
    keys: await db.apiKey.findMany({ orderBy: { id: "asc" }, select: { id: true, revokedAt: true } }),
    accounts: await db.connectedAccount.count(),
    questions: await db.intakeQuestion.findMany({ orderBy: { id: "asc" }, select: { id: true, archivedAt: true } }),
  }));
}

afterAll(async () => {
  await closeDb();
});

describe("admin CLI, opening the database itself", () => {
  let agencyId = "";

  it("agency create prints the serialized agency", async () => {
    const agency = await ok(["agency", "create", "--name", "Acme Growth Ltd"]);
    expect(agency).toMatchObject({
      name: "Acme Growth Ltd",
      plan: "trial",
      trial: true,
      apiAccess: true,
      clientLimit: 10,
      prospectLimit: 10,
      overage: { enabled: false, included: null },
      intakeFormEnabled: false,
    });
    expect(agency.id).toMatch(UUID);
    expect(agency.slug).toMatch(/^acme-growth-ltd-[a-z0-9]{6}$/);
    expect(agency.createdAt).toMatch(ISO);
    const days = (Date.parse(agency.trialEndsAt) - Date.parse(agency.createdAt)) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    agencyId = agency.id;

    const starter = await ok(["agency", "create", "--name", "Small Shop", "--plan", "starter", "--api-access", "true"]);
    expect(starter).toMatchObject({
      plan: "starter",
      trial: false,
      trialEndsAt: null,
      apiAccess: true,
      clientLimit: 25,
    });
  });

  it("user create stores a lower-cased email and an argon2 hash", async () => {
    const user = await ok([
      "user",
      "create",
      "--agency",
      agencyId,
      "--email",
      "Owner@Acme.Example",
      "--password",
      "correct horse",
    ]);
    expect(user).toEqual({
      id: expect.stringMatching(UUID),
      email: "owner@acme.example",
      agencyId,
      role: "owner",
      createdAt: expect.stringMatching(ISO),
    });
    await withDb(async (db) => {
      const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { memberships: true } });
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.passwordHash, "correct horse")).toBe(true);
      expect(await verifyPassword(row.passwordHash, "wrong horse")).toBe(false);
      expect(row.memberships).toMatchObject([{ agencyId, role: "owner" }]);
    });
  });

  it("key create shows the key once and stores only its hash; key revoke revokes it", async () => {
    const all = await ok(["key", "create", "--agency", agencyId, "--scopes", "all", "--name", "CRM sync"]);
    expect(Object.keys(all).sort()).toEqual(["createdAt", "id", "key", "name", "prefix", "scopes"]);
    expect(all.scopes).toEqual([...API_SCOPES]);
    expect(all.name).toBe("CRM sync");
    expect(all.key.startsWith(all.prefix)).toBe(true);

    const some = await ok(["key", "create", "--agency", agencyId, "--scopes", "requests:read,clients:read"]);
    expect(some.scopes).toEqual(["clients:read", "requests:read"]);
    expect(some.name).toBe("API key");

    const revoked = await ok(["key", "revoke", "--id", some.id]);
    expect(revoked).toEqual({ id: some.id, revokedAt: expect.stringMatching(ISO) });
    await withDb(async (db) => {
      const rows = await db.apiKey.findMany({ where: { agencyId } });
      expect(rows.map((r) => r.keyHash)).not.toContain(all.key);
      expect(JSON.stringify(rows)).not.toContain(all.key);
      expect(rows.find((r) => r.id === some.id)?.revokedAt?.toISOString()).toBe(revoked.revokedAt);
      expect(rows.find((r) => r.id === all.id)?.revokedAt).toBeNull();
    });
  });

  it("account connect prints the Connected account", async () => {
    const meta = await ok(["account", "connect", "--agency", agencyId, "--platform", "meta"]);
    expect(Object.keys(meta).sort()).toEqual(
      [
        "business",
        "displayName",
        "email",
        "internalAccountId",
        "linkedAt",
        "platform",
        "platformAccountId",
        "services",
        "status",
      ].sort(),
    );
    expect(meta.internalAccountId).toMatch(/^acc_[A-Za-z0-9_-]{16}$/);
    expect(meta).toMatchObject({
      platform: "meta",
      status: "connected",
      business: null,
      email: null,
      platformAccountId: null,
    });
    expect(meta.services).toEqual(listPlatformServices("meta").map((s) => s.id));
    expect(meta.linkedAt).toMatch(ISO);

    const google = await ok([
      "account",
      "connect",
      "--agency",
      agencyId,
      "--platform",
      "google",
      "--services",
      "google_ads,google_analytics",
      "--display-name",
      "Acme MCC",
    ]);
    expect(google).toMatchObject({
      platform: "google",
      displayName: "Acme MCC",
      services: ["google_ads", "google_analytics"],
    });

    const bm = await ok([
      "account",
      "connect",
      "--agency",
      agencyId,
      "--platform",
      "meta",
      "--business-id",
      "770000000001",
      "--business-name",
      "Agency BM",
      "--email",
      "ops@agency.test",
      "--platform-account-id",
      "20002",
    ]);
    expect(bm).toMatchObject({
      business: { id: "770000000001", name: "Agency BM" },
      email: "ops@agency.test",
      platformAccountId: "20002",
    });
    expect(
      await bad(["account", "connect", "--agency", agencyId, "--platform", "meta", "--business-name", "No id"]),
    ).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "business-id",
    });
    expect(
      await bad(["account", "connect", "--agency", agencyId, "--platform", "meta", "--email", "not-an-email"]),
    ).toMatchObject({ code: "VALIDATION_FAILED", field: "email" });
  });

  it("plan set changes plan, limits and overage", async () => {
    const pro = await ok(["plan", "set", "--agency", agencyId, "--plan", "pro"]);
    expect(pro).toMatchObject({
      id: agencyId,
      plan: "pro",
      trial: false,
      trialEndsAt: null,
      apiAccess: true,
      clientLimit: 100,
      prospectLimit: 100,
    });

    const custom = await ok([
      "plan",
      "set",
      "--agency",
      agencyId,
      "--client-limit",
      "none",
      "--prospect-limit",
      "7",
      "--overage",
      "true",
      "--included",
      "40",
      "--api-access",
      "false",
      "--trial",
      "true",
    ]);
    expect(custom).toMatchObject({
      plan: "pro",
      trial: true,
      apiAccess: false,
      clientLimit: null,
      prospectLimit: 7,
      overage: { enabled: true, included: 40 },
    });
    expect(custom.trialEndsAt).toMatch(ISO);
  });

  it("intake set enables the form and replaces its questions, archiving the old ones", async () => {
    const first = await ok([
      "intake",
      "set",
      "--agency",
      agencyId,
      "--enabled",
      "true",
      "--question",
      "Your website?",
      "--question",
      "Monthly budget?",
    ]);
    expect(first).toMatchObject({
      agencyId,
      enabled: true,
      questions: [
        { type: "text", label: "Your website?", required: false, position: 0 },
        { type: "text", label: "Monthly budget?", required: false, position: 1 },
      ],
    });
    const second = await ok([
      "intake",
      "set",
      "--agency",
      agencyId,
      "--enabled",
      "true",
      "--question",
      "Who signs off?",
    ]);
    expect(second.questions.map((q: { label: string }) => q.label)).toEqual(["Who signs off?"]);
    const off = await ok(["intake", "set", "--agency", agencyId, "--enabled", "false"]);
    expect(off).toMatchObject({ enabled: false, questions: [{ label: "Who signs off?" }] });

    await withDb(async (db) => {
      const rows = await db.intakeQuestion.findMany({ where: { agencyId } });
      expect(rows).toHaveLength(3);
      expect(
        rows
          .filter((r) => r.archivedAt !== null)
          .map((r) => r.label)
          .sort(),
      ).toEqual(["Monthly budget?", "Your website?"]);
      expect((await db.agency.findUniqueOrThrow({ where: { id: agencyId } })).intakeFormEnabled).toBe(false);
    });
  });

  it("bad input exits 2 with JSON naming the field and writes nothing", { timeout: 300_000 }, async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const cases: [string[], string, string | undefined][] = [
      [["agency", "create"], "USAGE", "name"],
      [["agency", "create", "--name", "X", "--plan", "gold"], "VALIDATION_FAILED", "plan"],
      [["agency", "create", "--name", "X", "--api-access", "maybe"], "VALIDATION_FAILED", "api-access"],
      [["agency", "create", "--name", "   "], "VALIDATION_FAILED", "name"],
      [["agency", "create", "--name", "X", "--colour", "red"], "USAGE", "colour"],
      [["agency", "remove", "--name", "X"], "USAGE", undefined],
      [[], "USAGE", undefined],
      [
        ["user", "create", "--agency", "not-a-uuid", "--email", "a@b.example", "--password", "12345678"],
        "NOT_FOUND",
        "agency",
      ],
      [
        ["user", "create", "--agency", missing, "--email", "a@b.example", "--password", "12345678"],
        "NOT_FOUND",
        "agency",
      ],
      [
        ["user", "create", "--agency", agencyId, "--email", "a@b.example", "--password", "short"],
        "VALIDATION_FAILED",
        "password",
      ],
      [
        ["user", "create", "--agency", agencyId, "--email", "not an email", "--password", "12345678"],
        "VALIDATION_FAILED",
        "email",
      ],
      [
        ["user", "create", "--agency", agencyId, "--email", "OWNER@acme.example", "--password", "12345678"],
        "CONFLICT",
        "email",
      ],
      [
        ["key", "create", "--agency", agencyId, "--scopes", "clients:read,clients:delete"],
        "VALIDATION_FAILED",
        "scopes",
      ],
      [["key", "create", "--agency", agencyId, "--scopes", ","], "VALIDATION_FAILED", "scopes"],
      [["key", "create", "--agency", missing, "--scopes", "all"], "NOT_FOUND", "agency"],
      [["key", "revoke", "--id", "nope"], "NOT_FOUND", "id"],
      [["key", "revoke", "--id", missing], "NOT_FOUND", "id"],
      [["account", "connect", "--agency", agencyId, "--platform", "myspace"], "VALIDATION_FAILED", "platform"],
      [
        ["account", "connect", "--agency", agencyId, "--platform", "meta", "--services", "meta_ads,google_ads"],
        "VALIDATION_FAILED",
        "services",
      ],
      [["account", "connect", "--agency", "123", "--platform", "meta"], "NOT_FOUND", "agency"],
      [["plan", "set", "--agency", agencyId, "--client-limit", "1.5"], "VALIDATION_FAILED", "client-limit"],
      [["plan", "set", "--agency", agencyId, "--prospect-limit", "lots"], "VALIDATION_FAILED", "prospect-limit"],
      [["plan", "set", "--agency", agencyId, "--included", "1e3"], "VALIDATION_FAILED", "included"],
      [["plan", "set", "--agency", agencyId, "--plan", "enterprise"], "VALIDATION_FAILED", "plan"],
      [["plan", "set", "--agency", agencyId, "--overage", "yes"], "VALIDATION_FAILED", "overage"],
      [["plan", "set", "--agency", missing, "--plan", "pro"], "NOT_FOUND", "agency"],
      [["intake", "set", "--agency", agencyId, "--enabled", "on"], "VALIDATION_FAILED", "enabled"],
      [
        ["intake", "set", "--agency", agencyId, "--enabled", "true", "--question", "Fine", "--question", " "],
        "VALIDATION_FAILED",
        "question",
      ],
      [["intake", "set", "--agency", agencyId], "USAGE", "enabled"],
    ];
    const before = await snapshot();
    // Three cases go through the real CLI (exit code 2, the error as JSON on stderr, nothing on
    // stdout); the rest through the same command runner in this process, which decides what the
    // CLI prints. A CLI run costs a process start (and on the embedded database it opens the
    // folder in turn): thirty of them were the slowest part of the integration tier.
    const throughCli = new Set([0, 1, 8]);
    const results: { code: string; field?: string }[] = [];
    for (const [i, [args]] of cases.entries()) {
      results.push(throughCli.has(i) ? await bad(args) : await runInProcess(args));
    }
    cases.forEach(([args, code, field], i) => {
      expect({ args, code: results[i]!.code, field: results[i]!.field }).toEqual({ args, code, field });
      expect(typeof (results[i] as { message?: unknown }).message).toBe("string");
    });
    expect(await snapshot()).toEqual(before);
  });
});

interface Holder {
  child: ChildProcessWithoutNullStreams;
  ready: { pid: number; port: number };
  ask(line: string): Promise<Record<string, unknown>>;
  stop(): Promise<number | null>;
}

// A child process holding the embedded folder, as the running app does.
async function startHolder(): Promise<Holder> {
  const child = spawn(TSX, ["test/support/hold-database.ts"], { cwd: ROOT, env: process.env });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on("line", (line) => waiting.shift()?.(line));
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`holder did not answer; stderr: ${stderr}`)), 60_000);
      waiting.push((line) => {
        clearTimeout(timer);
        resolve(JSON.parse(line) as Record<string, unknown>);
      });
    });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = (await next()) as { pid: number; port: number };
  return {
    child,
    ready,
    ask: (line) => {
      const answer = next();
      child.stdin.write(`${line}\n`);
      return answer;
    },
    stop: async () => {
      if (child.exitCode === null) child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

describeEmbedded("admin CLI while another process holds the embedded folder", () => {
  let holder: Holder | undefined;

  beforeAll(async () => {
    await closeDb();
    holder = await startHolder();
  });

  afterAll(async () => {
    if (holder) {
      await holder.stop();
      expect(readAdminEndpoint()).toBeNull();
    }
  });

  it("publishes its endpoint in DATA_DIR/admin.json, readable by the owner only", () => {
    const endpoint = readAdminEndpoint();
    expect(endpoint).toMatchObject({ pid: holder!.ready.pid, port: holder!.ready.port });
    expect(endpoint!.token.length).toBeGreaterThanOrEqual(43);
    const file = path.join(path.resolve(process.env.DATA_DIR ?? ".data"), "admin.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("sends the command to the holder, which sees the new row", async () => {
    const agency = await ok(["agency", "create", "--name", "Through The App"]);
    expect(agency.name).toBe("Through The App");
    expect(await holder!.ask(`find-agency ${agency.id}`)).toEqual({ found: true, name: "Through The App" });
    expect(lockHolder(path.resolve(process.env.DATA_DIR ?? ".data"))).toBe(holder!.ready.pid);

    const account = await ok(["account", "connect", "--agency", agency.id, "--platform", "tiktok"]);
    expect(account).toMatchObject({ platform: "tiktok", status: "connected" });
  });

  it("bad input through the endpoint still exits 2 naming the field", async () => {
    expect(
      await bad(["user", "create", "--agency", "nope", "--email", "x@y.example", "--password", "12345678"]),
    ).toMatchObject({
      code: "NOT_FOUND",
      field: "agency",
    });
    expect(await bad(["plan", "set", "--agency", "nope", "--included", "x"])).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "included",
    });
  });

  it("refuses requests without the right token with 401", async () => {
    const { port, token } = readAdminEndpoint()!;
    const body = JSON.stringify({ argv: ["agency", "create", "--name", "Intruder"] });
    const wrong = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.slice(0, -1)}x` },
      body,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
    const none = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body });
    expect(none.status).toBe(401);
    const short = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      headers: { authorization: "Bearer abc" },
      body,
    });
    expect(short.status).toBe(401);

    const right = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(right.status).toBe(400);
    expect(await right.json()).toMatchObject({ ok: false, error: { code: "USAGE" } });
  });

  it("removes admin.json when the holder stops, and the CLI then opens the folder itself", async () => {
    expect(await holder!.stop()).toBe(0);
    holder = undefined;
    expect(readAdminEndpoint()).toBeNull();
    const agency = await ok(["agency", "create", "--name", "After The App"]);
    expect(agency.name).toBe("After The App");
    await withDb(async (db) => {
      expect(await db.agency.count({ where: { name: { in: ["Through The App", "After The App", "Intruder"] } } })).toBe(
        2,
      );
    });
  });
});
