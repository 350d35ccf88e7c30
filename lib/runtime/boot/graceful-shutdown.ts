// SIGTERM (and SIGINT) on an app instance: stop being ready, wait SHUTDOWN_DELAY_MS so the
// balancer notices, stop accepting connections, let in-flight requests finish (at most
// SHUTDOWN_TIMEOUT_MS), stop the in-process worker, close the rate-limit stores and the
// database (the embedded one included, releasing its lock), then exit 0.
// Next.js's own handler exits at once; it stays out when NEXT_MANUAL_SIG_HANDLE is set,
// which `npm start` and the container image do.
import { env } from "@/lib/infra/env";
import { closeDb } from "@/lib/infra/db/db";
import { closeListener } from "@/lib/infra/db/notifications";
import { setDraining } from "@/lib/infra/lifecycle";
import { log } from "@/lib/infra/log";
import { closeRateLimitStores } from "@/lib/infra/rate-limit/rate-limit";
import { requestsInFlight, stopAccepting, waitForRequests } from "@/lib/runtime/boot/http-hooks";
import { stopAllWorkers } from "@/lib/runtime/worker/start-worker";
import { globalSingleton } from "@/lib/infra/global-singleton";

const g = globalSingleton<{ __shutdownInstalled?: boolean; __shuttingDown?: Promise<void> }>(
  "graceful-shutdown",
  () => ({}),
);

export async function shutdown(signal: string): Promise<void> {
  const e = env();
  const logger = log().child({ component: "shutdown" });
  setDraining(true);
  logger.info(
    { signal, inFlight: requestsInFlight(), delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    "draining",
  );
  if (e.SHUTDOWN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, e.SHUTDOWN_DELAY_MS));
  stopAccepting();
  const finished = await waitForRequests(e.SHUTDOWN_TIMEOUT_MS);
  if (!finished)
    logger.warn({ inFlight: requestsInFlight() }, "shutdown timeout reached with requests still in flight");
  await stopAllWorkers().catch((err) => logger.error({ err }, "stopping the worker failed"));
  await closeRateLimitStores().catch(() => {});
  await closeListener().catch(() => {});
  await closeDb().catch((err) => logger.error({ err }, "closing the database failed"));
  logger.info({ signal }, "stopped");
}

export function installShutdownHandlers() {
  if (g.__shutdownInstalled) return;
  g.__shutdownInstalled = true;
  if (!env().NEXT_MANUAL_SIG_HANDLE && env().NODE_ENV === "production") {
    log().warn(
      "NEXT_MANUAL_SIG_HANDLE is not set: Next.js exits at once on SIGTERM and in-flight requests are dropped. Start with `npm start` or the container image.",
    );
  }
  const onSignal = (signal: string) => {
    if (g.__shuttingDown) {
      // a second signal: stop waiting
      process.exit(1);
    }
    g.__shuttingDown = shutdown(signal).then(
      () => process.exit(0),
      (err) => {
        log().error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
}
