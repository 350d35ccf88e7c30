// Answers requests whose method the web platform's Request cannot represent (TRACE, TRACK)
// before Next.js sees them: Next.js builds a Request for proxy.ts, fails, and answers 500 in
// plain text. Installed once per process from instrumentation.ts (and by the test server),
// it hands API paths to the same method screen as proxy.ts (405 in the API's format with the
// path's real Allow) and answers other paths with a plain 405.
import http from "node:http";
import { screenMethod } from "@/lib/surfaces/http/method-screen";
import { globalSingleton } from "@/lib/infra/global-singleton";

const UNREPRESENTABLE = new Set(["TRACE", "TRACK"]);
const SITE_ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  const response =
    screenMethod(req.method ?? "", pathname) ??
    new Response("Method not allowed.\n", {
      status: 405,
      headers: { "Content-Type": "text/plain; charset=utf-8", Allow: SITE_ALLOW },
    });
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

export function installMethodGuard() {
  const flag = globalSingleton<{ __methodGuardInstalled?: boolean }>("method-guard", () => ({}));
  if (flag.__methodGuardInstalled) return;
  flag.__methodGuardInstalled = true;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (UNREPRESENTABLE.has(req.method ?? "")) {
        req.resume();
        answer(req, res).catch(() => res.destroy());
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}
