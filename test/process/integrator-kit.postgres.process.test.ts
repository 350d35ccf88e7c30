// The integrator kit against the built app, the way an integrator meets it:
// - the instance serves the tarball of the SDK it was built with (scripts/pack-sdk.mjs) at
//   /sdk/access-requests-sdk-<version>.tgz and at the stable /sdk/access-requests-sdk.tgz;
// - three fresh consumer projects (CommonJS JavaScript, ESM JavaScript, TypeScript with node16
//   resolution) `npm install` that URL, as the README says, and run the spec's typical flow
//   with an API key: a receiver and its webhook, find or create the client by its external id,
//   the catalog and the accounts, create the request, read it back, and verify the signed
//   delivery of `client.created` with the SDK (the ESM one with its edge entry point too);
// - newman runs the Postman collection (api-collection/) with its environment file as a flow,
//   with 0 failures and at least one assertion per request; without a webhookUrl (the
//   environment file's default) the webhook folder is skipped and the rest passes.
// (scripts/check-integrator-kit.sh checks the rest before any build: the linters, attw, the
// tarball's changelog.) Nothing here depends on the database mode: it runs once, in the
// PostgreSQL pass (vitest.process.config.ts).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { closeDb } from "@/lib/infra/db/db";

type Kind = "cjs" | "esm" | "ts";
const KINDS: Kind[] = ["cjs", "esm", "ts"];
const ROOT = path.resolve(import.meta.dirname, "../..");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "sdk/package.json"), "utf8")) as { version: string })
  .version;
// the seeded accounts and the server share one key
process.env.ENCRYPTION_KEY ||= crypto.randomBytes(32).toString("hex");

let app: RunningServer;
/** One agency per consumer project, so each webhook hears only its own project's client. */
const sdkAgencies: Partial<Record<Kind, SeededV2Agency>> = {};
let postmanAgency: SeededV2Agency;
let noReceiverAgency: SeededV2Agency;
let receiver: http.Server;
let receiverUrl: string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "integrator-kit-"));

beforeAll(async () => {
  prepareStandalone();
  for (const kind of KINDS) sdkAgencies[kind] = await seedV2Agency();
  postmanAgency = await seedV2Agency();
  noReceiverAgency = await seedV2Agency();
  // the embedded database belongs to one process: the server's from here on
  if (!process.env.DATABASE_URL) await closeDb();
  receiver = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end("ok")));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  app = await startStandalone({ WEBHOOK_ALLOW_LOOPBACK: "1", WORKER_IN_PROCESS: "1" });
}, 150_000);

afterAll(async () => {
  await stopServer(app);
  receiver?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs a command; resolves with its output, rejects with it when it exits non-zero. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        npm_config_audit: "false",
        npm_config_fund: "false",
        npm_config_update_notifier: "false",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${out}`)),
    );
  });
}

describe("the SDK tarball", () => {
  it("is served at the version's path and at the stable alias: an npm tarball of this version", async () => {
    const versioned = await fetch(`${app.url}/sdk/access-requests-sdk-${VERSION}.tgz`);
    expect(versioned.status).toBe(200);
    const bytes = Buffer.from(await versioned.arrayBuffer());
    const latest = await fetch(`${app.url}/sdk/access-requests-sdk.tgz`);
    expect(latest.status).toBe(200);
    expect(Buffer.from(await latest.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(`${app.url}/sdk/access-requests-sdk-0.0.0.tgz`)).status).toBe(404);

    const file = path.join(work, "served.tgz");
    fs.writeFileSync(file, bytes);
    const entries = (await run("tar", ["-tzf", file], work)).split("\n").filter(Boolean);
    expect(entries).toEqual(
      expect.arrayContaining([
        "package/package.json",
        "package/dist/index.js",
        "package/dist/cjs/index.js",
        "package/openapi.json",
      ]),
    );
    expect(entries.every((e) => e.startsWith("package/"))).toBe(true);
    const manifest = JSON.parse(await run("tar", ["-xzOf", file, "package/package.json"], work));
    expect(manifest).toMatchObject({ name: "@access-requests/sdk", version: VERSION });
  });
});

/** One consumer's program: the typical flow, written for its module system (annotated for TypeScript). */
function consumerSource(kind: Kind): string {
  const ts = kind === "ts";
  const t = (annotation: string) => (ts ? annotation : "");
  const imports =
    kind === "cjs"
      ? 'const http = require("node:http");\nconst { createAccessRequestsClient, verifyWebhook } = require("@access-requests/sdk");'
      : 'import * as http from "node:http";\nimport { createAccessRequestsClient, verifyWebhook } from "@access-requests/sdk";' +
        (kind === "esm" ? '\nimport { verifyWebhookAsync } from "@access-requests/sdk/edge";' : "");
  // the ESM project also verifies with the edge entry point (WebCrypto)
  const edge =
    kind === "esm"
      ? '\n  if ((await verifyWebhookAsync({ payload, signature, secret: webhook.secret })).id !== event.id) throw new Error("edge verification");'
      : "";
  return `${imports}

const api = createAccessRequestsClient({ baseUrl: process.env.ACCESS_API_URL${t("!")}, apiKey: process.env.ACCESS_API_KEY${t("!")} });

async function main()${t(": Promise<void>")} {
  // a receiver for the webhook: it keeps the first delivery's raw body and signature
  const delivered = new Promise${t("<{ payload: Buffer; signature: string }>")}((resolve) => {
    const server = http.createServer((req, res) => {
      const chunks${t(": Buffer[]")} = [];
      req.on("data", (c${t(": Buffer")}) => chunks.push(c));
      req.on("end", () => {
        res.writeHead(200).end("ok");
        server.close();
        resolve({ payload: Buffer.concat(chunks), signature: String(req.headers["service-signature"]) });
      });
    });
    server.listen(Number(process.env.RECEIVER_PORT), "127.0.0.1");
  });
  const webhook = await api.webhooks.create({
    url: "http://127.0.0.1:" + process.env.RECEIVER_PORT + "/hook",
    events: ["client.created"],
  });

  // find or create the client by the agency's own id
  const externalClientId = "crm-${kind}-" + Date.now();
  const found = await api.clients.list({ externalClientId });
  const client = found.data[0] ?? (await api.clients.create({ name: "Ada Lovelace", email: "ada@example.com", externalClientId }));

  // the catalog and the agency's accounts: a service one of them can receive
  const [services, accounts] = await Promise.all([api.services.list(), api.accounts.list()]);
  const account = accounts.find((a) => a.status === "connected" && a.services.length > 0);
  const service = services.find((s) => account !== undefined && account.services.includes(s.id) && s.accountLinkFields.every((f) => !f.required));
  if (!account || !service) throw new Error("no connected account with a service to request");
  const role = service.roles[0];

  // the request, and read it back
  const created = await api.requests.create({
    clientId: client.id,
    requestedServices: {
      [service.id]: { ...(role ? { accessLevel: role.value } : {}), requestedAccountLinks: [{ internalAccountId: account.internalAccountId }] },
    },
  });
  const request = await api.requests.get(created.id);
  if (request.id !== created.id || request.clientId !== client.id || !request.inviteUrl) throw new Error("read back another request");

  // the delivery of client.created, verified with the webhook's secret
  const timeout = new Promise${t("<never>")}((_, reject) => setTimeout(() => reject(new Error("no delivery in 60 s")), 60_000).unref());
  const { payload, signature } = await Promise.race([delivered, timeout]);
  const event = verifyWebhook({ payload, signature, secret: webhook.secret });
  if (event.type !== "client.created" || event.data.client.id !== client.id) throw new Error("unexpected event " + event.type);${edge}

  console.log(JSON.stringify({ kind: "${kind}", clientId: client.id, requestId: request.id, status: request.status, event: event.type, service: service.id }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
`;
}

async function consumer(kind: Kind, tarballUrl: string, receiverPort: number) {
  const dir = path.join(work, kind);
  fs.mkdirSync(dir);
  const type = kind === "esm" ? "module" : "commonjs";
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: `consumer-${kind}`, version: "1.0.0", private: true, type }),
  );
  const entry = kind === "esm" ? "index.mjs" : kind === "ts" ? "index.ts" : "index.js";
  fs.writeFileSync(path.join(dir, entry), consumerSource(kind));
  // the README's install line; the SDK's one dependency comes from npm's cache when it has it
  await run("npm", ["install", "--prefer-offline", "--no-package-lock", tarballUrl], dir);
  let program = entry;
  if (kind === "ts") {
    // the root's TypeScript and Node types, so the project installs only the SDK
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "node16",
          moduleResolution: "node16",
          target: "ES2022",
          lib: ["ES2022", "DOM"],
          strict: true,
          outDir: "dist",
          types: ["node"],
          typeRoots: [path.join(ROOT, "node_modules/@types")],
        },
        files: ["index.ts"],
      }),
    );
    await run(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], dir);
    program = "dist/index.js";
  }
  const installed = JSON.parse(
    fs.readFileSync(path.join(dir, "node_modules/@access-requests/sdk/package.json"), "utf8"),
  ) as { version: string };
  const out = await run(process.execPath, [program], dir, {
    ACCESS_API_URL: app.url,
    ACCESS_API_KEY: sdkAgencies[kind]!.key,
    RECEIVER_PORT: String(receiverPort),
  });
  return { installed: installed.version, result: JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, string> };
}

async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: n }, async () => {
      const s = http.createServer();
      await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
      return s;
    }),
  );
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

describe("three consumer projects", () => {
  it(
    "install the SDK from the instance's URL and run the typical flow with an API key",
    { timeout: 240_000 },
    async () => {
      const ports = await freePorts(KINDS.length);
      const url = `${app.url}/sdk/access-requests-sdk.tgz`;
      const results = await Promise.all(KINDS.map((kind, i) => consumer(kind, url, ports[i]!)));
      for (const [i, { installed, result }] of results.entries()) {
        expect(installed).toBe(VERSION);
        expect(result).toMatchObject({ kind: KINDS[i], status: "pending", event: "client.created" });
        // what each consumer made is there for the agency, read without the SDK
        const res = await fetch(`${app.url}/api/v2/requests/${result.requestId}`, {
          headers: { authorization: `Bearer ${sdkAgencies[KINDS[i]!]!.key}` },
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { data: { clientId: string } }).data.clientId).toBe(result.clientId);
      }
    },
  );
});

interface NewmanReport {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    failures: { error: { message: string }; source?: { name?: string } }[];
    executions: { item: { name: string }; response?: { code: number }; assertions?: { assertion: string }[] }[];
  };
}

/** Runs the collection under newman with the environment file and `vars`; answers the JSON report. */
async function newman(vars: Record<string, string>, name: string): Promise<NewmanReport["run"]> {
  const report = path.join(work, `${name}.json`);
  await run(
    process.execPath,
    [
      path.join(ROOT, "node_modules/newman/bin/newman.js"),
      "run",
      "api-collection/access-requests.postman_collection.json",
      "--environment",
      "api-collection/access-requests.postman_environment.json",
      ...Object.entries(vars).flatMap(([k, v]) => ["--env-var", `${k}=${v}`]),
      "--reporters",
      "cli,json",
      "--reporter-json-export",
      report,
      "--bail",
    ],
    ROOT,
  ).catch((err: Error) => {
    throw new Error(`newman failed: ${err.message}`);
  });
  return (JSON.parse(fs.readFileSync(report, "utf8")) as NewmanReport).run;
}

function collectionFolders() {
  return JSON.parse(
    fs.readFileSync(path.join(ROOT, "api-collection/access-requests.postman_collection.json"), "utf8"),
  ) as { item: { name: string; item: { name: string }[] }[] };
}

describe("the Postman collection", () => {
  it(
    "without a webhookUrl (the environment file's default) skips the webhook folder and passes the rest",
    { timeout: 120_000 },
    async () => {
      const summary = await newman({ baseUrl: app.url, apiKey: noReceiverAgency.key }, "newman-no-receiver");
      const folders = collectionFolders().item;
      const webhookRequests = new Set(folders.find((f) => f.name === "Webhooks")!.item.map((i) => i.name));
      expect(webhookRequests.size).toBeGreaterThan(0);
      expect(summary.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
      expect(summary.stats.assertions.failed).toBe(0);
      const sent = summary.executions.filter((e) => e.response).map((e) => e.item.name);
      expect(sent.filter((n) => webhookRequests.has(n))).toEqual([]);
      const others = folders.flatMap((f) => (f.name === "Webhooks" ? [] : f.item.map((i) => i.name)));
      expect(sent).toEqual(others);
      // nothing was created in the agency's webhooks
      const list = await fetch(`${app.url}/api/v2/webhooks`, {
        headers: { authorization: `Bearer ${noReceiverAgency.key}` },
      });
      expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
    },
  );

  it("runs green as a flow under newman, with assertions on every request", { timeout: 120_000 }, async () => {
    const summary = await newman({ baseUrl: app.url, apiKey: postmanAgency.key, webhookUrl: receiverUrl }, "newman");
    const collection = collectionFolders();
    const requests = collection.item.reduce((n, folder) => n + folder.item.length, 0);
    expect(summary.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    expect(summary.stats.requests).toMatchObject({ total: requests, failed: 0 });
    expect(summary.stats.assertions.failed).toBe(0);
    expect(summary.executions).toHaveLength(requests);
    for (const e of summary.executions) {
      expect(e.response?.code, e.item.name).toBeGreaterThanOrEqual(200);
      expect(e.response?.code, e.item.name).toBeLessThan(300);
      expect(e.assertions?.length ?? 0, e.item.name).toBeGreaterThanOrEqual(2);
    }
    expect(summary.stats.assertions.total).toBeGreaterThanOrEqual(2 * requests);
  });
});
