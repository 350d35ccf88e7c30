// The MCP endpoint through the official MCP TypeScript client over Streamable HTTP, on a real
// server and database: every tool, the catalog resource, scopes refused per tool, bad input
// refused with the field named, another agency's ids refused, the key and the plan checked.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startApiServer } from "@/test/support/api-server";
import { seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { consumeRateLimit, resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { V2_RATE_LIMIT } from "@/lib/surfaces/v2/with-api-key";
import { setPlan } from "@/lib/core/agencies/set-plan";
import type { ApiScope } from "@/lib/core/auth/scopes";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let other: SeededV2Agency;
const open: Client[] = [];

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta", "google"] });
  other = await seedV2Agency({ platforms: ["meta"] });
});
afterAll(async () => {
  for (const c of open) await c.close();
  await server.close();
});
beforeEach(() => resetRateLimiters());

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  open.push(client);
  // the listing arms the client's check of each result against the tool's output schema
  await client.listTools();
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
    structuredContent: any;
  };
}

const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;

async function keyWith(agencyId: string, scopes: ApiScope[]) {
  return (await createApiKey({ agencyId, scopes })).key;
}

describe("the MCP endpoint", () => {
  it("lists every tool and the catalog resource", async () => {
    const c = await connect(a.key);
    const names = (await c.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual([
      "cancel_request",
      "create_request",
      "find_or_create_client",
      "get_request",
      "get_usage",
      "list_accounts",
      "list_catalog",
      "list_open_requests",
    ]);
    const resources = await c.listResources();
    expect(resources.resources.map((r) => r.uri)).toEqual(["catalog://services"]);
    const catalog = await c.readResource({ uri: "catalog://services" });
    const services = JSON.parse((catalog.contents[0] as { text: string }).text);
    expect(services.map((s: { id: string }) => s.id)).toContain("meta_ads");
  });

  it("creates and follows a request: client, catalog, accounts, create (idempotent), read, open list, cancel, usage", async () => {
    const c = await connect(a.key);
    const ext = `crm-${crypto.randomUUID().slice(0, 8)}`;
    const created = await tool(c, "find_or_create_client", {
      externalClientId: ext,
      email: `${ext}@example.com`,
      name: "Acme",
    });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ created: true, client: { externalClientId: ext, name: "Acme" } });
    expect(text(created)).toMatch(/^Created client Acme/);
    const found = await tool(c, "find_or_create_client", { externalClientId: ext });
    expect(found.structuredContent).toMatchObject({
      created: false,
      client: { id: created.structuredContent.client.id },
    });
    const byEmail = await tool(c, "find_or_create_client", { email: `${ext.toUpperCase()}@example.com` });
    expect(byEmail.structuredContent.client.id).toBe(created.structuredContent.client.id);
    const clientId = created.structuredContent.client.id as string;

    const catalog = await tool(c, "list_catalog");
    expect(catalog.structuredContent.services.length).toBeGreaterThan(10);
    expect(text(catalog)).toMatch(/services can be requested/);
    const accounts = await tool(c, "list_accounts");
    expect(accounts.structuredContent.accounts.map((x: { platform: string }) => x.platform).sort()).toEqual([
      "google",
      "meta",
    ]);

    const idempotencyKey = crypto.randomUUID();
    const args = {
      clientId,
      requestedServices: {
        meta_ads: { accessLevel: "admin" },
        google_ads: { accessLevel: "standard", optional: true },
      },
      idempotencyKey,
    };
    const made = await tool(c, "create_request", args);
    expect(made.isError, text(made)).toBeFalsy();
    const requestId = made.structuredContent.request.id as string;
    expect(made.structuredContent).toMatchObject({ replayed: false, request: { status: "pending", clientId } });
    expect(text(made)).toContain(made.structuredContent.request.inviteUrl);
    const again = await tool(c, "create_request", args);
    expect(again.structuredContent).toMatchObject({ replayed: true, request: { id: requestId } });
    expect(text(again)).toMatch(/^Already created/);

    const read = await tool(c, "get_request", { requestId });
    expect(read.structuredContent.missing).toEqual([
      "the client has not granted Meta Ad Account yet",
      "optional and not granted yet: Google Ads",
    ]);
    expect(text(read)).toBe(
      `Request ${requestId} is pending; still missing: the client has not granted Meta Ad Account yet; optional and not granted yet: Google Ads.`,
    );

    const openList = await tool(c, "list_open_requests");
    const mine = openList.structuredContent.requests.find((r: { id: string }) => r.id === requestId);
    expect(mine).toMatchObject({ ageDays: 0, status: "pending", blockedBy: read.structuredContent.missing });

    const cancelled = await tool(c, "cancel_request", { requestId });
    expect(cancelled.structuredContent.request.status).toBe("cancelled");
    expect(text(await tool(c, "get_request", { requestId }))).toBe(`Request ${requestId} is cancelled.`);
    const after = await tool(c, "list_open_requests");
    expect(after.structuredContent.requests.some((r: { id: string }) => r.id === requestId)).toBe(false);

    const usage = await tool(c, "get_usage");
    expect(usage.structuredContent.usage.clients.used).toBeGreaterThanOrEqual(1);
    expect(text(usage)).toMatch(/^This month: \d+/);
  });

  it("refuses each tool without its scope, naming the scope", async () => {
    const none = await connect(await keyWith(a.agencyId, ["webhooks:read"]));
    const cases: [string, Record<string, unknown>, string][] = [
      ["find_or_create_client", { email: "x@example.com" }, "clients:read"],
      ["list_accounts", {}, "requests:create or accounts:read"],
      [
        "create_request",
        { clientId: crypto.randomUUID(), requestedServices: { meta_ads: {} }, idempotencyKey: "k1" },
        "requests:create",
      ],
      ["get_request", { requestId: crypto.randomUUID() }, "requests:read"],
      ["list_open_requests", {}, "requests:read"],
      ["cancel_request", { requestId: crypto.randomUUID() }, "requests:cancel"],
      ["get_usage", {}, "usage:read"],
    ];
    for (const [name, args, scope] of cases) {
      const r = await tool(none, name, args);
      expect(r.isError, name).toBe(true);
      expect(r.structuredContent.error.code, name).toBe("CAPABILITY_REQUIRED");
      expect(text(r), name).toContain(scope);
    }
    // the catalog needs no scope
    expect((await tool(none, "list_catalog")).isError).toBeFalsy();
    // finding needs clients:read; creating also clients:create
    const readOnly = await connect(await keyWith(a.agencyId, ["clients:read"]));
    const refused = await tool(readOnly, "find_or_create_client", { email: "new-one@example.com", name: "New" });
    expect(refused.structuredContent.error.code).toBe("CAPABILITY_REQUIRED");
    expect(text(refused)).toContain("clients:create");
  });

  it("refuses bad input naming the field", async () => {
    const c = await connect(a.key);
    const client = (await tool(c, "find_or_create_client", { email: "bad-input@example.com", name: "B" }))
      .structuredContent.client;
    const cases: [string, Record<string, unknown>, string][] = [
      ["find_or_create_client", {}, "email"],
      ["find_or_create_client", { email: "not-an-email", name: "X" }, "email"],
      ["create_request", { clientId: client.id, idempotencyKey: crypto.randomUUID() }, "requestedServices"],
      ["create_request", { clientId: "nope", requestedServices: { meta_ads: {} }, idempotencyKey: "k" }, "clientId"],
      [
        "create_request",
        { clientId: client.id, requestedServices: { meta_ads: {} }, idempotencyKey: "" },
        "Idempotency-Key",
      ],
      [
        "create_request",
        { clientId: client.id, requestedServices: { no_such: {} }, idempotencyKey: "k2" },
        "requestedServices",
      ],
      ["get_request", { requestId: 42 }, "requestId"],
    ];
    for (const [name, args, field] of cases) {
      const r = await tool(c, name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(text(r), `${name} ${JSON.stringify(args)}`).toContain(field);
    }
  });

  it("refuses another agency's ids as missing", async () => {
    const mine = await connect(a.key);
    const theirs = await connect(other.key);
    const client = (await tool(theirs, "find_or_create_client", { email: "theirs@example.com", name: "T" }))
      .structuredContent.client;
    const request = (
      await tool(theirs, "create_request", {
        clientId: client.id,
        requestedServices: { meta_ads: { accessLevel: "admin" } },
        idempotencyKey: crypto.randomUUID(),
      })
    ).structuredContent.request;
    for (const [name, args] of [
      ["get_request", { requestId: request.id }],
      ["cancel_request", { requestId: request.id }],
    ] as const) {
      const r = await tool(mine, name, args);
      expect(r.structuredContent.error.code, name).toBe("NOT_FOUND");
    }
    const create = await tool(mine, "create_request", {
      clientId: client.id,
      requestedServices: { meta_ads: { accessLevel: "admin" } },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(create.isError).toBe(true);
    expect(text(create)).toMatch(/clientId|NOT_FOUND/);
    // their client is not found by email from this agency: it would be created anew instead
    const lookup = await tool(mine, "find_or_create_client", { email: "theirs@example.com", name: "T" });
    expect(lookup.structuredContent.client.id).not.toBe(client.id);
    expect((await tool(theirs, "get_request", { requestId: request.id })).structuredContent.request.status).toBe(
      "pending",
    );
  });

  it("refuses a missing or unknown key and a plan without API access, before MCP starts", async () => {
    await expect(connect("ark_live_nope")).rejects.toThrow(/401|UNAUTHENTICATED/);
    const res = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.data.code).toBe("UNAUTHENTICATED");
    const free = await seedV2Agency({ platforms: [] });
    await setPlan({ agencyId: free.agencyId, plan: "starter", apiAccess: false, trial: false });
    await expect(connect(free.key)).rejects.toThrow(/403|PLAN_NOT_ENTITLED/);
  });

  it("is rate-limited with the API's per-agency budget and headers", async () => {
    const c = await connect(a.key);
    const res = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${a.key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
    expect(Number(res.headers.get("ratelimit-limit"))).toBe(V2_RATE_LIMIT.points);
    const remaining = Number(res.headers.get("ratelimit-remaining"));
    // the connect's calls and this one counted
    expect(remaining).toBeLessThan(V2_RATE_LIMIT.points - 1);
    // the REST API and MCP share the agency's budget: spend the rest through the limiter
    for (let i = 0; i < remaining; i++)
      await consumeRateLimit("v2", a.agencyId, V2_RATE_LIMIT.points, V2_RATE_LIMIT.windowSeconds);
    await expect(tool(c, "list_catalog")).rejects.toThrow(/429|RATE_LIMITED/);
  });
});
