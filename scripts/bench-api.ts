// API V2 benchmark (npm run bench:api), over loopback with autocannon. Not a test.
//
// Seeds one agency with 100,000 requests (bulk SQL) in a fresh database, then measures:
//   - a bare node:http server doing the API's lookup of one request (this machine's ceiling),
//     and on PostgreSQL the same server serving the list page with one hand-written SQL query
//     and doing the transactions of POST /clients and POST /requests by hand, through pg,
//   - a minimal Next.js route handler doing the same lookup (app/api/bench/baseline, the
//     framework's floor),
//   - GET /api/v2/requests/{id}, GET /api/v2/requests?limit=100 (first page and a page
//     90,000 rows deep), POST /api/v2/clients and POST /api/v2/requests (two Meta services)
//     with unique idempotency keys,
// and prints requests/s, p50 and p99 latency and the API's ratios to both baselines.
//
//   tsx scripts/bench-api.ts --app-dir <folder with a Next.js build> [--port 3201]
//     [--duration 10] [--rounds 3] [--connections 32] [--rows 100000] [--cpu-prof <folder>]
//     [--only one|list|create|create-request|create-one-agency]
//
// create-one-agency: POST /requests at the same connections, all for one agency, against
// the same load spread over 32 agencies (each call takes the next agency in turn); the ratio
// shows whether one agency's creates wait for each other (target >= 0.8x).
//
// --cpu-prof runs the app under `node --cpu-prof` and leaves its .cpuprofile in that folder
// when it stops (summarize it with scripts/summarize-cpu-profile.ts); the profiler slows the
// app, so figures of such a run are not comparable with others. --only runs one of the
// API's scenarios and nothing else (no baselines, no ratios), for a profile of that alone.
//
// With DATABASE_URL (postgres://...) a fresh database is created on that server and dropped
// afterwards; without it a fresh embedded DATA_DIR is used. The app is started from the
// existing build with `next start`; the benchmark never builds it.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const ROOT = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

// --serve-baseline: the bare node:http server, run as a child so it has a process of its own.
// GET /?id= is the API's lookup of one request (loadRequestPage); on PostgreSQL, GET /list serves the list's
// first page with one hand-written SQL query through pg (json_agg of the services and their
// accounts), and POST /clients and POST /requests do the creates' transactions by hand through
// pg (idempotency row, object, usage count, event, webhook fan-out, team notifications,
// idempotency response).
if (process.argv.includes("--serve-baseline")) {
  const { serializeRequest } = await import("@/lib/core/requests/serialize-request");
  const { requestLinkToken } = await import("@/lib/core/request-records/request-links");
  const { loadRequestPage } = await import("@/lib/core/requests/load-request-page");
  const { storeLinkToken } = await import("@/lib/infra/secrets/link-token");
  const { randomToken } = await import("@/lib/core/api-keys/api-key-token");
  const agencyId = arg("agency", "");
  const apiKeyId = arg("key-id", "");
  const appUrl = process.env.APP_URL ?? "";
  const pool = process.env.DATABASE_URL
    ? new (await import("pg")).default.Pool({
        connectionString: process.env.DATABASE_URL,
        max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      })
    : null;
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let b = "";
      req.on("data", (d) => (b += d)).on("end", () => resolve(b));
    });
  const listPage = async (limit: number) => {
    const { rows } = await pool!.query(
      `SELECT r."id", r."clientId", c."externalClientId", r."status", r."stateVersion", r."source", r."inviteToken", r."inviteTokenHash", r."inviteTokenSealed", r."intakeRequested",
              r."intakeCompletedAt", r."thankYouMessage", r."redirectUrl", r."createdAt", r."completedAt", r."expiresAt", r."cancelledAt",
              COALESCE((SELECT json_agg(json_build_object('service', s."serviceId", 'platform', s."platform", 'accessLevel', s."accessLevel",
                         'optional', s."optional", 'status', s."status", 'accounts', s."accounts", 'grantedAssets', s."grantedAssets") ORDER BY s."position")
                        FROM "RequestService" s WHERE s."requestId" = r."id"), '[]'::json) AS "services"
       FROM "AccessRequest" r JOIN "Client" c ON c."id" = r."clientId"
       WHERE r."agencyId" = $1::uuid AND r."isDemo" = false ORDER BY r."createdAt", r."id" LIMIT $2`,
      [agencyId, limit + 1],
    );
    const page = rows.slice(0, limit);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      data: page.map((r) => {
        // the link token as the API reads it: the sealed copy opened and checked against its hash
        const token = requestLinkToken(r);
        return {
          id: r.id,
          clientId: r.clientId,
          externalClientId: r.externalClientId,
          status: r.status,
          stateVersion: r.stateVersion,
          source: r.source,
          inviteUrl: `${appUrl}/i/${token}`,
          embedUrl: `${appUrl}/embed/${token}`,
          intakeForm: { requested: r.intakeRequested, complete: r.intakeCompletedAt !== null },
          services: r.services,
          thankYouMessage: r.thankYouMessage,
          redirectUrl: r.redirectUrl,
          createdAt: iso(r.createdAt),
          completedAt: iso(r.completedAt),
          expiresAt: iso(r.expiresAt),
          cancelledAt: iso(r.cancelledAt),
        };
      }),
      meta: { nextCursor: rows.length > limit ? "next" : null },
    };
  };
  // One transaction on one pooled connection, as the app runs each create.
  const inTx = async <T>(fn: (c: import("pg").PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool!.connect();
    try {
      await c.query("BEGIN");
      const out = await fn(c);
      await c.query("COMMIT");
      return out;
    } catch (err) {
      await c.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      c.release();
    }
  };
  // The idempotency key taken as the app takes it: the lock wait limit and the row in one statement.
  const takeKey = async (c: import("pg").PoolClient, endpoint: string, key: string, body: unknown) => {
    const hash = crypto
      .createHash("sha256")
      .update(endpoint + JSON.stringify(body))
      .digest("hex");
    const { rows } = await c.query(
      `WITH "limit" AS (SELECT set_config('lock_timeout', '10000ms', true) AS "set")
       INSERT INTO "IdempotencyRecord" ("id", "agencyId", "apiKeyId", "key", "endpoint", "requestHash", "responseStatus", "responseBody", "createdAt", "expiresAt")
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, $5, 0, 'null'::jsonb, now(), now() + interval '24 hours' FROM "limit"
       ON CONFLICT ("apiKeyId", "key") DO UPDATE SET "requestHash" = EXCLUDED."requestHash", "responseStatus" = 0, "responseBody" = 'null'::jsonb,
         "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt" WHERE "IdempotencyRecord"."expiresAt" < now()
       RETURNING "id"`,
      [agencyId, apiKeyId, key, endpoint, hash],
    );
    if (!rows[0]) throw new Error("idempotency key in use");
    return rows[0].id as string;
  };
  const storeResponse = (c: import("pg").PoolClient, id: string, status: number, body: unknown) =>
    c.query(`UPDATE "IdempotencyRecord" SET "responseStatus" = $2, "responseBody" = $3::jsonb WHERE "id" = $1::uuid`, [
      id,
      status,
      JSON.stringify(body),
    ]);
  // The event, its deliveries to subscribed webhooks, the wake-up, and the team's notification preferences.
  const recordEvent = async (c: import("pg").PoolClient, type: string, data: unknown, requestId: string | null) => {
    const eventId = "evt_" + crypto.randomBytes(16).toString("hex");
    const now = new Date();
    const envelope = JSON.stringify({
      id: eventId,
      type,
      schemaVersion: "1",
      createdAt: now.toISOString(),
      test: false,
      data,
    });
    await c.query(
      `INSERT INTO "Event" ("id", "agencyId", "type", "schemaVersion", "requestId", "body", "createdAt", "fannedOutAt") VALUES ($1, $2::uuid, $3, '1', $4::uuid, $5, $6, $6)`,
      [eventId, agencyId, type, requestId, envelope, now],
    );
    const fanned = await c.query(
      `INSERT INTO "WebhookDelivery" ("id", "agencyId", "webhookId", "eventId", "eventType", "nextAttemptAt", "createdAt")
       SELECT gen_random_uuid(), "agencyId", "id", $2, $4, $3, $3 FROM "Webhook"
       WHERE "agencyId" = $1::uuid AND "deletedAt" IS NULL AND "pausedAt" IS NULL AND ("events" @> ARRAY[$4] OR "events" @> ARRAY['*'])`,
      [agencyId, eventId, now, type],
    );
    if (fanned.rowCount) await c.query(`NOTIFY ars_deliveries_queued`);
    await c.query(`SELECT "userId" FROM "Membership" WHERE "agencyId" = $1::uuid AND "notifyEvents" @> ARRAY[$2]`, [
      agencyId,
      type,
    ]);
  };
  const createClient = (key: string, body: { name: string; email: string }) =>
    inTx(async (c) => {
      const idem = await takeKey(c, "POST /api/v2/clients", key, body);
      const { rows } = await c.query(
        `INSERT INTO "Client" ("id", "agencyId", "name", "email", "emailNormalized", "language", "metadata", "isProspect", "createdAt", "updatedAt")
         VALUES (gen_random_uuid(), $1::uuid, $2, $3, lower($3), 'en', '{}'::jsonb, false, now(), now()) RETURNING *`,
        [agencyId, body.name, body.email],
      );
      const row = rows[0];
      const client = {
        id: row.id,
        externalClientId: row.externalClientId,
        name: row.name,
        email: row.email,
        company: row.company,
        website: row.website,
        language: row.language,
        metadata: row.metadata,
        createdAt: row.createdAt.toISOString(),
      };
      await recordEvent(c, "client.created", { client }, null);
      await storeResponse(c, idem, 201, { data: client });
      return client;
    });
  // POST /requests by hand: the client, the linked accounts, the request and its services
  // (built from what the inserts return), the event, then the month's usage counter (locked).
  type Svc = { accessLevel?: string; optional?: boolean; requestedAccountLinks: { internalAccountId: string }[] };
  const createRequest = (key: string, body: { clientId: string; requestedServices: Record<string, Svc> }) =>
    inTx(async (c) => {
      const idem = await takeKey(c, "POST /api/v2/requests", key, body);
      const client = (
        await c.query(
          `SELECT "id", "externalClientId", "isProspect" FROM "Client" WHERE "id" = $1::uuid AND "agencyId" = $2::uuid`,
          [body.clientId, agencyId],
        )
      ).rows[0];
      if (!client) throw new Error("client not found");
      const entries = Object.entries(body.requestedServices);
      const ids = [...new Set(entries.flatMap(([, s]) => s.requestedAccountLinks.map((l) => l.internalAccountId)))];
      const accounts = await c.query(
        `SELECT "internalAccountId", "platform", "status", "services" FROM "ConnectedAccount" WHERE "agencyId" = $1::uuid AND "internalAccountId" = ANY($2)`,
        [agencyId, ids],
      );
      if (accounts.rowCount !== ids.length) throw new Error("unknown account");
      const now = new Date();
      const token = randomToken();
      const stored = storeLinkToken(token);
      const r = (
        await c.query(
          `INSERT INTO "AccessRequest" ("id", "agencyId", "clientId", "source", "inviteTokenHash", "inviteTokenSealed", "createdAt", "updatedAt")
           VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'api', $3, $4, $5, now()) RETURNING *`,
          [agencyId, client.id, stored.hash, stored.sealed, now],
        )
      ).rows[0];
      const services = await c.query(
        `INSERT INTO "RequestService" ("id", "agencyId", "requestId", "serviceId", "platform", "accessLevel", "optional", "accounts", "position", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), $1::uuid, $2::uuid, s.sid, 'meta', s.lvl, s.opt, s.acc, s.pos - 1, now(), now()
         FROM unnest($3::text[], $4::text[], $5::boolean[], $6::jsonb[]) WITH ORDINALITY AS s(sid, lvl, opt, acc, pos)
         RETURNING "serviceId", "platform", "accessLevel", "optional", "status", "accounts", "grantedAssets", "position"`,
        [
          agencyId,
          r.id,
          entries.map(([id]) => id),
          entries.map(([, s]) => s.accessLevel ?? null),
          entries.map(([, s]) => s.optional ?? false),
          entries.map(([, s]) =>
            JSON.stringify(
              s.requestedAccountLinks.map((l) => ({ adsMccAccountId: null, businessManagerId: null, ...l })),
            ),
          ),
        ],
      );
      const request = {
        id: r.id,
        clientId: r.clientId,
        externalClientId: client.externalClientId,
        status: r.status,
        stateVersion: r.stateVersion,
        source: r.source,
        inviteUrl: `${appUrl}/i/${token}`,
        embedUrl: `${appUrl}/embed/${token}`,
        intakeForm: { requested: false, complete: false },
        services: services.rows
          .sort((a, b) => a.position - b.position)
          .map((s) => ({
            service: s.serviceId,
            platform: s.platform,
            accessLevel: s.accessLevel,
            optional: s.optional,
            status: s.status,
            accounts: s.accounts,
            grantedAssets: [],
          })),
        thankYouMessage: null,
        redirectUrl: null,
        createdAt: r.createdAt.toISOString(),
        completedAt: null,
        expiresAt: null,
        cancelledAt: null,
      };
      await recordEvent(c, "request.created", { request }, r.id);
      // the usage count last, as the app counts it: the counter row stays locked until commit
      const period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
      const kind = client.isProspect ? "prospect" : "client";
      const limits = (
        await c.query(`SELECT "clientLimit", "prospectLimit" FROM "Agency" WHERE "id" = $1::uuid`, [agencyId])
      ).rows[0];
      const limit = kind === "client" ? limits.clientLimit : limits.prospectLimit;
      await c.query(
        `INSERT INTO "UsageCounter" ("id", "agencyId", "period", "kind", "used", "billableUnits", "updatedAt")
         VALUES (gen_random_uuid(), $1::uuid, $2, $3::"UsageKind", 0, 0, now()) ON CONFLICT ("agencyId", "period", "kind") DO NOTHING`,
        [agencyId, period, kind],
      );
      const counter = (
        await c.query(
          `SELECT "id", "used" FROM "UsageCounter" WHERE "agencyId" = $1::uuid AND "period" = $2 AND "kind" = $3::"UsageKind" FOR UPDATE`,
          [agencyId, period, kind],
        )
      ).rows[0];
      if (limit !== null && counter.used >= limit) throw new Error("plan limit reached");
      await c.query(`UPDATE "UsageCounter" SET "used" = "used" + 1, "updatedAt" = now() WHERE "id" = $1::uuid`, [
        counter.id,
      ]);
      await storeResponse(c, idem, 201, { data: request });
      return request;
    });
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    try {
      if (url.pathname === "/list" && pool) {
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(await listPage(Number(url.searchParams.get("limit") ?? 100))));
      } else if (url.pathname === "/clients" && req.method === "POST" && pool) {
        const body = JSON.parse(await readBody(req)) as { name: string; email: string };
        const client = await createClient(String(req.headers["idempotency-key"] ?? crypto.randomUUID()), body);
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ data: client }));
      } else if (url.pathname === "/requests" && req.method === "POST" && pool) {
        const body = JSON.parse(await readBody(req)) as Parameters<typeof createRequest>[1];
        const request = await createRequest(String(req.headers["idempotency-key"] ?? crypto.randomUUID()), body);
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ data: request }));
      } else {
        const id = url.searchParams.get("id") ?? "";
        const [row] = await loadRequestPage({ agencyId, id, take: 1 });
        res
          .writeHead(row ? 200 : 404, { "content-type": "application/json" })
          .end(JSON.stringify(row ? serializeRequest(row) : null));
      }
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  server.listen(Number(arg("port", "3201")), "127.0.0.1", () => console.log("ready"));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  const appDir = path.resolve(arg("app-dir", ROOT));
  const port = Number(arg("port", "3201"));
  const duration = Number(arg("duration", "10"));
  const connections = Number(arg("connections", "32"));
  const rows = Number(arg("rows", "100000"));
  const rounds = Number(arg("rounds", "3"));
  if (!fs.existsSync(path.join(appDir, ".next", "BUILD_ID"))) {
    throw new Error(
      `No Next.js build in ${appDir}. Build a copy of the repository first (see README) and pass --app-dir.`,
    );
  }
  const base = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  let dbName: string | null = null;
  if (base) {
    const pg = (await import("pg")).default;
    dbName = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    process.env.DATABASE_URL = url.toString();
  }
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    APP_SECRET: process.env.APP_SECRET ?? crypto.randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? crypto.randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? crypto.randomBytes(32).toString("hex"),
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    SEED_DEMO: "0",
    BENCH_ROUTES: "1",
    V2_RATE_LIMIT_PER_MINUTE: "1000000000",
  };
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    APP_SECRET: childEnv.APP_SECRET,
    APP_URL: childEnv.APP_URL,
    ENCRYPTION_KEY: childEnv.ENCRYPTION_KEY,
    SEED_DEMO: "0",
  });
  try {
    const seed = await seedDatabase(rows);
    const out: [string, Result][] = [];
    const push = out.push.bind(out);
    // a progress line per scenario as it finishes, so a long run shows where it is
    out.push = (...items: [string, Result][]) => {
      for (const [name, r] of items)
        console.log(`  ${name}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
      return push(...items);
    };
    console.log(
      `\nDatabase: ${base ? "PostgreSQL" : "embedded (PGlite)"}; ${rows} requests; ${connections} connections; ${rounds} rounds of ${duration} s per scenario (medians); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs.\n`,
    );

    const only = arg("only", "");
    const want = (scenario: "one" | "list" | "create" | "create-request" | "create-one-agency") =>
      !only || only === scenario;
    const requestBody = JSON.stringify({
      clientId: seed.clientId,
      requestedServices: {
        meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: seed.accountId }] },
        meta_page: { accessLevel: "editor", requestedAccountLinks: [{ internalAccountId: seed.accountId }] },
      },
    });
    const bare = only
      ? null
      : await startChild(
          process.execPath,
          [
            path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
            "--tsconfig",
            path.join(ROOT, "tsconfig.json"),
            path.join(ROOT, "scripts/bench-api.ts"),
            "--serve-baseline",
            "--port",
            String(port),
            "--agency",
            seed.agencyId,
            "--key-id",
            seed.keyId,
          ],
          ROOT,
          childEnv,
          async () => true,
          /ready/,
        );
    if (bare)
      try {
        out.push([
          "bare node:http + loader",
          await series([{ url: `http://127.0.0.1:${port}/?id=${seed.requestId}`, connections, duration }], rounds).then(
            (r) => r[0]!,
          ),
        ]);
        if (base) {
          // the pg baselines: the list page in one query, and the create's transaction by hand
          out.push([
            "bare node:http + pg, list page",
            (await series([{ url: `http://127.0.0.1:${port}/list?limit=100`, connections, duration }], rounds))[0]!,
          ]);
          const bareCreate = {
            url: `http://127.0.0.1:${port}/clients`,
            connections,
            duration,
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "Bench Client", email: "bench@example.com" }),
            unique: true,
          };
          out.push(["bare node:http + pg, POST /clients", (await series([bareCreate], rounds))[0]!]);
          await checkCreate(`http://127.0.0.1:${port}/requests`, {}, requestBody);
          const bareRequest = { ...bareCreate, url: `http://127.0.0.1:${port}/requests`, body: requestBody };
          out.push(["bare node:http + pg, POST /requests", (await series([bareRequest], rounds))[0]!]);
        }
      } finally {
        await stopChild(bare);
      }

    const cpuProf = arg("cpu-prof", "");
    // what `npm start` runs (scripts/start.mjs); `next start` for a checkout that predates it
    const launcher = path.join(appDir, "scripts/start.mjs");
    const nextStart = fs.existsSync(launcher)
      ? [launcher, "-p", String(port), "-H", "127.0.0.1"]
      : [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"];
    const app = await startChild(
      process.execPath,
      cpuProf ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(cpuProf), ...nextStart] : nextStart,
      appDir,
      childEnv,
      () => healthy(port),
    );
    try {
      const api = `http://127.0.0.1:${port}/api/v2`;
      const auth = { authorization: `Bearer ${seed.key}` };
      await check(`${api}/requests/${seed.requestId}`, auth);
      await check(`${api}/requests?limit=100&cursor=${seed.deepCursor}`, auth, 100);
      // The route handler baseline and the API endpoint alternate, so load on the machine
      // that comes and goes affects both alike; each figure is the median of the rounds.
      if (only === "one")
        out.push([
          "GET /requests/{id}",
          (
            await series([{ url: `${api}/requests/${seed.requestId}`, connections, duration, headers: auth }], rounds)
          )[0]!,
        ]);
      if (!only) {
        const [floor, one] = await series(
          [
            {
              url: `http://127.0.0.1:${port}/api/bench/baseline?id=${seed.requestId}&agency=${seed.agencyId}`,
              connections,
              duration,
            },
            { url: `${api}/requests/${seed.requestId}`, connections, duration, headers: auth },
          ],
          rounds,
        );
        out.push(["minimal Next.js route + loader", floor!], ["GET /requests/{id}", one!]);
      }
      if (only === "list")
        out.push([
          "GET /requests?limit=100 (first page)",
          (await series([{ url: `${api}/requests?limit=100`, connections, duration, headers: auth }], rounds))[0]!,
        ]);
      if (!only) {
        const [first, deep] = await series(
          [
            { url: `${api}/requests?limit=100`, connections, duration, headers: auth },
            { url: `${api}/requests?limit=100&cursor=${seed.deepCursor}`, connections, duration, headers: auth },
          ],
          rounds,
        );
        out.push(["GET /requests?limit=100 (first page)", first!], ["GET /requests?limit=100 (90,000 deep)", deep!]);
      }
      const create = {
        url: `${api}/clients`,
        connections,
        duration,
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ name: "Bench Client", email: "bench@example.com" }),
        unique: true,
      };
      if (want("create")) out.push(["POST /clients (unique keys)", (await series([create], rounds))[0]!]);
      if (want("create-request")) {
        await checkCreate(`${api}/requests`, auth, requestBody);
        out.push([
          "POST /requests (unique keys)",
          (await series([{ ...create, url: `${api}/requests`, body: requestBody }], rounds))[0]!,
        ]);
      }
      if (want("create-one-agency")) {
        // each call takes the next of the given agencies: its key, client and account
        const rotating = (agencies: typeof seed.agencies): Scenario => {
          let next = 0;
          return {
            url: `${api}/requests`,
            connections,
            duration,
            method: "POST",
            headers: { "content-type": "application/json" },
            setup: () => {
              const a = agencies[next++ % agencies.length]!;
              const body = {
                clientId: a.clientId,
                requestedServices: {
                  meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: a.accountId }] },
                },
              };
              return {
                headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" },
                body: JSON.stringify(body),
              };
            },
          };
        };
        const first = seed.agencies[0]!;
        await checkCreate(
          `${api}/requests`,
          { authorization: `Bearer ${first.key}` },
          JSON.stringify({
            clientId: first.clientId,
            requestedServices: {
              meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: first.accountId }] },
            },
          }),
        );
        const [oneAgency, spread] = await series([rotating([first]), rotating(seed.agencies)], rounds);
        out.push(
          ["POST /requests, one agency", oneAgency!],
          [`POST /requests, ${seed.agencies.length} agencies`, spread!],
        );
        console.log(
          `POST /requests, one agency vs ${seed.agencies.length} agencies: ${(oneAgency!.requests.average / spread!.requests.average).toFixed(2)}x throughput, p99 ${oneAgency!.latency.p99} vs ${spread!.latency.p99} ms (target >= 0.8x)`,
        );
      }
    } finally {
      await stopChild(app);
    }
    report(out, Boolean(only));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (base && dbName) {
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  }
}

/** One agency, one all-scopes key, 100 clients and `rows` requests with two services each. */
async function seedDatabase(rows: number) {
  const { getDb, migrate, closeDb } = await import("@/lib/infra/db/db");
  const { createAgency } = await import("@/lib/core/agencies/create-agency");
  const { createApiKey } = await import("@/lib/core/api-keys/create-api-key");
  const { connectAccount } = await import("@/lib/core/accounts/connect-account");
  const { API_SCOPES } = await import("@/lib/core/auth/scopes");
  const { encodeCursor } = await import("@/lib/core/common/cursor");
  const { storeLinkToken } = await import("@/lib/infra/secrets/link-token");
  const { randomToken } = await import("@/lib/core/api-keys/api-key-token");
  const started = Date.now();
  await migrate();
  const db = await getDb();
  const agency = await createAgency({ name: "Bench Agency", plan: "agency" });
  const key = await createApiKey({ agencyId: agency.id, scopes: API_SCOPES, name: "bench" });
  const account = await connectAccount({ agencyId: agency.id, platform: "meta" });
  // no monthly allowance, so POST /requests can create as many as the run takes
  await db.agency.update({ where: { id: agency.id }, data: { clientLimit: null, prospectLimit: null } });
  const clientIds = Array.from({ length: 100 }, () => crypto.randomUUID());
  await db.client.createMany({
    data: clientIds.map((id, i) => ({
      id,
      agencyId: agency.id,
      name: `Client ${i}`,
      email: `c${i}@example.com`,
      emailNormalized: `c${i}@example.com`,
    })),
  });
  const since = new Date(Date.now() - 30 * 86_400_000);
  // Link tokens stored as the app stores them (sha256 and a sealed copy), so the app's boot
  // finds nothing to backfill and the API opens each row's token as it does in production.
  const tokens = Array.from({ length: rows }, () => storeLinkToken(randomToken()));
  await db.$executeRawUnsafe(
    `INSERT INTO "AccessRequest" ("id", "agencyId", "clientId", "status", "stateVersion", "source", "inviteTokenHash", "inviteTokenSealed", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1::uuid, ($2::uuid[])[1 + i % 100], (ARRAY['pending','in_progress','completed','cancelled']::"RequestStatus"[])[1 + i % 4], 1, 'api',
            t.hash, t.sealed, $3::timestamptz + i * interval '1 millisecond', now()
     FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS t(hash, sealed, n), LATERAL (SELECT (t.n - 1)::int AS i) AS k`,
    agency.id,
    clientIds,
    since,
    tokens.map((t) => t.hash),
    tokens.map((t) => t.sealed),
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "RequestService" ("id", "agencyId", "requestId", "serviceId", "platform", "accessLevel", "optional", "status", "accounts", "grantedAssets", "position", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), r."agencyId", r."id", s.sid, 'meta', s.lvl, false, 'pending'::"ServiceStatus",
            jsonb_build_array(jsonb_build_object('internalAccountId', $2::text, 'adsMccAccountId', null, 'businessManagerId', null)), '[]'::jsonb, s.pos, now(), now()
     FROM "AccessRequest" r CROSS JOIN (VALUES ('meta_ads', 'admin', 0), ('meta_page', 'editor', 1)) AS s(sid, lvl, pos)
     WHERE r."agencyId" = $1::uuid`,
    agency.id,
    account.internalAccountId,
  );
  await db.$executeRawUnsafe(`ANALYZE "AccessRequest"; `);
  await db.$executeRawUnsafe(`ANALYZE "RequestService"`);
  const at = async (offset: number) =>
    (
      await db.$queryRawUnsafe<{ id: string; createdAt: Date }[]>(
        `SELECT "id", "createdAt" FROM "AccessRequest" WHERE "agencyId" = $1::uuid ORDER BY "createdAt", "id" OFFSET $2 LIMIT 1`,
        agency.id,
        offset,
      )
    )[0]!;
  // 32 small agencies with no allowance limit, for the one-agency vs many-agencies creates
  const agencies: { key: string; clientId: string; accountId: string }[] = [];
  for (let i = 0; i < 32; i++) {
    const other = await createAgency({ name: `Bench Agency ${i}`, plan: "agency" });
    await db.agency.update({ where: { id: other.id }, data: { clientLimit: null, prospectLimit: null } });
    const otherKey = await createApiKey({ agencyId: other.id, scopes: API_SCOPES, name: "bench" });
    const otherAccount = await connectAccount({ agencyId: other.id, platform: "meta" });
    const client = await db.client.create({
      data: { agencyId: other.id, name: "Client", email: "c@example.com", emailNormalized: "c@example.com" },
    });
    agencies.push({ key: otherKey.key, clientId: client.id, accountId: otherAccount.internalAccountId });
  }
  const target = await at(Math.floor(rows / 2));
  const deep = await at(Math.min(rows - 101, 90_000 - 1));
  const deepCursor = encodeCursor(
    { createdAt: new Date(deep.createdAt), id: deep.id },
    { clientId: undefined, externalClientId: undefined, status: undefined },
  );
  await closeDb();
  console.log(`Seeded ${rows} requests in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return {
    key: key.key,
    keyId: key.id,
    agencyId: agency.id,
    requestId: target.id,
    deepCursor,
    clientId: clientIds[0]!,
    accountId: account.internalAccountId,
    agencies,
  };
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

async function startChild(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
  readyLine?: RegExp,
): Promise<ChildProcess> {
  const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  let sawLine = !readyLine;
  child.stdout.on("data", (d) => ((log += d), readyLine?.test(String(d)) && (sawLine = true)));
  child.stderr.on("data", (d) => (log += d));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${path.basename(cmd)} exited (${child.exitCode}):\n${log}`);
    if (sawLine && (await ready())) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`${path.basename(cmd)} did not become ready in 120 s:\n${log}`);
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

async function check(url: string, headers: Record<string, string>, rowsExpected?: number) {
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { data: unknown };
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  if (rowsExpected !== undefined && (body.data as unknown[]).length !== rowsExpected)
    throw new Error(`${url} returned ${(body.data as unknown[]).length} rows`);
}

/** One create through the given endpoint, so a scenario never measures a run of errors. */
async function checkCreate(url: string, headers: Record<string, string>, body: string) {
  const res = await fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body,
  });
  if (res.status !== 201) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

interface Scenario {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** a fresh Idempotency-Key on every request */
  unique?: boolean;
  /** the headers and body of each request (a fresh Idempotency-Key is added) */
  setup?: () => { headers: Record<string, string>; body: string };
}

function run(sc: Scenario, duration: number): Promise<Result> {
  return autocannon({
    url: sc.url,
    connections: sc.connections,
    duration,
    method: sc.method ?? "GET",
    headers: sc.headers ?? {},
    body: sc.body,
    ...(sc.setup
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => {
                const { headers, body } = sc.setup!();
                return { ...req, headers: { ...headers, "idempotency-key": crypto.randomUUID() }, body };
              },
            },
          ],
        }
      : sc.unique
        ? {
            requests: [
              {
                setupRequest: (req: { headers: Record<string, string> }) => ({
                  ...req,
                  headers: { ...req.headers, "idempotency-key": crypto.randomUUID() },
                }),
              },
            ],
          }
        : {}),
  });
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/** Warms each scenario up, then runs them in turn `rounds` times; per scenario the median of each figure. */
async function series(scenarios: Scenario[], rounds: number): Promise<Result[]> {
  for (const sc of scenarios) await run(sc, Math.min(3, sc.duration));
  const results: Result[][] = scenarios.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (const [i, sc] of scenarios.entries()) results[i]!.push(await run(sc, sc.duration));
  return results.map((rs) => ({
    requests: { average: median(rs.map((x) => x.requests.average)) },
    latency: { p50: median(rs.map((x) => x.latency.p50)), p99: median(rs.map((x) => x.latency.p99)) },
    non2xx: rs.reduce((n, x) => n + x.non2xx, 0),
    errors: rs.reduce((n, x) => n + x.errors, 0),
    timeouts: rs.reduce((n, x) => n + x.timeouts, 0),
  }));
}

function report(out: [string, Result][], tableOnly = false) {
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number, d = 0) => n.toFixed(d).padStart(9);
  console.log(
    `${pad("Scenario", 40)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"non-2xx".padStart(9)}${"errors".padStart(9)}`,
  );
  for (const [name, r] of out)
    console.log(
      `${pad(name, 40)}${num(r.requests.average)}${num(r.latency.p50, 1)}${num(r.latency.p99, 1)}${num(r.non2xx)}${num(r.errors + r.timeouts)}`,
    );
  if (tableOnly) return;
  const get = (name: string) => out.find(([n]) => n.startsWith(name))![1];
  const api = get("GET /requests/{id}");
  const floor = get("minimal Next.js route");
  const ceiling = get("bare node:http");
  const first = get("GET /requests?limit=100 (first");
  const deep = get("GET /requests?limit=100 (90,000");
  console.log(
    `\nGET /requests/{id} vs minimal route handler: ${(api.requests.average / floor.requests.average).toFixed(2)}x throughput (target >= 0.9x)`,
  );
  console.log(
    `GET /requests/{id} vs bare node:http:        ${(api.requests.average / ceiling.requests.average).toFixed(2)}x throughput`,
  );
  console.log(`GET /requests/{id} p99:                       ${api.latency.p99.toFixed(1)} ms (target < 100 ms)`);
  console.log(
    `Deep page vs first page latency (p50):        ${(deep.latency.p50 / first.latency.p50).toFixed(2)}x (target <= 1.5x)`,
  );
  console.log(`List first page p99:                          ${first.latency.p99.toFixed(1)} ms (target < 250 ms)`);
  const bareList = out.find(([n]) => n === "bare node:http + pg, list page")?.[1];
  const bareCreate = out.find(([n]) => n === "bare node:http + pg, POST /clients")?.[1];
  const bareRequest = out.find(([n]) => n === "bare node:http + pg, POST /requests")?.[1];
  const create = get("POST /clients");
  const createRequest = get("POST /requests");
  if (bareList)
    console.log(
      `List first page vs bare node:http + pg:       ${(first.requests.average / bareList.requests.average).toFixed(2)}x throughput (target >= 0.5x)`,
    );
  if (bareCreate)
    console.log(
      `POST /clients vs bare node:http + pg:         ${(create.requests.average / bareCreate.requests.average).toFixed(2)}x throughput (target >= 0.5x)`,
    );
  if (bareRequest)
    console.log(
      `POST /requests vs bare node:http + pg:        ${(createRequest.requests.average / bareRequest.requests.average).toFixed(2)}x throughput (target >= 0.5x)`,
    );
  if (!bareList) console.log("(the pg baselines run on PostgreSQL only: set DATABASE_URL)");
}
