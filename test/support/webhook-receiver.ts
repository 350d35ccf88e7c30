// Test harness: a webhook receiver on a loopback port. It records every delivery (raw body
// and headers), lets a test script how each path answers (status, delay, silence, trickled
// headers, huge bodies), and tracks how many requests were in flight per path at once.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** How a path answers one request; return nothing to let the function write the response itself. */
export type Responder = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void | Promise<void>;

export const respond = {
  status:
    (status: number, body = "ok", headers: Record<string, string> = {}): Responder =>
    (_req, res) => {
      res.writeHead(status, { "content-type": "text/plain", ...headers }).end(body);
    },
  /** Answers 200 after `ms`. */
  delayed:
    (ms: number, status = 200): Responder =>
    (_req, res) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          if (!res.destroyed) res.writeHead(status).end("ok");
          resolve();
        }, ms);
        res.on("close", () => {
          clearTimeout(t);
          resolve();
        });
      }),
  /** Reads the request and never answers. */
  silent: (): Responder => () => new Promise<void>(() => {}),
  /** Sends the status line, then one header byte per `everyMs`, never finishing the head. */
  trickleHeaders:
    (everyMs = 500): Responder =>
    (req) => {
      const socket = req.socket;
      socket.write("HTTP/1.1 200 OK\r\nX-Slow: ");
      const t = setInterval(() => (socket.destroyed ? clearInterval(t) : socket.write("a")), everyMs);
      socket.on("close", () => clearInterval(t));
    },
  /** A 200 with `bytes` of body, written as fast as the client reads. */
  hugeBody:
    (bytes: number, status = 200): Responder =>
    (_req, res) => {
      res.writeHead(status, { "content-type": "application/octet-stream", "content-length": String(bytes) });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let left = bytes;
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          const n = Math.min(left, chunk.length);
          left -= n;
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on("close", () => (left = 0));
      pump();
    },
};

export interface WebhookReceiver {
  url: (path: string) => string;
  port: number;
  received: ReceivedDelivery[];
  on(path: string, ...responders: Responder[]): void;
  byPath(path: string): ReceivedDelivery[];
  /** The most requests ever in flight at once on this path. */
  maxInFlight(path: string): number;
  /** Resolves once `count` deliveries arrived on `path` (or anywhere with no path), or rejects after `timeoutMs`. */
  waitFor(count: number, path?: string, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  // Each path answers with its responders in turn; the last one repeats.
  const scripts = new Map<string, { responders: Responder[]; used: number }>();
  const inFlight = new Map<string, number>();
  const maxSeen = new Map<string, number>();
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const now = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, now);
    maxSeen.set(path, Math.max(maxSeen.get(path) ?? 0, now));
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
    };
    res.on("close", finish);
    req.socket.on("close", finish);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path, headers: req.headers, body, receivedAt: Date.now() });
      for (const w of [...waiters]) w();
      const script = scripts.get(path);
      const responder = script
        ? script.responders[Math.min(script.used++, script.responders.length - 1)]!
        : respond.status(200);
      Promise.resolve(responder(req, res, body)).catch(() => res.destroy());
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const byPath = (path: string) => received.filter((r) => r.path === path);
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    on(path, ...responders) {
      scripts.set(path, { responders, used: 0 });
    },
    byPath,
    maxInFlight: (path) => maxSeen.get(path) ?? 0,
    waitFor(count, path, timeoutMs = 20_000) {
      const current = () => (path === undefined ? received : byPath(path));
      if (current().length >= count) return Promise.resolve(current());
      return new Promise((resolve, reject) => {
        const check = () => {
          if (current().length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(current());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `waited ${timeoutMs} ms for ${count} deliveries${path ? ` on ${path}` : ""}, got ${current().length}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
