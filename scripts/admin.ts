// The operator's admin CLI: npm run admin -- <command> (see ADMIN_USAGE). Prints one JSON
// object on stdout and exits 0; bad input prints {"error":{code,message,field}} on stderr
// and exits 2; anything else exits 1. With the embedded database held by the running
// app, the command is sent to the app's loopback admin endpoint instead of opening the
// folder a second time.
import path from "node:path";
import { AdminEndpointError, readAdminEndpoint, sendAdminCommand } from "@/lib/runtime/admin/admin-client";
import { AdminInputError, runAdminCommand } from "@/lib/runtime/admin/run-admin-command";
import { closeDb } from "@/lib/infra/db/db";
import { lockHolder } from "@/lib/infra/db/data-dir-lock";
import { env } from "@/lib/infra/env";

function fail(status: 1 | 2, error: { code: string; message: string; field?: string }): never {
  process.stderr.write(`${JSON.stringify({ error })}\n`);
  process.exit(status);
}

async function run(argv: string[]): Promise<object> {
  const config = env();
  if (config.databaseMode === "embedded") {
    const dataDir = path.resolve(config.DATA_DIR);
    const holder = lockHolder(dataDir);
    if (holder !== null && holder !== process.pid) {
      const endpoint = readAdminEndpoint(dataDir);
      if (!endpoint || endpoint.pid !== holder) {
        throw new AdminEndpointError(
          `The data folder ${dataDir} is in use by process ${holder}, which publishes no admin endpoint. Run the command while the app is running, or stop that process.`,
        );
      }
      return sendAdminCommand(endpoint, argv);
    }
  }
  try {
    return await runAdminCommand(argv);
  } finally {
    await closeDb();
  }
}

try {
  const result = await run(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (err) {
  if (err instanceof AdminInputError) fail(2, err.toJSON());
  fail(1, { code: "INTERNAL", message: (err as Error).message });
}
