// Integration-test harness: serves the app's route handlers (app/api/**/route.ts and the
// client pages' app/(client)/**/route.ts) over real HTTP on a loopback port, without a
// Next.js build, so tests exercise the same handlers, wrappers and database as production,
// behind the same proxy.ts.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { installMethodGuard } from "@/lib/runtime/boot/method-guard";
import { appendPeerToForwardedFor } from "@/lib/surfaces/http/client-address";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
interface Route {
  pattern: RegExp;
  names: string[];
  catchAll: boolean;
  file: string;
  module?: Record<string, Handler>;
}

function collectRoutes(dir: string, base: string): Route[] {
  const out: Route[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...collectRoutes(full, base));
    else if (entry.name === "route.ts") {
      const rel = path
        .relative(base, path.dirname(full))
        .split(path.sep)
        .filter((s) => !/^\(.*\)$/.test(s));
      const names: string[] = [];
      let catchAll = false;
      const src = rel
        .map((seg) => {
          const m = /^\[(\.\.\.)?(.+)\]$/.exec(seg);
          if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(m[2]!);
          if (m[1]) {
            catchAll = true;
            return "(.+)";
          }
          return "([^/]+)";
        })
        .join("/");
      out.push({ pattern: new RegExp(`^/${src}/?$`), names, catchAll, file: full });
    }
  }
  // static segments before dynamic ones, catch-alls last
  return out.sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || a.names.length - b.names.length);
}

export async function startApiServer(): Promise<{ url: string; close(): Promise<void> }> {
  const appDir = path.join(process.cwd(), "app");
  // the API's handlers and the client pages' (the invite, embed, static and removal links render plain HTML)
  const routes = [
    ...collectRoutes(path.join(appDir, "api"), appDir),
    ...collectRoutes(path.join(appDir, "(client)"), appDir),
  ].sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || a.names.length - b.names.length);
  installMethodGuard(); // as instrumentation.ts does in the app
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      // like Next.js: proxy.ts answers first when it returns anything but NextResponse.next()
      const screened = await proxy(new NextRequest(url, { method: req.method }));
      if (!screened.headers.has("x-middleware-next")) {
        const outHeaders: Record<string, string> = {};
        screened.headers.forEach((v, k) => (outHeaders[k] = v));
        res.writeHead(screened.status, outHeaders);
        res.end(Buffer.from(await screened.arrayBuffer()));
        return;
      }
      const route = routes.find((r) => r.pattern.test(url.pathname));
      if (!route) {
        res.writeHead(404).end();
        return;
      }
      route.module ??= (await import(route.file)) as Record<string, Handler>;
      const handler = route.module[req.method ?? "GET"];
      if (!handler) {
        res.writeHead(405).end();
        return;
      }
      const m = route.pattern.exec(url.pathname)!;
      const params: Record<string, string | string[]> = {};
      route.names.forEach((n, i) => {
        const v = decodeURIComponent(m[i + 1]!);
        params[n] = route.catchAll && i === route.names.length - 1 ? v.split("/") : v;
      });
      // as the app's server does (lib/runtime/boot/http-hooks.ts): the socket peer appended
      appendPeerToForwardedFor(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? (req as unknown as ReadableStream) : undefined,
        ...(hasBody ? { duplex: "half" } : {}),
      });
      const response = await handler(request, { params: Promise.resolve(params) });
      const outHeaders: Record<string, string> = {};
      response.headers.forEach((v, k) => (outHeaders[k] = v));
      res.writeHead(response.status, outHeaders);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      console.error(err);
      res.writeHead(500).end();
    }
  });
  // Node's default of 5 s: on a loaded machine a test can pause longer between calls, and a
  // client reusing the socket the server is just closing reads ECONNRESET. close() still ends
  // idle connections at once.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
