// Starts the service inside the app process: validates the environment, opens (and on the
// embedded database migrates) the database, seeds the demo on first start, starts the
// loopback admin endpoint and, on the embedded database, the background worker.
// A bad configuration stops the process with one line naming the problem.
import fs from "node:fs";
import { env, EnvError } from "@/lib/infra/env";
import { getDb, migrationState, DatabaseUnreachableError } from "@/lib/infra/db/db";
import { SchemaTooNewError } from "@/lib/infra/db/migrate";
import { DataDirLockedError } from "@/lib/infra/db/data-dir-lock";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { describeHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { stripUntrustedForwardedFor } from "@/lib/surfaces/http/strip-forwarded-for";
import { globalSingleton } from "@/lib/infra/global-singleton";

function fatal(message: string): never {
  console.error(`Cannot start: ${message}`);
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
  process.env.NEXTAUTH_URL ??= e.appUrl;
  for (const line of describeHostOverrides(e.platformHostOverrides)) console.warn(`Platform host override: ${line}`);
  stripUntrustedForwardedFor(e.TRUST_PROXY);
  try {
    loadSecrets();
    await getDb();
    const state = await migrationState();
    if (state.unknown.length) throw new SchemaTooNewError(`The database was written by a newer version (unknown migrations: ${state.unknown.join(", ")}). Refusing to start.`);
    if (state.pending.length) fatal(`the database has ${state.pending.length} pending migration(s); run \`npm run db:migrate\` first.`);
  } catch (err) {
    if (err instanceof DatabaseUnreachableError || err instanceof SchemaTooNewError || err instanceof DataDirLockedError || err instanceof EnvError) fatal(err.message);
    throw err;
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
