// Next.js fills X-Forwarded-For from the socket only when the client sent none, so a client
// talking to the app directly could choose its own address (and dodge V1's per-IP rate
// limit). Unless TRUST_PROXY is set, drop the incoming header before Next.js sees it.
import http from "node:http";
import { globalSingleton } from "@/lib/infra/global-singleton";

export function stripUntrustedForwardedFor(trustProxy: boolean) {
  if (trustProxy) return;
  // patched once per process, however many copies of this module load
  globalSingleton("strip-forwarded-for", () => {
    const emit = http.Server.prototype.emit;
    http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
      if (event === "request") delete (args[0] as http.IncomingMessage).headers["x-forwarded-for"];
      return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
    } as typeof emit;
    return true;
  });
}
