// Memory of the MCP endpoint under calls whose clients leave (npm run bench:mcp-aborts). Not a test.
//
// Serves /api/mcp's route handler on a loopback port in this process, on a fresh embedded
// database in a temporary DATA_DIR; seeds one agency and its API key; then runs --rounds
// rounds of --calls calls whose clients leave: three GETs asking for an event stream (as the
// official client sends after connecting) to one POST cut off mid-body. After each round it
// waits until every handler has ended (at most --settle seconds), collects garbage and
// prints the calls still being served, heap used and resident memory. Figures that stay
// flat round after round: nothing is kept once a client has gone. (Measured on this kind of
// machine: flat at about 56 MB of heap; before GET answered 405, each round of 1,000 kept 750
// handlers and about 50 MB.)
//
//   npm run bench:mcp-aborts -- [--rounds 5] [--calls 1000] [--settle 10]
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";

function option(name: string, fallback: string): number {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback);
}
const ROUNDS = option("rounds", "5");
const CALLS = option("calls", "1000");
const SETTLE_MS = option("settle", "10") * 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mcp-"));
const env = process.env as Record<string, string | undefined>;
delete env.DATABASE_URL;
env.DATA_DIR = dataDir;
env.SEED_DEMO = "0";
env.APP_SECRET ??= "bench-secret-0123456789abcdef0123456789abcdef";
env.APP_URL ??= "http://localhost:3999";
// the limit would refuse most POSTs before they read their body
env.V2_RATE_LIMIT_PER_MINUTE = String(CALLS * ROUNDS * 2);

const { migrate, closeDb } = await import("@/lib/infra/db/db");
const { createAgency } = await import("@/lib/core/agencies/create-agency");
const { createApiKey } = await import("@/lib/core/api-keys/create-api-key");
const { handleMcp, openMcpCalls } = await import("@/lib/surfaces/v2/mcp/handle-mcp");

await migrate();
const agency = await createAgency({ name: "Bench agency", plan: "agency" });
const { key } = await createApiKey({ agencyId: agency.id, scopes: ["requests:read"] });

const server = http.createServer(async (req, res) => {
  try {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? (req as unknown as ReadableStream) : undefined,
      ...(hasBody ? { duplex: "half" } : {}),
    });
    const response = await handleMcp(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch {
    res.destroy();
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`;

/** One round: every call sent, reaching the server, then every client gone. */
async function round() {
  const requests: http.ClientRequest[] = [];
  let answered = 0;
  for (let i = 0; i < CALLS; i++) {
    const post = i % 4 === 0;
    const req = http.request(url, {
      method: post ? "POST" : "GET",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        accept: post ? "application/json, text/event-stream" : "text/event-stream",
        ...(post ? { "content-length": "10000" } : {}),
      },
    });
    req.on("error", () => {});
    req.on("response", (r) => {
      answered++;
      r.resume();
    });
    if (post) req.write('{"jsonrpc":"2.0","id":1,');
    else req.end();
    requests.push(req);
  }
  const until = Date.now() + SETTLE_MS;
  while (answered + openMcpCalls() < CALLS && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  for (const req of requests) req.destroy();
  while (openMcpCalls() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

const gc = globalThis.gc;
if (!gc) console.warn("Run with node's --expose-gc (npm run bench:mcp-aborts does) for figures after a collection.");
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log("round  calls still served  heap used  resident");
for (let r = 0; r <= ROUNDS; r++) {
  if (r > 0) await round();
  globalThis.gc?.();
  const m = process.memoryUsage();
  console.log(
    `${String(r).padStart(5)}  ${String(openMcpCalls()).padStart(18)}  ${mb(m.heapUsed).padStart(9)}  ${mb(m.rss)}`,
  );
}
server.close();
await closeDb();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
