// Test helpers for the V1 integration tests: a caller for `${base}/api/v1` with the key
// in `x-auth` that can connect from another loopback address (a different client IP for
// the per-IP rate limit), and assertions for V1's envelope and headers.
import http from "node:http";
import { expect } from "vitest";

export interface V1Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  // Bodies are asserted field by field by the tests themselves.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface V1CallOptions {
  body?: unknown;
  /** sent as is, without JSON encoding or a content type */
  rawBody?: string;
  headers?: Record<string, string>;
  /** the loopback address to connect from, e.g. 127.0.0.2 (default 127.0.0.1) */
  from?: string;
  /** null: no x-auth header */
  key?: string | null;
}

export function v1Call(
  base: string,
  key: string | null,
  method: string,
  path: string,
  opts: V1CallOptions = {},
): Promise<V1Response> {
  const url = new URL(`${base}/api/v1${path}`);
  const headers: Record<string, string> = {};
  const auth = opts.key === undefined ? key : opts.key;
  if (auth !== null) headers["x-auth"] = auth;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  Object.assign(headers, opts.headers ?? {});
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: opts.from,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("V1 call timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

/** A caller bound to one server and key. */
export function v1Client(base: string, key: string) {
  return (method: string, path: string, opts?: V1CallOptions) => v1Call(base, key, method, path, opts);
}

/** Every V1 response: the Deprecation date and the Link to the migration guide. */
export function expectLegacyHeaders(res: { headers: http.IncomingHttpHeaders }) {
  expect(res.headers["deprecation"]).toMatch(/^@\d+$/);
  expect(res.headers["link"]).toMatch(/^<http[^>]+\/api\/v1\/migration-guide>; rel="deprecation"/);
}

/** Asserts V1's success body with the given status; returns `data`. */
export function expectV1Ok(res: V1Response, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error, res.text).toBe(false);
  expect("data" in res.body).toBe(true);
  expectLegacyHeaders(res);
  return res.body.data;
}

/** Asserts V1's failure body `{ error: true, msg }` with the given status; returns msg. */
export function expectV1Error(res: V1Response, status: number): string {
  expect(res.status, res.text).toBe(status);
  expect(res.body, res.text).toEqual({ error: true, msg: expect.any(String) });
  expect(res.body.msg.length).toBeGreaterThan(0);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expectLegacyHeaders(res);
  return res.body.msg;
}
