// Every method on every API path answers in the API's own format, over real
// HTTP behind the same proxy.ts and method guard as the app: OPTIONS answers 204 with the path's
// real Allow; TRACE, QUERY, PROPFIND and other methods no route can export answer 405
// METHOD_NOT_ALLOWED with that Allow, on V2 (error envelope) and V1 (`{ error, msg }`). The
// table the screen uses is checked against the route files and the OpenAPI document.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { expectError, REQUEST_ID, type ApiResponse } from "@/test/support/v2-fixtures";
import { ROUTE_METHODS, V1_PATH_METHODS, V2_PATH_METHODS } from "@/lib/surfaces/http/allowed-methods";
import { openApiDocument } from "@/lib/surfaces/v2/openapi/openapi-document";

let server: Awaited<ReturnType<typeof startApiServer>>;
const ID = "00000000-0000-4000-8000-000000000000";
const concrete = (path: string) => path.replace(/\[\^\/\]\+/g, ID);

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** Any method, through node:http (fetch refuses TRACE). */
function raw(method: string, path: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers, body, text });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const OTHER_METHODS = ["TRACE", "QUERY", "PROPFIND", "MKCOL", "LOCK"];

describe("V2", () => {
  it("answers OPTIONS with 204 and the path's real Allow, and other methods with 405 in the envelope", async () => {
    for (const r of V2_PATH_METHODS) {
      const path = `/api/v2${concrete(r.path)}`;
      const options = await raw("OPTIONS", path);
      expect({ path, status: options.status, allow: options.headers.get("allow") }).toEqual({
        path,
        status: 204,
        allow: r.methods.join(", "),
      });
      expect(options.headers.get("x-request-id")).toMatch(REQUEST_ID);
      for (const method of OTHER_METHODS) {
        const res = await raw(method, path);
        expectError(res, 405, "METHOD_NOT_ALLOWED");
        expect(res.headers.get("allow"), `${method} ${path}`).toBe(r.methods.join(", "));
      }
    }
  });

  it("answers unknown paths with 404 in the envelope whatever the method", async () => {
    for (const method of ["TRACE", "QUERY", "OPTIONS", "GET"])
      expectError(await raw(method, "/api/v2/nope"), 404, "NOT_FOUND");
  });

  it("lists in its table exactly the methods each route serves (the others answer 405)", async () => {
    for (const r of V2_PATH_METHODS) {
      for (const method of ROUTE_METHODS) {
        const res = await raw(method, `/api/v2${concrete(r.path)}`);
        expect({ path: r.path, method, served: res.status !== 405 }).toEqual({
          path: r.path,
          method,
          served: r.methods.includes(method),
        });
      }
    }
  });

  it("has one table entry per path of the OpenAPI document, with the same methods", () => {
    const fromDoc = Object.entries(openApiDocument().paths ?? {})
      .map(([path, item]) => [
        path.replace(/\{id\}/g, "[^/]+"),
        Object.keys(item as object)
          .map((m) => m.toUpperCase())
          .sort()
          .join(","),
      ])
      .sort();
    const fromTable = V2_PATH_METHODS.map((r) => [r.path, [...r.methods].sort().join(",")]).sort();
    expect(fromTable).toEqual(fromDoc);
  });
});

describe("V1", () => {
  it("answers OPTIONS with 204 and Allow, and other methods with V1's 405 body", async () => {
    for (const r of V1_PATH_METHODS) {
      const path = `/api/v1${r.path}`;
      const options = await raw("OPTIONS", path);
      expect({ path, status: options.status, allow: options.headers.get("allow") }).toEqual({
        path,
        status: 204,
        allow: r.methods.join(", "),
      });
      expect(options.headers.get("deprecation")).toMatch(/^@\d+$/);
      for (const method of OTHER_METHODS) {
        const res = await raw(method, path);
        expect({ method, path, status: res.status, allow: res.headers.get("allow") }).toEqual({
          method,
          path,
          status: 405,
          allow: r.methods.join(", "),
        });
        expect(res.body).toEqual({ error: true, msg: expect.stringContaining(`Allowed: ${r.methods.join(", ")}`) });
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      }
      for (const method of ROUTE_METHODS) {
        const res = await raw(method, path);
        expect({ path, method, served: res.status !== 405 }).toEqual({
          path,
          method,
          served: r.methods.includes(method),
        });
      }
    }
  });

  it("answers unknown paths with V1's 404 whatever the method", async () => {
    const res = await raw("TRACE", "/api/v1/nope");
    expect({ status: res.status, error: res.body?.error }).toEqual({ status: 404, error: true });
  });
});

it("leaves the methods the routes serve, and paths outside the APIs, to the app", async () => {
  expectError(await raw("GET", "/api/v2/me"), 401, "UNAUTHENTICATED");
  const trace = await raw("TRACE", "/api/health");
  expect({ status: trace.status, type: trace.headers.get("content-type") }).toEqual({
    status: 405,
    type: "text/plain; charset=utf-8",
  });
});
