// The n8n nodes of integrations/n8n (n8n-nodes-access-requests), built with n8n's own
// @n8n/node-cli, run against the built server over real HTTP, as n8n runs them
// (test/support/n8n-host.ts is the stand-in for n8n's execution contexts):
// - the credential test (GET /api/v2/me) passes with a good key and fails with a bad one;
// - every operation of the Access Requests node (clients, requests, services, webhooks),
//   lists following the API's cursors, refusals surfacing the API's code and field;
// - the trigger subscribes (a webhook for n8n's URL appears in the API), receives a real
//   signed delivery, refuses a bad or stale signature with 401, and unsubscribes (the
//   webhook is gone).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { call, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import {
  N8N_PACKAGE,
  makeContext,
  makeWebhookContext,
  requireFromPackage,
  testCredentials,
  type HostOptions,
} from "@/test/support/n8n-host";
import { closeDb } from "@/lib/infra/db/db";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";

process.env.ENCRYPTION_KEY ||= crypto.randomBytes(32).toString("hex");

type Json = Record<string, unknown>;
type Items = Array<Array<{ json: Json; pairedItem?: unknown }>>;
interface NodeClass {
  execute(this: unknown): Promise<Items>;
  methods: { loadOptions: { getServices(this: unknown): Promise<Array<{ name: string; value: string }>> } };
}
interface TriggerClass {
  webhookMethods: { default: Record<"checkExists" | "create" | "delete", (this: unknown) => Promise<boolean>> };
  webhook(this: unknown): Promise<{ workflowData?: Items; noWebhookResponse?: boolean }>;
}

let app: RunningServer;
let agency: SeededV2Agency;
let node: NodeClass;
let trigger: TriggerClass;
/** 101 clients share it: two pages of the API (100 a page). */
const PAGE_EMAIL = `page-${crypto.randomUUID().slice(0, 8)}@client.test`;

/** Builds the package with `n8n-node build` when dist/ is missing or older than a source. */
function buildPackage() {
  const built = path.join(N8N_PACKAGE, "dist/nodes/AccessRequests/AccessRequests.node.js");
  const sources = ["credentials", "nodes", "package.json"].flatMap((p) =>
    fs.statSync(path.join(N8N_PACKAGE, p)).isDirectory()
      ? fs.readdirSync(path.join(N8N_PACKAGE, p), { recursive: true, encoding: "utf8" }).map((f) => path.join(p, f))
      : [p],
  );
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (sources.every((f) => fs.statSync(path.join(N8N_PACKAGE, f)).mtimeMs < builtAt)) return;
  const run = spawnSync("npm", ["run", "-s", "build"], {
    cwd: N8N_PACKAGE,
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
  if (run.status !== 0) throw new Error(`n8n-node build failed:\n${run.stdout}\n${run.stderr}`);
}

beforeAll(async () => {
  buildPackage();
  prepareStandalone();
  agency = await seedV2Agency({ platforms: ["meta"] });
  for (let i = 0; i < 101; i++)
    await createClient({
      agencyId: agency.agencyId,
      input: ZCreateClientBody.parse({ name: `Page ${i}`, email: PAGE_EMAIL }),
    });
  if (!process.env.DATABASE_URL) await closeDb();
  app = await startStandalone({ WEBHOOK_ALLOW_LOOPBACK: "1", WORKER_IN_PROCESS: "1" });
  node = new (requireFromPackage("./dist/nodes/AccessRequests/AccessRequests.node.js").AccessRequests)();
  trigger = new (requireFromPackage(
    "./dist/nodes/AccessRequestsTrigger/AccessRequestsTrigger.node.js",
  ).AccessRequestsTrigger)();
}, 240_000);

afterAll(async () => {
  await stopServer(app);
});

const creds = () => ({ url: `${app.url}/`, apiKey: agency.key });

async function run(params: Json, extra: Partial<HostOptions> = {}) {
  const context = makeContext({ credentials: creds(), params, ...extra });
  const out = await node.execute.call(context);
  return { json: out[0]!.map((i) => i.json), items: out[0]!, calls: context.calls };
}

describe("the credentials", () => {
  it("test with GET /api/v2/me: a good key passes, a bad key fails", async () => {
    expect(await testCredentials(creds())).toEqual({ status: "OK", code: 200 });
    expect(await testCredentials({ url: app.url, apiKey: "ark_not_a_key" })).toEqual({ status: "Error", code: 401 });
  });
});

describe("the Access Requests node", () => {
  it("creates, reads and lists clients, following the cursors", async () => {
    const ext = `n8n-${crypto.randomUUID()}`;
    const created = await run({
      resource: "client",
      operation: "create",
      name: "Ada Client",
      email: "ada@client.test",
      additionalFields: { externalClientId: ext, company: "Ada Ltd", language: "Spanish", website: "" },
    });
    expect(created.json[0]).toMatchObject({
      name: "Ada Client",
      externalClientId: ext,
      company: "Ada Ltd",
      language: "Spanish",
      website: null,
    });
    expect(created.calls[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const id = created.json[0]!.id as string;

    expect((await run({ resource: "client", operation: "get", clientId: id })).json[0]).toMatchObject({
      id,
      externalClientId: ext,
    });
    const byExt = await run({
      resource: "client",
      operation: "getAll",
      returnAll: true,
      filters: { externalClientId: ext },
    });
    expect(byExt.json.map((c) => c.id)).toEqual([id]);

    // 101 clients under one email (seeded): two pages of the API, then a limit inside one page
    const email = PAGE_EMAIL;
    const all = await run({ resource: "client", operation: "getAll", returnAll: true, filters: { email } });
    expect(all.json).toHaveLength(101);
    expect(new Set(all.json.map((c) => c.id)).size).toBe(101);
    expect(all.calls).toHaveLength(2);
    expect(new URL(all.calls[1]!.url).searchParams.get("cursor")).toBeTruthy();
    const some = await run({ resource: "client", operation: "getAll", returnAll: false, limit: 3, filters: { email } });
    expect(some.json.map((c) => c.id)).toEqual(all.json.slice(0, 3).map((c) => c.id));
    expect(new URL(some.calls[0]!.url).searchParams.get("limit")).toBe("3");
    expect(some.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
  });

  it("creates, reads, lists and cancels requests; lists the services", async () => {
    const services = await run({ resource: "service", operation: "getAll" });
    expect(services.json.find((s) => s.id === "meta_ads")).toMatchObject({
      platform: "meta",
      roles: expect.any(Array),
    });
    const picker = await node.methods.loadOptions.getServices.call(makeContext({ credentials: creds() }));
    expect(picker).toContainEqual({ name: "meta: meta_ads", value: "meta_ads" });

    const client = (
      await run({ resource: "client", operation: "create", name: "Req Client", email: "req@client.test" })
    ).json[0]!;
    const created = await run({
      resource: "request",
      operation: "create",
      clientId: client.id,
      services: {
        service: [
          { service: "meta_ads", accessLevel: "advertiser", optional: false, accountIds: ` ${agency.accounts.meta} ` },
        ],
      },
      additionalFields: { thankYouMessage: "Thanks!" },
    });
    const request = created.json[0]!;
    expect(request).toMatchObject({
      clientId: client.id,
      status: "pending",
      thankYouMessage: "Thanks!",
      inviteUrl: expect.any(String),
    });
    expect(request.services).toMatchObject([
      { service: "meta_ads", accessLevel: "advertiser", accounts: [{ internalAccountId: agency.accounts.meta }] },
    ]);

    expect((await run({ resource: "request", operation: "get", requestId: request.id })).json[0]).toMatchObject({
      id: request.id,
    });
    const listed = await run({
      resource: "request",
      operation: "getAll",
      returnAll: true,
      filters: { clientId: client.id, status: "pending" },
    });
    expect(listed.json.map((r) => r.id)).toEqual([request.id]);
    const cancelled = await run({ resource: "request", operation: "cancel", requestId: request.id });
    expect(cancelled.json[0]).toMatchObject({ id: request.id, status: "cancelled", cancelledAt: expect.any(String) });
  });

  it("surfaces refusals: the API's code and field, ids checked first, continueOnFail gives the error", async () => {
    await expect(run({ resource: "request", operation: "get", requestId: crypto.randomUUID() })).rejects.toMatchObject({
      name: "NodeApiError",
      httpCode: "404",
      message: expect.stringContaining("NOT_FOUND"),
    });
    await expect(run({ resource: "client", operation: "create", name: "No Mail", email: "" })).rejects.toMatchObject({
      httpCode: "400",
      message: expect.stringContaining("VALIDATION_FAILED"),
      description: expect.stringContaining("email"),
    });
    const noCall = run({ resource: "request", operation: "cancel", requestId: "not-a-uuid" });
    await expect(noCall).rejects.toMatchObject({
      name: "NodeOperationError",
      message: expect.stringContaining("requestId must be a UUID"),
    });
    const soft = await run(
      { resource: "request", operation: "get", requestId: crypto.randomUUID() },
      { continueOnFail: true, items: 2 },
    );
    expect(soft.json).toHaveLength(2);
    expect(String(soft.json[0]!.error)).toContain("NOT_FOUND");
  });

  it("creates, reads, lists and deletes webhooks", async () => {
    const created = await run({
      resource: "webhook",
      operation: "create",
      url: "http://127.0.0.1:9/hook",
      events: ["request.completed", "client.created"],
    });
    const hook = created.json[0]!;
    expect(hook).toMatchObject({ url: "http://127.0.0.1:9/hook", secret: expect.stringMatching(/^whsec_/) });
    expect((await run({ resource: "webhook", operation: "get", webhookId: hook.id })).json[0]).toMatchObject({
      id: hook.id,
      status: "active",
    });
    expect((await run({ resource: "webhook", operation: "getAll", returnAll: true })).json.map((w) => w.id)).toContain(
      hook.id,
    );
    await run({ resource: "webhook", operation: "delete", webhookId: hook.id });
    expect((await call(app.url, agency.key, "GET", `/webhooks/${hook.id}`)).status).toBe(404);
  });
});

describe("the Access Requests Trigger", () => {
  it("subscribes, verifies deliveries, refuses bad signatures and unsubscribes", async () => {
    const received: Array<{ status: number; workflowData?: Items; body?: unknown }> = [];
    const staticData: Json = {};
    let webhookUrl = "";
    const base = () =>
      makeContext({ credentials: creds(), params: { events: ["client.created"] }, staticData, webhookUrl });
    // n8n's webhook endpoint for the node: the raw body kept, webhook() decides the answer
    const n8n = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const { context, response } = makeWebhookContext(base(), {
          rawBody: Buffer.concat(chunks),
          headers: req.headers,
        });
        trigger.webhook.call(context).then(
          (result) => {
            const status = result.noWebhookResponse ? response.statusCode : 200;
            received.push({ status, workflowData: result.workflowData, body: response.body });
            res
              .writeHead(status, { "content-type": "application/json" })
              .end(JSON.stringify(response.body ?? { ok: true }));
          },
          (error: unknown) => {
            // what n8n does with a node that throws: a 500, and the test sees it
            received.push({ status: 500, body: String(error) });
            res.writeHead(500).end(String(error));
          },
        );
      });
    });
    await new Promise<void>((resolve) => n8n.listen(0, "127.0.0.1", resolve));
    webhookUrl = `http://127.0.0.1:${(n8n.address() as AddressInfo).port}/webhook/${crypto.randomUUID()}/webhook`;
    const hooks = trigger.webhookMethods.default;
    try {
      expect(await hooks.checkExists.call(base())).toBe(false);
      expect(await hooks.create.call(base())).toBe(true);
      const webhookId = staticData.webhookId as string;
      expect(staticData.webhookSecret).toMatch(/^whsec_/);
      const listed = await call(app.url, agency.key, "GET", `/webhooks/${webhookId}`);
      expect(listed.body.data).toMatchObject({ url: webhookUrl, events: ["client.created"], status: "active" });
      expect(await hooks.checkExists.call(base())).toBe(true);

      // a real event: the worker signs and delivers client.created to n8n's URL
      const client = (
        await run({ resource: "client", operation: "create", name: "Hook Client", email: "hook@client.test" })
      ).json[0]!;
      const deadline = Date.now() + 30_000;
      while (!received.some((r) => r.status === 200) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const delivered = received.find((r) => r.status === 200);
      expect(delivered?.workflowData?.[0]?.[0]?.json).toMatchObject({
        type: "client.created",
        data: { client: { id: client.id } },
      });

      // forged and stale deliveries start nothing
      const body = JSON.stringify({ id: "evt_forged", type: "client.created", data: {} });
      const now = Math.floor(Date.now() / 1000);
      const sign = (secret: string, t: number) =>
        `t=${t},v1=${crypto.createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
      for (const signature of [sign("whsec_wrong", now), sign(staticData.webhookSecret as string, now - 301), ""]) {
        const res = await fetch(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", ...(signature ? { "service-signature": signature } : {}) },
          body,
        });
        expect(res.status).toBe(401);
        expect(((await res.json()) as { error: string }).error).toMatch(/^Signature refused/);
      }
      // the same body correctly signed now passes: the refusals above were the signature's
      const good = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "service-signature": sign(staticData.webhookSecret as string, now),
        },
        body,
      });
      expect(good.status).toBe(200);
      expect(received.filter((r) => r.workflowData).map((r) => r.workflowData![0]![0]!.json.id)).toEqual([
        delivered!.workflowData![0]![0]!.json.id,
        "evt_forged",
      ]);

      // deactivation deletes the webhook
      expect(await hooks.delete.call(base())).toBe(true);
      expect((await call(app.url, agency.key, "GET", `/webhooks/${webhookId}`)).status).toBe(404);
      expect(staticData.webhookId).toBeUndefined();
      expect(await hooks.checkExists.call(base())).toBe(false);
      // deleting again (already gone) is not an error
      staticData.webhookId = webhookId;
      expect(await hooks.delete.call(base())).toBe(true);
    } finally {
      n8n.close();
    }
  });
});
