// Starts the service inside the app process: validates the environment, opens (and on the
// embedded database migrates) the database, seeds the demo on first start, starts the
// loopback admin endpoint and, on the embedded database, the background worker.
// A bad configuration stops the process with one line naming the problem. It also hooks
// the HTTP server (client address rule, in-flight count) and installs graceful shutdown.
import fs from "node:fs";
import { defaultNextAuthUrl, env, EnvError } from "@/lib/infra/env";
import { getDb, migrationState, DatabaseUnreachableError } from "@/lib/infra/db/db";
import { compatibility, describeCompatibility, MigrationChangedError, SchemaTooNewError } from "@/lib/infra/db/migrate";
import { DataDirLockedError } from "@/lib/infra/db/data-dir-lock";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { describeHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { globalSingleton } from "@/lib/infra/global-singleton";
import { log } from "@/lib/infra/log";
import { rateLimitStoreReachable, rateLimitsArePerInstance } from "@/lib/infra/rate-limit/rate-limit";
import { backfillLinkTokens } from "@/lib/runtime/boot/backfill-link-tokens";
import { installHttpHooks } from "@/lib/runtime/boot/http-hooks";
import { installShutdownHandlers } from "@/lib/runtime/boot/graceful-shutdown";
import { PER_INSTANCE_LIMITS_WARNING } from "@/lib/runtime/health/readiness";

function fatal(message: string): never {
  // A plain line on stderr, before the logger may work: what the operator reads first.
  process.stderr.write(`Cannot start: ${message}\n`);
  process.exit(1);
}

async function start() {
  let e;
  try {
    e = env();
  } catch (err) {
    if (err instanceof EnvError) fatal(err.message);
    throw err;
  }
  defaultNextAuthUrl(e.appUrl);
  for (const line of describeHostOverrides(e.platformHostOverrides)) log().warn(`Platform host override: ${line}`);
  installHttpHooks();
  installShutdownHandlers();
  try {
    loadSecrets();
    await getDb();
    const state = await migrationState();
    const compat = compatibility(state);
    // Only a database missing migrations this code needs (or with incompatible or edited
    // ones) is refused; newer additive migrations are a rolling deploy in progress.
    if (compat === "pending" || compat === "newer-incompatible" || compat === "changed")
      fatal(describeCompatibility(state));
    if (compat === "newer-additive") log().warn({ unknown: state.unknown }, describeCompatibility(state));
    // seal link tokens still stored in plain text (rows from before tokens were hashed)
    const sealed = await backfillLinkTokens();
    if (sealed.requests || sealed.agencies) log().info(sealed, "Sealed link tokens stored in plain text");
  } catch (err) {
    if (
      err instanceof DatabaseUnreachableError ||
      err instanceof SchemaTooNewError ||
      err instanceof MigrationChangedError ||
      err instanceof DataDirLockedError ||
      err instanceof EnvError
    )
      fatal(err.message);
    throw err;
  }
  if (rateLimitsArePerInstance()) log().warn(PER_INSTANCE_LIMITS_WARNING);
  // connects to Redis now (when it is the store), so an unreachable one is logged at start
  await rateLimitStoreReachable().catch(() => null);
  if (e.databaseMode === "postgres") {
    // a key revoked or a plan changed on another instance reaches this one at once
    const { listen, CHANNELS } = await import("@/lib/infra/db/notifications");
    const { forgetApiKeys } = await import("@/lib/core/api-keys/authenticate-api-key");
    await listen(CHANNELS.authChanged, forgetApiKeys).catch((err) =>
      log().warn({ err: (err as Error).message }, "LISTEN for key changes failed; cached keys expire within 5 s"),
    );
  }
  // platform credentials and switches saved on the Platforms page, kept current on every instance
  const { startPlatformSettingsSync } = await import("@/lib/runtime/boot/platform-settings-sync");
  await startPlatformSettingsSync(e.databaseMode);
  if (e.NODE_ENV === "production" && e.databaseMode === "postgres" && !e.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY) {
    log().info(
      "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is not set: Server Actions work across instances only when every instance runs the same build (one image). Set it when instances are built separately.",
    );
  }
  if (e.seedDemo) {
    const { seedDemoIfEmpty, printDemoBanner } = await import("@/lib/runtime/seed/seed-demo");
    const info = await seedDemoIfEmpty();
    // written to the file descriptor directly: Next.js's patched console and stdout echo it twice
    if (info) fs.writeSync(1, printDemoBanner(info, e.appUrl) + "\n");
  }
  if (e.databaseMode === "embedded") {
    const { startAdminServer } = await import("@/lib/runtime/admin/admin-server");
    await startAdminServer();
  }
  if (e.workerInProcess) {
    const { startWorker } = await import("@/lib/runtime/worker/start-worker");
    startWorker({ name: "in-process" });
  }
}

export function boot(): Promise<void> {
  return globalSingleton("boot", start);
}
