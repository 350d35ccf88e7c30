// The shared plumbing of the platform contract fakes: one loopback `node:http` server
// per platform host, every request recorded (method, host, path, query, headers, body),
// `GET /__calls` (the recorded calls as JSON) and `POST /__reset` (forget calls and
// switches) on every port, so a Playwright spec in another process can read what a fake
// received. Each fake supplies the handler that answers as its platform documents.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedCall = {
  host: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** the body parsed as JSON or as a form; the raw text otherwise */
  body: unknown;
};

export type FakeRequest = RecordedCall & { url: URL };
export type FakeResponse = { status: number; json?: unknown; text?: string; headers?: Record<string, string> };
export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export type FakePlatform = {
  /** platform host -> loopback origin, ready for PLATFORM_HOST_OVERRIDES */
  hosts: Record<string, string>;
  calls: RecordedCall[];
  /** `host=origin,...` for PLATFORM_HOST_OVERRIDES */
  overrides: string;
  reset(): void;
  close(): Promise<void>;
};

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === "") return null;
  if (contentType?.includes("application/json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/** Starts one server per host (port 0 unless `ports` names one) answering with `handler`. */
export async function startFakePlatform(opts: {
  hosts: readonly string[];
  ports?: Record<string, number>;
  handler: FakeHandler;
  onReset?: () => void;
}): Promise<FakePlatform> {
  const calls: RecordedCall[] = [];
  const servers: http.Server[] = [];
  const hosts: Record<string, string> = {};
  const reset = () => {
    calls.length = 0;
    opts.onReset?.();
  };

  for (const host of opts.hosts) {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        void (async () => {
          const url = new URL(req.url ?? "/", `http://${host}`);
          if (url.pathname === "/__calls" && req.method === "GET") {
            res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(calls));
            return;
          }
          if (url.pathname === "/__reset" && req.method === "POST") {
            reset();
            res.writeHead(204).end();
            return;
          }
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(req.headers))
            if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
          const call: RecordedCall = {
            host,
            method: req.method ?? "GET",
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            headers,
            body: parseBody(Buffer.concat(chunks).toString("utf8"), headers["content-type"]),
          };
          calls.push(call);
          let out: FakeResponse;
          try {
            out = await opts.handler({ ...call, url });
          } catch (err) {
            out = { status: 500, text: `fake failure: ${(err as Error).message}` };
          }
          const outHeaders: Record<string, string> = { ...out.headers };
          let body = out.text ?? "";
          if (out.json !== undefined) {
            outHeaders["content-type"] ??= "application/json";
            body = JSON.stringify(out.json);
          }
          res.writeHead(out.status, outHeaders).end(body);
        })();
      });
    });
    await new Promise<void>((resolve) => server.listen(opts.ports?.[host] ?? 0, "127.0.0.1", resolve));
    servers.push(server);
    hosts[host] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  return {
    hosts,
    calls,
    overrides: Object.entries(hosts)
      .map(([h, o]) => `${h}=${o}`)
      .join(","),
    reset,
    close: () =>
      Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))).then(() => undefined),
  };
}
