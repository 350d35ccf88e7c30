// The MCP endpoint held to the API's boundary, through the official MCP client and raw HTTP on
// a real server and database: only POST is served (GET and DELETE answer 405 at once, and no
// handler outlives a client that left), every call of a batch counts against the rate limit,
// the body is read as the API reads one (1 MB, JSON, no NUL), argument errors carry
// VALIDATION_FAILED with the fields, unknown fields are refused, a refused key is challenged,
// and every tool lists its annotations and output schema.
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startApiServer } from "@/test/support/api-server";
import { seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { V2_RATE_LIMIT } from "@/lib/surfaces/v2/with-api-key";
import { MAX_BODY_BYTES } from "@/lib/surfaces/http/read-json-body";
import { openMcpCalls } from "@/lib/surfaces/v2/mcp/handle-mcp";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let mcpUrl: string;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startApiServer();
  mcpUrl = `${server.url}/api/mcp`;
  a = await seedV2Agency({ platforms: ["meta"] });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await server.close();
});
beforeEach(() => resetRateLimiters());

async function connect(key = a.key): Promise<Client> {
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  clients.push(client);
  // the listing arms the client's check of each result against the tool's output schema
  await client.listTools();
  return client;
}

type ToolAnswer = CallToolResult & {
  structuredContent?: { error?: { code: string; message: string; details: { field?: string; message: string }[] } };
};

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}

const headers = (key = a.key) => ({
  authorization: `Bearer ${key}`,
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
});

function post(body: unknown, key = a.key): Promise<Response> {
  return fetch(mcpUrl, {
    method: "POST",
    headers: headers(key),
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const toolCall = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

describe("the MCP endpoint's methods", () => {
  it("answers GET, DELETE, PUT and PATCH with 405 and Allow at once, OPTIONS with the Allow, and still serves the official client", async () => {
    for (const method of ["GET", "DELETE", "PUT", "PATCH"]) {
      // with a valid key, as the official client sends its GET after connecting
      const res = await fetch(mcpUrl, {
        method,
        headers: { authorization: `Bearer ${a.key}`, accept: "text/event-stream, application/json" },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow"), method).toBe("POST");
      const body = await res.json();
      expect(body.error.data.code, method).toBe("METHOD_NOT_ALLOWED");
    }
    const options = await fetch(mcpUrl, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("OPTIONS, POST");
    const client = await connect();
    const catalog = await call(client, "list_catalog", {});
    expect(catalog.isError).toBeFalsy();
  });

  it("keeps no handler of 1,000 calls whose clients left: event-stream GETs and POSTs cut mid-body", async () => {
    const before = openMcpCalls();
    const send = (method: "GET" | "POST", onAnswer: () => void) => {
      const req = http.request(mcpUrl, {
        method,
        headers: {
          ...headers(),
          accept: method === "GET" ? "text/event-stream" : "application/json, text/event-stream",
          ...(method === "POST" ? { "content-length": "10000" } : {}),
        },
      });
      req.on("error", () => {});
      req.on("response", (res) => {
        onAnswer();
        res.resume();
      });
      // a POST sends the start of its body and never the rest
      if (method === "POST") req.write('{"jsonrpc":"2.0","id":1,');
      else req.end();
      return req;
    };
    // ten waves of 100, up to a quarter POSTs: fewer in all than the rate limit, so each reaches its body
    const postsPerWave = Math.min(25, Math.floor((V2_RATE_LIMIT.points - 10) / 10));
    for (let wave = 0; wave < 10; wave++) {
      let answered = 0;
      const requests = Array.from({ length: 100 }, (_, i) =>
        send(i % 4 === 0 && i / 4 < postsPerWave ? "POST" : "GET", () => answered++),
      );
      try {
        // every call has reached the server: either answered or still being served
        await vi.waitFor(() => expect(answered + openMcpCalls() - before).toBe(100), { timeout: 30_000, interval: 20 });
      } finally {
        for (const req of requests) req.destroy();
      }
      // the clients are gone: every handler ends
      await vi.waitFor(() => expect(openMcpCalls()).toBe(before), { timeout: 30_000, interval: 20 });
    }
  });
});

describe("the MCP endpoint's rate limit", () => {
  it("counts each call of a JSON-RPC batch", async () => {
    const size = 100;
    const batch = Array.from({ length: size }, (_, i) => toolCall(i + 1, "list_catalog"));
    const res = await post(batch);
    expect(res.status).toBe(200);
    const answers = (await res.json()) as { id: number; result: CallToolResult }[];
    expect(answers).toHaveLength(size);
    expect(answers.every((x) => x.result && !x.result.isError)).toBe(true);
    let remaining = V2_RATE_LIMIT.points - size;
    expect(Number(res.headers.get("ratelimit-remaining"))).toBe(remaining);
    // spend the rest in batches of pings, each message counted
    const pings = Array.from({ length: size }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "ping" }));
    while (remaining >= size) {
      const spent = await post(pings);
      expect(spent.status).toBe(200);
      remaining -= size;
      expect(Number(spent.headers.get("ratelimit-remaining"))).toBe(remaining);
    }
    // a batch bigger than what is left is refused whole
    const refused = await post(pings);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.data.code).toBe("RATE_LIMITED");
  });

  it("refuses a batch of more than 100 messages before charging it", async () => {
    const res = await post(Array.from({ length: 101 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "ping" })));
    expect(res.status).toBe(400);
    expect((await res.json()).error.data.code).toBe("VALIDATION_FAILED");
    expect(Number(res.headers.get("ratelimit-remaining"))).toBe(V2_RATE_LIMIT.points - 1);
  });
});

describe("the MCP endpoint's body", () => {
  it("refuses a body over 1 MB with 413, like the API", async () => {
    const res = await post(
      toolCall(1, "find_or_create_client", { email: "big@example.com", name: "x".repeat(MAX_BODY_BYTES) }),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error.data.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers malformed JSON with a JSON-RPC parse error carrying VALIDATION_FAILED", async () => {
    const res = await post('{"jsonrpc":"2.0","id":1,');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe(-32700);
    expect(body.error.data.code).toBe("VALIDATION_FAILED");
  });

  it("refuses NUL in a tool's arguments with VALIDATION_FAILED naming the field, before the database", async () => {
    const client = await connect();
    const r = await call(client, "find_or_create_client", { email: "nul@example.com", name: "Ac\u0000me" });
    expect(r.isError).toBe(true);
    expect(r.structuredContent?.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "name" }] });
    const nested = await call(client, "create_request", {
      clientId: crypto.randomUUID(),
      requestedServices: { meta_ads: { accessLevel: "ad\u0000min" } },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(nested.structuredContent?.error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: "requestedServices.meta_ads.accessLevel" }],
    });
    // an unpaired surrogate, in a key
    const key = await call(client, "find_or_create_client", { email: "nul@example.com", ["\ud800"]: "x" });
    expect(key.structuredContent?.error?.code).toBe("VALIDATION_FAILED");
  });

  it("refuses NUL outside a tool's arguments with 400 naming the field", async () => {
    const res = await post([
      toolCall(1, "list_catalog"),
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "list_cat\u0000alog", arguments: {} } },
    ]);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.data).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "[1].params.name" }] });
  });
});

describe("the MCP tools' input", () => {
  it("answers schema errors with VALIDATION_FAILED and the fields, as the API does", async () => {
    const client = await connect();
    const wrongType = await call(client, "get_request", { requestId: 42 });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.structuredContent?.error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: "requestId" }],
    });
    expect((wrongType.content[0] as { text: string }).text).toMatch(/^VALIDATION_FAILED: /);
    const missing = await call(client, "cancel_request", {});
    expect(missing.structuredContent?.error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: "requestId" }],
    });
    const nested = await call(client, "create_request", {
      clientId: crypto.randomUUID(),
      requestedServices: { meta_ads: { optional: "yes" } },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(nested.structuredContent?.error?.details.map((d) => d.field)).toContain(
      "requestedServices.meta_ads.optional",
    );
  });

  it("refuses unknown argument fields, naming each", async () => {
    const client = await connect();
    const r = await call(client, "list_catalog", { limit: 5 });
    expect(r.structuredContent?.error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: "limit", message: "Unknown field." }],
    });
    const create = await call(client, "create_request", {
      clientId: crypto.randomUUID(),
      requestedServices: { meta_ads: {} },
      idempotencyKey: crypto.randomUUID(),
      sendEmails: true,
    });
    expect(create.structuredContent?.error?.details).toContainEqual({ field: "sendEmails", message: "Unknown field." });
  });

  it("reads an upper-case request id as the stored one", async () => {
    const client = await connect();
    const made = await call(client, "find_or_create_client", { email: "upper@example.com", name: "Upper" });
    const clientId = (made.structuredContent as unknown as { client: { id: string } }).client.id;
    const created = await call(client, "create_request", {
      clientId,
      requestedServices: { meta_ads: { accessLevel: "admin" } },
      idempotencyKey: crypto.randomUUID(),
    });
    const id = (created.structuredContent as unknown as { request: { id: string } }).request.id;
    const read = await call(client, "get_request", { requestId: id.toUpperCase() });
    expect(read.isError).toBeFalsy();
    expect((read.structuredContent as unknown as { request: { id: string } }).request.id).toBe(id);
  });
});

describe("the MCP endpoint's key check", () => {
  it("challenges a refused key with invalid_token and a missing one with the scheme (RFC 6750 section 3)", async () => {
    const wrong = await post(toolCall(1, "list_catalog"), "ark_live_nope");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe('Bearer realm="api", error="invalid_token"');
    const none = await fetch(mcpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(toolCall(1, "list_catalog")),
    });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="api"');
  });
});

describe("the MCP tools' listing", () => {
  it("gives every tool a title, annotations and an output schema, and every result matches it", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    for (const t of tools) {
      expect(t.title, t.name).toBeTruthy();
      expect(t.annotations?.readOnlyHint, t.name).toBeTypeOf("boolean");
      expect(t.annotations?.openWorldHint, t.name).toBeTypeOf("boolean");
      expect(t.inputSchema.additionalProperties, t.name).toBe(false);
      expect(t.outputSchema?.type, t.name).toBe("object");
    }
    for (const name of ["list_catalog", "list_accounts", "get_request", "list_open_requests", "get_usage"])
      expect(hints[name]?.readOnlyHint, name).toBe(true);
    expect(hints.cancel_request).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints.create_request).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    // the official client checks structured content against the listed output schema: a
    // result or a refusal that did not match would throw here
    const usage = await call(client, "get_usage", {});
    expect(usage.isError).toBeFalsy();
    expect(usage.structuredContent).toHaveProperty("usage");
    const accounts = await call(client, "list_accounts", {});
    expect(accounts.isError).toBeFalsy();
    const refused = await call(client, "get_request", { requestId: crypto.randomUUID() });
    expect(refused.structuredContent?.error?.code).toBe("NOT_FOUND");
    // an unknown tool is a protocol error, not a tool's refusal
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/-32602/);
  });
});
