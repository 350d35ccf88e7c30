import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import { createConnectorHttp, redactUrl } from "@/lib/infra/connectors/http/connector-http";
import { retryAfterMs } from "@/lib/infra/retry-after";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";

// A loopback server answering from a script per path, recording what it received.
let server: http.Server;
let origin = "";
const seen: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
const script = new Map<string, { status: number; body: string; headers?: Record<string, string> }[]>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body, headers: req.headers });
      const path = (req.url ?? "").split("?")[0]!;
      const next = script.get(path)?.shift() ?? { status: 404, body: "{}" };
      res.writeHead(next.status, { "content-type": "application/json", ...next.headers });
      res.end(next.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function client(extra: { budgetMs?: number; maxAttempts?: number } = {}) {
  const sleeps: number[] = [];
  const lines: string[] = [];
  const http = createConnectorHttp({
    overrides: parseHostOverrides(`api.example.test=${origin}`),
    sleep: async (ms) => void sleeps.push(ms),
    log: (l) => lines.push(l),
    ...extra,
  });
  return { http, sleeps, lines };
}

describe("connector HTTP client", () => {
  it("sends to the overriding origin with the path, query, form body and headers", async () => {
    script.set("/oauth/token", [{ status: 200, body: '{"access_token":"tok"}' }]);
    const { http, lines } = client();
    const res = await http.send({
      method: "POST",
      url: "https://api.example.test/oauth/token?x=1",
      query: { client_secret: "s3cret", skip: undefined },
      form: { code: "abc", a: "b" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ access_token: "tok" });
    const got = seen.at(-1)!;
    expect(got.url).toBe("/oauth/token?x=1&client_secret=s3cret");
    expect(got.body).toBe("code=abc&a=b");
    expect(got.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(lines.join("\n")).not.toContain("s3cret");
    expect(lines.join("\n")).toContain("client_secret=%5Bredacted%5D");
  });

  it("retries 429 honouring Retry-After and 5xx with backoff, then returns the success", async () => {
    script.set("/busy", [
      { status: 429, body: "{}", headers: { "retry-after": "2" } },
      { status: 503, body: "{}" },
      { status: 200, body: '{"ok":true}' },
    ]);
    const { http, sleeps } = client({ budgetMs: 60_000 });
    const res = await http.send({ url: "https://api.example.test/busy" });
    expect(res.json).toEqual({ ok: true });
    expect(sleeps).toEqual([2000, 1000]);
  });

  it("returns the last temporary answer when attempts run out, and does not retry a 400", async () => {
    script.set("/down", [
      { status: 500, body: '{"n":1}' },
      { status: 500, body: '{"n":2}' },
    ]);
    const { http } = client({ maxAttempts: 2 });
    expect((await http.send({ url: "https://api.example.test/down" })).json).toEqual({ n: 2 });
    script.set("/bad", [
      { status: 400, body: '{"e":1}' },
      { status: 200, body: "{}" },
    ]);
    expect((await http.send({ url: "https://api.example.test/bad" })).status).toBe(400);
  });

  it("retries what the connector marks as a rate limit, and stops at the budget", async () => {
    script.set("/throttled", [
      { status: 400, body: '{"error":{"code":17}}' },
      { status: 200, body: "{}" },
    ]);
    const { http } = client();
    const retryIf = (r: { json: unknown }) => (r.json as { error?: { code?: number } })?.error?.code === 17;
    expect((await http.send({ url: "https://api.example.test/throttled" }, { retryIf })).status).toBe(200);
    script.set("/slow-limit", [{ status: 429, body: "{}", headers: { "retry-after": "120" } }]);
    expect((await client({ budgetMs: 5_000 }).http.send({ url: "https://api.example.test/slow-limit" })).status).toBe(
      429,
    );
  });

  it("throws a server_error ConnectorError when nothing answers", async () => {
    const dead = createConnectorHttp({
      overrides: parseHostOverrides("api.example.test=http://127.0.0.1:9"),
      sleep: async () => {},
      maxAttempts: 2,
    });
    const err = await dead.send({ url: "https://api.example.test/x?access_token=abc" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect((err as ConnectorError).kind).toBe("server_error");
    expect((err as ConnectorError).message).not.toContain("abc");
  });

  it("redacts secrets in URLs and reads Retry-After dates", () => {
    expect(redactUrl(new URL("https://h/p?access_token=a&appsecret_proof=b&fields=id"))).toBe(
      "https://h/p?access_token=%5Bredacted%5D&appsecret_proof=%5Bredacted%5D&fields=id",
    );
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon")).toBeNull();
  });
});
