// Hooks on the Node HTTP server that Next.js starts (it exposes no request hook of its
// own): every request gets the socket peer appended to X-Forwarded-For (the client
// address rule, lib/surfaces/http/client-address.ts) and is counted while in flight, and
// the servers are remembered, so graceful shutdown can stop accepting connections and wait
// for the requests already running.
import http from "node:http";
import { appendPeerToForwardedFor } from "@/lib/surfaces/http/client-address";
import { globalSingleton } from "@/lib/infra/global-singleton";

interface HookState {
  installed: boolean;
  inFlight: number;
  servers: Set<http.Server>;
  idleWaiters: Array<() => void>;
}

const g = globalSingleton<{ __httpHooks?: HookState }>("http-hooks", () => ({}));
const state: HookState = (g.__httpHooks ??= { installed: false, inFlight: 0, servers: new Set(), idleWaiters: [] });

export function installHttpHooks() {
  if (state.installed) return;
  state.installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      const res = args[1] as http.ServerResponse;
      appendPeerToForwardedFor(req);
      state.servers.add(this);
      state.inFlight++;
      let done = false;
      res.once("close", () => {
        if (done) return;
        done = true;
        state.inFlight--;
        if (state.inFlight === 0) for (const w of state.idleWaiters.splice(0)) w();
      });
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}

export function requestsInFlight(): number {
  return state.inFlight;
}

/** Stops accepting connections on every server seen, closes idle keep-alive connections. */
export function stopAccepting() {
  for (const server of state.servers) {
    server.close();
    server.closeIdleConnections();
  }
}

/** Resolves when no request is in flight, or after `timeoutMs` (true when all finished). */
export function waitForRequests(timeoutMs: number): Promise<boolean> {
  if (state.inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    state.idleWaiters.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
