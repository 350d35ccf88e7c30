// Test helper only (spawned by the integration tests, never by the app): a process that
// opens the database the way the running app does, and on the embedded database starts
// the admin endpoint. Prints one JSON line when ready, then answers line commands on
// stdin: `create-agency NAME`, `find-agency ID`, `exit`. Exits when stdin closes, so a
// crashed test run leaves no holder behind. If the database cannot be opened it prints
// {"error": message} on stderr and exits 3.
import readline from "node:readline";
import { startAdminServer } from "@/lib/runtime/admin/admin-server";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { closeDb, databaseMode, getDb } from "@/lib/infra/db/db";

function reply(body: object) {
  process.stdout.write(`${JSON.stringify(body)}\n`);
}

let db: Awaited<ReturnType<typeof getDb>>;
try {
  db = await getDb();
} catch (err) {
  process.stderr.write(`${JSON.stringify({ error: (err as Error).message })}\n`);
  process.exit(3);
}
const server = databaseMode() === "embedded" ? await startAdminServer() : null;

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server?.close();
  await closeDb();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());

let queue: Promise<void> = Promise.resolve();
const lines = readline.createInterface({ input: process.stdin });
lines.on("close", () => void queue.then(stop));
lines.on("line", (line) => {
  const [command, ...rest] = line.trim().split(" ");
  const arg = rest.join(" ");
  const work = async () => {
    if (command === "create-agency") {
      const row = await createAgency({ name: arg });
      reply({ id: row.id });
    } else if (command === "find-agency") {
      const row = await db.agency.findUnique({ where: { id: arg } });
      reply({ found: row !== null, name: row?.name ?? null });
    } else if (command === "exit") {
      await stop();
    } else {
      reply({ error: `unknown command ${command}` });
    }
  };
  // one at a time, in order, so `exit` after a write waits for the write
  queue = queue.then(work).catch((err) => reply({ error: (err as Error).message }));
});

reply({ ready: true, pid: process.pid, port: server?.port ?? null });
