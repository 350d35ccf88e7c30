// Client page benchmark: npx tsx scripts/bench-pages.ts (after `npx next build`).
//
//  1. First-load JavaScript of the invite page `/i/[token]`, from the build output: the
//     scripts every page loads (build-manifest.json rootMainFiles and polyfills) plus
//     the route's own client chunks (its client reference manifest), gzipped one by one
//     as a browser receives them. Cross-checked against the <script> tags of the served
//     HTML. A build whose invite page is plain HTML from a route handler (no client
//     reference manifest) loads only the scripts in its HTML (public/client/): those are
//     its first-load JavaScript. Target: at most 15 KB.
//  2. Server response time of the page's HTML: a request seeded in a throwaway database
//     (PostgreSQL when DATABASE_URL is set, else the embedded database in a temporary
//     folder), `next start` on --port, then autocannon with --connections (default 16)
//     for --duration seconds (default 20). Target: p99 under 100 ms on PostgreSQL.
//  3. Lighthouse's mobile run (its default: an emulated phone, simulated slow 4G and CPU)
//     in Debian's Chromium on the invite page and, signed in as the agency's owner, on the
//     dashboard's Home and the request's page: performance, accessibility and best
//     practices scores, total blocking time, largest contentful paint and speed index.
//     Targets for the invite page: performance at least 98, total blocking time under
//     50 ms, accessibility 100. Lighthouse is pinned (STACK-NOTES: 12.2.3).
// Options: --port N --connections N --duration S --json (print one JSON object only)
//   --no-lighthouse     skip part 3; CHROMIUM_PATH names another browser (default /usr/bin/chromium)
//   --app-dir <folder>  measure the build in that checkout instead of this one's
//   --cpu-prof <folder> run `next start` under the V8 profiler and leave its .cpuprofile there
//                       (summarize with scripts/summarize-cpu-profile.ts; it slows the server)
import { requestLinkToken, requestLinkTokenSelect } from "@/lib/core/request-records/request-links";
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import pg from "pg";

// autocannon ships no type declarations; this is the part of its result used here.
interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

const ROOT = path.resolve(import.meta.dirname, "..");
const ROUTE = "/(client)/i/[token]/page";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
const APP_DIR = path.resolve(option("app-dir", ROOT));
const NEXT_DIR = path.join(APP_DIR, ".next");
const CPU_PROF = option("cpu-prof", "");
const PORT = Number(option("port", "3411"));
const CONNECTIONS = Number(option("connections", "16"));
const DURATION = Number(option("duration", "20"));
const JSON_ONLY = process.argv.includes("--json");
const LIGHTHOUSE = !process.argv.includes("--no-lighthouse");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OWNER = { email: "owner@bench.test", password: "bench-owner-password-1" };
const log = (line: string) => {
  if (!JSON_ONLY) console.log(line);
};

if (!fs.existsSync(path.join(NEXT_DIR, "BUILD_ID"))) {
  console.error("No build found: run `npx next build` first.");
  process.exit(1);
}

// ---- 1. first-load JavaScript from the build output ----------------------------------

interface JsFile {
  file: string;
  bytes: number;
  gzip: number;
}

function staticFile(ref: string): string {
  // the framework's files are in the build (served under /_next/, named from static/ in its
  // manifests); the rest are the app's own, from public/
  if (!/^\/?(_next\/|static\/)/.test(ref)) return path.join(APP_DIR, "public", ref);
  const rel = ref.replace(/^\/?_next\//, "").replace(/^\//, "");
  return path.join(NEXT_DIR, rel);
}

function measure(files: Iterable<string>): JsFile[] {
  return [...new Set(files)]
    .filter((f) => f.endsWith(".js"))
    .map((file) => {
      const content = fs.readFileSync(staticFile(file));
      return { file, bytes: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
    });
}

const ROUTE_MANIFEST = path.join(NEXT_DIR, "server/app/(client)/i/[token]/page_client-reference-manifest.js");
/** The invite page is a Next.js page (with the framework's runtime), not plain HTML from a route handler. */
const NEXT_PAGE = fs.existsSync(ROUTE_MANIFEST);

function routeEntryFiles(): string[] {
  const manifestPath = ROUTE_MANIFEST;
  // The file assigns the route's manifest to globalThis.__RSC_MANIFEST; run it in a sandbox.
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  vm.runInNewContext(fs.readFileSync(manifestPath, "utf8"), { globalThis: sandbox });
  const manifest = sandbox.__RSC_MANIFEST?.[ROUTE];
  if (!manifest?.entryJSFiles) throw new Error(`no entryJSFiles for ${ROUTE} in ${manifestPath}`);
  // Per route: the root layout, the error boundary and the page itself, all loaded up front.
  return Object.values(manifest.entryJSFiles).flat();
}

function sharedFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(NEXT_DIR, "build-manifest.json"), "utf8")) as {
    rootMainFiles?: string[];
    polyfillFiles?: string[];
  };
  // Polyfills load only in browsers without modules (nomodule), so they are left out.
  return manifest.rootMainFiles ?? [];
}

const shared = NEXT_PAGE ? measure(sharedFiles()) : [];
const route = NEXT_PAGE ? measure(routeEntryFiles().filter((f) => !shared.some((s) => s.file === f))) : [];
const sum = (list: JsFile[], key: "bytes" | "gzip") => list.reduce((n, f) => n + f[key], 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// ---- 2. server response time -------------------------------------------------------------

const children = new Set<ChildProcess>();
let dropDatabase: (() => Promise<void>) | null = null;
const tmpData = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));

async function cleanup() {
  // The server must be gone before its database is dropped under it.
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
        }),
    ),
  );
  if (dropDatabase) await dropDatabase().catch(() => {});
  fs.rmSync(tmpData, { recursive: true, force: true });
}

process.env.SEED_DEMO = "0";
process.env.APP_SECRET ??= crypto.randomBytes(32).toString("hex");
process.env.ENCRYPTION_KEY ??= crypto.randomBytes(32).toString("hex");
process.env.DATA_DIR = tmpData;
process.env.APP_URL = `http://127.0.0.1:${PORT}`;
process.env.WORKER_IN_PROCESS = "0";

const base = process.env.DATABASE_URL;
if (base) {
  const dbName = `bench_pages_${crypto.randomBytes(4).toString("hex")}`;
  const adminDb = new pg.Client({ connectionString: base });
  await adminDb.connect();
  await adminDb.query(`CREATE DATABASE ${dbName}`);
  await adminDb.end();
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  };
}

async function seed(): Promise<{ token: string; requestId: string }> {
  const { getDb, migrate, closeDb } = await import("@/lib/infra/db/db");
  if (process.env.DATABASE_URL) await migrate();
  const { createAgency } = await import("@/lib/core/agencies/create-agency");
  const { connectAccount } = await import("@/lib/core/accounts/connect-account");
  const { createClient } = await import("@/lib/core/clients/create-client");
  const { createRequest } = await import("@/lib/core/requests/create-request");
  const { ZCreateClientBody } = await import("@/lib/core/clients/schemas");
  const { ZCreateRequestBody } = await import("@/lib/core/requests/schemas");
  const { createUser } = await import("@/lib/core/users/create-user");
  const agency = await createAgency({ name: "Bench Agency", plan: "agency" });
  // the owner Lighthouse signs in as, for the dashboard's pages
  await createUser({ agencyId: agency.id, ...OWNER, name: "Bench Owner", emailVerified: true });
  const link = async (platform: string) => [
    {
      internalAccountId: (await connectAccount({ agencyId: agency.id, platform, email: `${platform}@bench.test` }))
        .internalAccountId,
    },
  ];
  const client = await createClient({
    agencyId: agency.id,
    input: ZCreateClientBody.parse({ name: "Bench Client", email: "client@bench.test", language: "Spanish" }),
  });
  // A typical request: two automatic services, a manual one, an optional one.
  const request = await createRequest({
    agencyId: agency.id,
    source: "api",
    input: ZCreateRequestBody.parse({
      clientId: client.id,
      requestedServices: {
        meta_ads: { accessLevel: "advertiser", requestedAccountLinks: await link("meta") },
        google_analytics: { accessLevel: "viewer", requestedAccountLinks: await link("google") },
        shopify_store: { requestedAccountLinks: await link("shopify") },
        hubspot_portal: { accessLevel: "standard", optional: true, requestedAccountLinks: await link("hubspot") },
      },
    }),
  });
  const stored = await (
    await getDb()
  ).accessRequest.findUniqueOrThrow({ where: { id: request.id }, select: requestLinkTokenSelect });
  await closeDb();
  return { token: requestLinkToken(stored), requestId: request.id };
}

async function startServer(): Promise<void> {
  // what `npm start` runs (scripts/start.mjs); `next start` for a checkout that predates it
  const launcher = path.join(APP_DIR, "scripts/start.mjs");
  const nextStart = fs.existsSync(launcher)
    ? [launcher, "-p", String(PORT), "-H", "127.0.0.1"]
    : [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(PORT), "-H", "127.0.0.1"];
  const child = spawn(
    process.execPath,
    CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(CPU_PROF), ...nextStart] : nextStart,
    {
      cwd: APP_DIR,
      env: { ...process.env, NODE_ENV: "production", PORT: String(PORT) },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  children.add(child);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`next start did not answer on port ${PORT} within 120 s`);
}

/** The scripts a modern browser downloads for the page (nomodule polyfills are skipped). */
function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\bnomodule\b/i.test(tag))
    .map((tag) => /\bsrc="([^"]+\.js)"/.exec(tag)?.[1])
    .filter((src): src is string => src !== undefined)
    .map((src) => src.replace(/^https?:\/\/[^/]+/, ""));
}

// ---- 3. Lighthouse ------------------------------------------------------------------------

interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  speedIndexMs: number;
}

/** The dashboard's session cookie, through next-auth's credentials sign-in as a browser posts it. */
async function ownerSessionCookie(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, ...OWNER, json: "true" }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.endsWith("next-auth.session-token")))
    throw new Error(`the owner's sign-in gave no session (status ${res.status})`);
  return cookie();
}

/** Debian's Chromium with its remote debugging port open, for Lighthouse to drive. */
async function startChromium(port: number): Promise<void> {
  const profile = fs.mkdtempSync(path.join(tmpData, "chromium-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  children.add(child);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${CHROMIUM} opened no debugging port ${port} within 30 s`);
}

async function runLighthouse(pages: { page: string; url: string; cookie?: string }[]): Promise<LighthouseFigures[]> {
  const { default: lighthouse } = await import("lighthouse");
  const debugPort = PORT + 1;
  await startChromium(debugPort);
  const figures: LighthouseFigures[] = [];
  for (const { page, url, cookie } of pages) {
    const result = await lighthouse(url, {
      port: debugPort,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${page}: ${runtimeError.code} ${runtimeError.message}`);
    // a dashboard page without a session would measure the sign-in page instead
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse on ${page} ended on ${result.lhr.finalDisplayedUrl}, not ${url}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    figures.push({
      page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      totalBlockingTimeMs: ms("total-blocking-time"),
      largestContentfulPaintMs: ms("largest-contentful-paint"),
      speedIndexMs: ms("speed-index"),
    });
  }
  return figures;
}

let exitCode = 0;
try {
  const { token, requestId } = await seed();
  await startServer();
  const origin = `http://127.0.0.1:${PORT}`;
  const pageUrl = `${origin}/i/${token}`;
  const first = await fetch(pageUrl);
  if (first.status !== 200) throw new Error(`the invite page answered ${first.status}`);
  const html = await first.text();
  if (process.env.BENCH_SAVE_HTML) fs.writeFileSync(process.env.BENCH_SAVE_HTML, html);
  const served = measure(scriptTags(html));

  // Warm up the server (route compilation caches, connection pool) before measuring.
  await autocannon({ url: pageUrl, connections: CONNECTIONS, duration: 3 });
  const result = await autocannon({ url: pageUrl, connections: CONNECTIONS, duration: DURATION });
  // after the load, on the quiet server: Lighthouse times one page view at a time
  let lighthouseFigures: LighthouseFigures[] = [];
  if (LIGHTHOUSE) {
    const cookie = await ownerSessionCookie(origin);
    lighthouseFigures = await runLighthouse([
      { page: "invite page /i/[token]", url: pageUrl },
      { page: "dashboard Home", url: `${origin}/dashboard`, cookie },
      { page: "dashboard request page", url: `${origin}/dashboard/requests/${requestId}`, cookie },
    ]);
  }

  const summary = {
    route: "/i/[token]",
    database: base ? "postgres" : "embedded",
    firstLoadJs: {
      gzipBytes: NEXT_PAGE ? sum(shared, "gzip") + sum(route, "gzip") : sum(served, "gzip"),
      rawBytes: NEXT_PAGE ? sum(shared, "bytes") + sum(route, "bytes") : sum(served, "bytes"),
      sharedGzipBytes: sum(shared, "gzip"),
      routeGzipBytes: NEXT_PAGE ? sum(route, "gzip") : sum(served, "gzip"),
      servedScriptsGzipBytes: sum(served, "gzip"),
      files: (NEXT_PAGE ? [...shared, ...route] : served).map((f) => ({ file: f.file, gzip: f.gzip })),
      targetGzipBytes: 15 * 1024,
    },
    html: {
      bytes: Buffer.byteLength(html),
      gzipBytes: zlib.gzipSync(html).length,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        average: result.latency.average,
      },
      non2xx: result.non2xx,
      errors: result.errors,
      targetP99Ms: 100,
    },
    lighthouse: {
      formFactor: "mobile",
      pages: lighthouseFigures,
      targets: { invitePerformance: 98, inviteTotalBlockingTimeMs: 50, inviteAccessibility: 100 },
    },
  };
  if (JSON_ONLY) console.log(JSON.stringify(summary, null, 2));
  log(
    `First-load JS of /i/[token]: ${kb(summary.firstLoadJs.gzipBytes)} gzipped (${kb(summary.firstLoadJs.rawBytes)} raw) — target ≤ 15 KB`,
  );
  log(
    `  shared by every page: ${kb(summary.firstLoadJs.sharedGzipBytes)}, the route's own: ${kb(summary.firstLoadJs.routeGzipBytes)}; scripts in the served HTML: ${kb(summary.firstLoadJs.servedScriptsGzipBytes)}`,
  );
  log(
    `HTML on ${summary.database}, ${CONNECTIONS} connections, ${DURATION} s: p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, ` +
      `${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors — target p99 < 100 ms`,
  );
  log(`  the page's HTML: ${kb(summary.html.bytes)} (${kb(summary.html.gzipBytes)} gzipped)`);
  for (const f of lighthouseFigures)
    log(
      `Lighthouse (mobile), ${f.page}: performance ${f.performance}, accessibility ${f.accessibility}, best practices ${f.bestPractices}; ` +
        `total blocking time ${f.totalBlockingTimeMs} ms, largest contentful paint ${f.largestContentfulPaintMs} ms, speed index ${f.speedIndexMs} ms`,
    );
  if (lighthouseFigures.length > 0)
    log("  targets for the invite page: performance ≥ 98, total blocking time < 50 ms, accessibility 100");
  if (result.non2xx > 0 || result.errors > 0) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
