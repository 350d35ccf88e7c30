// Real loopback servers on 127.0.0.1 (random ports); no traffic leaves the machine.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, PinnedAgentCache, safeSend } from "@/lib/infra/delivery/safe-send";
import type { HostResolver } from "@/lib/infra/delivery/webhook-url";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

const seen: Seen[] = [];
let connections = 0;
let bigBytesWritten = 0;
let origin = "";
let port = 0;
const sockets = new Set<net.Socket>();
const servers: net.Server[] = [];

function track(server: net.Server) {
  servers.push(server);
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
}

async function listen(server: net.Server): Promise<number> {
  track(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

const app = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (body += chunk));
  req.on("end", () => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    switch (req.url) {
      case "/ok":
        res.writeHead(200, { "content-type": "text/plain" }).end("received");
        return;
      case "/fail":
        res.writeHead(503, { "retry-after": "120" }).end("try later");
        return;
      case "/redirect":
        res.writeHead(301, { location: `${origin}/target` }).end();
        return;
      case "/big": {
        // 10 MB in 64 KB pieces, respecting backpressure, until the client hangs up.
        const piece = Buffer.alloc(65_536, 0x61);
        const total = 10 * 1024 * 1024;
        res.writeHead(200, { "content-type": "text/plain", "content-length": String(total) });
        res.on("error", () => undefined);
        const pump = () => {
          while (bigBytesWritten < total && !res.destroyed) {
            bigBytesWritten += piece.length;
            if (!res.write(piece)) return void res.once("drain", pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      case "/slow-body": {
        res.writeHead(200, { "content-type": "text/plain" });
        res.on("error", () => undefined);
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write("x")), 100);
        res.on("close", () => clearInterval(timer));
        return;
      }
      default:
        res.writeHead(200).end(`hit ${req.url}`);
    }
  });
});

let silentPort = 0;
let tricklePort = 0;
let closedPort = 0;
let silentConnections = 0;

beforeAll(async () => {
  app.on("connection", () => connections++);
  port = await listen(app);
  origin = `http://127.0.0.1:${port}`;

  // Accepts connections and never says a word.
  const silent = net.createServer(() => silentConnections++);
  silentPort = await listen(silent);

  // Sends a status line, then one header byte every 100 ms, forever.
  const trickle = net.createServer((socket) => {
    socket.on("error", () => undefined);
    socket.write("HTTP/1.1 200 OK\r\n");
    const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write("X")), 100);
    socket.on("close", () => clearInterval(timer));
  });
  tricklePort = await listen(trickle);

  // A port nobody listens on any more.
  const closed = net.createServer();
  closedPort = await new Promise<number>((resolve) =>
    closed.listen(0, "127.0.0.1", () => {
      const p = (closed.address() as net.AddressInfo).port;
      closed.close(() => resolve(p));
    }),
  );
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

const base = { body: '{"id":"evt_1"}', headers: { "content-type": "application/json" }, allowLoopback: true };

function requestsTo(path: string) {
  return seen.filter((s) => s.url === path);
}

describe("safeSend against loopback servers", () => {
  it("delivers a POST and reports a 200", async () => {
    const result = await safeSend({
      ...base,
      url: `${origin}/ok`,
      headers: { ...base.headers, "Service-Event-Id": "evt_1", "Accept-Encoding": "gzip, br" },
    });
    expect(result).toMatchObject({ ok: true, status: 200, error: null, responseExcerpt: "received", retryAfter: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [request] = requestsTo("/ok");
    expect(request?.method).toBe("POST");
    expect(request?.body).toBe('{"id":"evt_1"}');
    expect(request?.headers["service-event-id"]).toBe("evt_1");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["accept-encoding"]).toBeUndefined();
  });

  it("reports a 5xx with its Retry-After", async () => {
    const result = await safeSend({ ...base, url: `${origin}/fail` });
    expect(result).toMatchObject({
      ok: true,
      status: 503,
      error: null,
      responseExcerpt: "try later",
      retryAfter: "120",
    });
  });

  it("does not follow a redirect", async () => {
    const result = await safeSend({ ...base, url: `${origin}/redirect` });
    expect(result).toMatchObject({ ok: true, status: 301, error: null });
    expect(requestsTo("/redirect")).toHaveLength(1);
    expect(requestsTo("/target")).toHaveLength(0);
  });

  it("cuts a server that never answers at the timeout", async () => {
    const before = performance.now();
    const result = await safeSend({ ...base, url: `http://127.0.0.1:${silentPort}/`, timeoutMs: 1500 });
    const elapsed = performance.now() - before;
    expect(result).toMatchObject({ ok: false, status: null, error: "timeout after 1500 ms" });
    expect(silentConnections).toBeGreaterThan(0);
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(4000);
  });

  it("uses a 10 second timeout and a 64 KB read limit by default", async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(65_536);
    const spy = vi.spyOn(AbortSignal, "timeout");
    try {
      await safeSend({ ...base, url: `${origin}/ok` });
      expect(spy).toHaveBeenCalledWith(10_000);
    } finally {
      spy.mockRestore();
    }
  });

  it("cuts a server that trickles its headers", async () => {
    const before = performance.now();
    const result = await safeSend({ ...base, url: `http://127.0.0.1:${tricklePort}/`, timeoutMs: 1500 });
    const elapsed = performance.now() - before;
    expect(result).toMatchObject({ ok: false, status: null, error: "timeout after 1500 ms" });
    expect(elapsed).toBeLessThan(4000);
  });

  it("cuts a server that trickles its body, the timeout covering the whole exchange", async () => {
    const result = await safeSend({ ...base, url: `${origin}/slow-body`, timeoutMs: 1500 });
    expect(result.ok).toBe(false);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^timeout after 1500 ms while reading the response body \(status 200\)$/);
    expect(result.durationMs).toBeLessThan(4000);
  });

  it("returns a 200 with a 10 MB body quickly, having read only the first 64 KB or so", async () => {
    const result = await safeSend({ ...base, url: `${origin}/big` });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.bytesRead).toBeGreaterThanOrEqual(65_536);
    expect(result.bytesRead).toBeLessThanOrEqual(65_536 + 65_536);
    expect(result.responseExcerpt).toBe("a".repeat(1024));
    expect(result.durationMs).toBeLessThan(3000);
    // The server could not push the whole 10 MB: we hung up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bigBytesWritten).toBeLessThan(10 * 1024 * 1024);
  });

  it("honours a smaller read limit", async () => {
    const result = await safeSend({ ...base, url: `${origin}/big`, maxBodyBytes: 1000 });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.bytesRead).toBeLessThanOrEqual(1000 + 65_536);
  });

  it("reports a refused connection", async () => {
    const result = await safeSend({ ...base, url: `http://127.0.0.1:${closedPort}/` });
    expect(result).toMatchObject({ ok: false, status: null, error: "connection refused" });
  });

  it("reports a TLS failure (https to a plain HTTP server)", async () => {
    const result = await safeSend({ ...base, url: `https://127.0.0.1:${port}/tls` });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^TLS error: /);
  });

  it("refuses 127.0.0.1 without allowLoopback, before any connection", async () => {
    const connectionsBefore = connections;
    const requestsBefore = seen.length;
    const result = await safeSend({ ...base, allowLoopback: false, url: `${origin}/ok` });
    expect(result).toMatchObject({ ok: false, status: null, error: "address not allowed: 127.0.0.1" });
    // Other spellings of the same address are refused the same way.
    for (const host of ["2130706433", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]"]) {
      const other = await safeSend({ ...base, allowLoopback: false, url: `http://${host}:${port}/ok` });
      expect(other.error, host).toMatch(/^address not allowed: /);
    }
    expect(connections).toBe(connectionsBefore);
    expect(seen.length).toBe(requestsBefore);
  });

  it("refuses a name whose stubbed resolver returns a private address", async () => {
    const resolve = vi.fn<HostResolver>(async () => ["10.0.0.1"]);
    const connectionsBefore = connections;
    const result = await safeSend({ ...base, url: `https://hooks.example.test/in`, resolve });
    expect(result).toMatchObject({ ok: false, status: null, error: "address not allowed: 10.0.0.1" });
    expect(resolve).toHaveBeenCalledWith("hooks.example.test");
    expect(connections).toBe(connectionsBefore);
  });

  it("refuses a name with one loopback and one private record", async () => {
    const resolve: HostResolver = async () => ["127.0.0.1", "192.168.0.10"];
    const result = await safeSend({ ...base, url: `http://hooks.example.test:${port}/ok`, resolve });
    expect(result.error).toBe("address not allowed: 192.168.0.10");
  });

  it("connects to the checked address only, resolving once (DNS rebinding)", async () => {
    // First answer loopback (allowed here), then a private address: a second lookup would be caught out.
    let calls = 0;
    const resolve: HostResolver = async () => (++calls === 1 ? ["127.0.0.1"] : ["10.0.0.1"]);
    const result = await safeSend({ ...base, url: `http://hooks.example.test:${port}/pinned`, resolve });
    expect(result).toMatchObject({ ok: true, status: 200, responseExcerpt: "hit /pinned" });
    expect(calls).toBe(1);
    expect(requestsTo("/pinned")[0]?.headers.host).toBe(`hooks.example.test:${port}`);
  });

  it("reports a name that does not resolve", async () => {
    const resolve: HostResolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example.test"), { code: "ENOTFOUND" });
    };
    const result = await safeSend({ ...base, url: "https://nowhere.example.test/", resolve });
    expect(result).toMatchObject({ ok: false, status: null, error: "host nowhere.example.test does not resolve" });
  });

  it("counts a slow resolver against the same timeout", async () => {
    const resolve: HostResolver = () => new Promise(() => undefined);
    const result = await safeSend({ ...base, url: "https://slow-dns.example.test/", resolve, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, error: "timeout after 300 ms" });
  });

  it("never throws on bad input", async () => {
    await expect(safeSend({ ...base, url: "not a url" })).resolves.toMatchObject({ ok: false, status: null });
    await expect(safeSend({ ...base, url: "ftp://127.0.0.1/" })).resolves.toMatchObject({ ok: false });
    await expect(safeSend({ ...base, url: `${origin}/ok`, headers: { "bad header": "x" } })).resolves.toMatchObject({
      ok: false,
      status: null,
    });
  });

  it("reuses one connection across sends with a PinnedAgentCache, while the addresses stay the same", async () => {
    const reuse = new PinnedAgentCache();
    try {
      let answer = ["127.0.0.1"];
      const resolve: HostResolver = async () => answer;
      const before = connections;
      for (let i = 0; i < 3; i++) {
        expect(
          await safeSend({ ...base, url: `http://hooks.example.test:${port}/reuse`, resolve, reuse }),
        ).toMatchObject({ ok: true, status: 200 });
      }
      expect(connections - before).toBe(1);
      // a new answer from DNS gets a new pool pinned to the new (checked) address
      answer = ["127.0.0.2"];
      expect(await safeSend({ ...base, url: `http://hooks.example.test:${port}/reuse`, resolve, reuse })).toMatchObject(
        { ok: false },
      );
      answer = ["127.0.0.1"];
      expect(await safeSend({ ...base, url: `http://hooks.example.test:${port}/reuse`, resolve, reuse })).toMatchObject(
        { ok: true },
      );
      expect(connections - before).toBe(2);
      // a refused address is refused with a pool in hand too
      answer = ["10.0.0.1"];
      expect((await safeSend({ ...base, url: `http://hooks.example.test:${port}/reuse`, resolve, reuse })).error).toBe(
        "address not allowed: 10.0.0.1",
      );
    } finally {
      await reuse.close();
    }
  });

  it("takes an outside abort signal and says so", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await safeSend({ ...base, url: `http://127.0.0.1:${silentPort}/`, signal: controller.signal });
    expect(result).toMatchObject({ ok: false, status: null, error: "aborted by the sender" });
    expect(result.durationMs).toBeLessThan(2_000);
  });
});
