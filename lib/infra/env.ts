// Every environment variable the service reads, parsed and typed once. A bad value
// stops the process with one line naming the variable (see `loadEnv`).
import proxyaddr from "proxy-addr";
import { z } from "zod";
import { HostOverridesError, parseHostOverrides, type HostOverrides } from "@/lib/infra/connectors/http/host-overrides";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, "must be 64 hex characters (32 bytes)")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, "must be a redis:// URL")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  SMTP_FROM: z.string().default("Access Requests <no-reply@localhost>"),
  /**
   * The DNS servers a single sign-on domain's TXT record is looked up on, comma-separated
   * addresses with an optional port ("10.0.0.2", "10.0.0.2:53,[2001:db8::1]:53"); the
   * system's resolvers when unset.
   */
  DNS_SERVERS: z
    .string()
    .regex(
      /^\s*(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)(\s*,\s*(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+))*\s*$/i,
      "must be comma-separated IP addresses, each with an optional :port",
    )
    .optional(),
  WEBHOOK_ALLOW_LOOPBACK: flag,
  /** on/off for every platform, or a comma-separated list of platforms that keep the sandbox */
  SANDBOX_PLATFORMS: z
    .string()
    .regex(/^(1|0|true|false|yes|no|[a-z]+(\s*,\s*[a-z]+)*)$/, "must be 1, 0 or a comma-separated list of platform ids")
    .optional(),
  /** `host=origin` pairs: connector traffic for that host goes to that origin (tests, staging) */
  PLATFORM_HOST_OVERRIDES: z.string().optional(),
  META_APP_ID: z.string().regex(/^\d+$/, "must be the numeric app id").optional(),
  META_APP_SECRET: z.string().min(8).optional(),
  GOOGLE_CLIENT_ID: z.string().min(8).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(8).optional(),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().min(8).optional(),
  TIKTOK_APP_ID: z.string().min(4).optional(),
  TIKTOK_APP_SECRET: z.string().min(8).optional(),
  LINKEDIN_CLIENT_ID: z.string().min(4).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(8).optional(),
  PINTEREST_APP_ID: z.string().min(4).optional(),
  PINTEREST_APP_SECRET: z.string().min(8).optional(),
  SNAPCHAT_CLIENT_ID: z.string().min(4).optional(),
  SNAPCHAT_CLIENT_SECRET: z.string().min(8).optional(),
  MICROSOFT_CLIENT_ID: z.string().min(4).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(8).optional(),
  MICROSOFT_ADS_DEVELOPER_TOKEN: z.string().min(4).optional(),
  /** Staff sign-in (single sign-on); each also settable on the instance's Platforms page */
  SSO_GOOGLE_CLIENT_ID: z.string().min(4).optional(),
  SSO_GOOGLE_CLIENT_SECRET: z.string().min(4).optional(),
  SSO_MICROSOFT_CLIENT_ID: z.string().min(4).optional(),
  SSO_MICROSOFT_CLIENT_SECRET: z.string().min(4).optional(),
  /** the Entra ID tenant (its id or primary domain), or "organizations" for any work account */
  SSO_MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]{2,100}$/, "must be a tenant id or domain")
    .optional(),
  SSO_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  SSO_OIDC_CLIENT_ID: z.string().min(2).optional(),
  SSO_OIDC_CLIENT_SECRET: z.string().min(4).optional(),
  SSO_OIDC_NAME: z.string().min(1).max(40).optional(),
  /** environment only: another issuer for Google or Microsoft (national clouds, tests) */
  SSO_GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  SSO_MICROSOFT_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  /** seconds between asking a provider whether a signed-in account still exists (0: never) */
  SSO_RECHECK_SECONDS: z.coerce.number().int().min(0).max(86400).default(900),
  HUBSPOT_CLIENT_ID: z.string().min(4).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(8).optional(),
  /**
   * Which proxies in front of the app to believe about the client address: a hop count
   * ("1": one proxy appends to X-Forwarded-For), or a comma-separated list of proxy
   * addresses, CIDR ranges or proxy-addr presets (loopback, linklocal, uniquelocal).
   * "true"/"yes" mean one hop; empty, "0" or "false" trust none.
   */
  TRUST_PROXY: z.string().optional(),
  /** where the rate limits live across instances; defaults to redis with REDIS_URL, else memory */
  RATE_LIMIT_STORE: z.enum(["memory", "redis", "postgres"]).optional(),
  /** PostgreSQL connections one process opens for queries (app and worker alike) */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** the same for `npm run worker` processes; defaults to DATABASE_POOL_SIZE */
  WORKER_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /** a direct (not pooled by PgBouncer) URL for migrations, advisory locks and LISTEN */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** how long SIGTERM waits for in-flight requests before closing anyway */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** how long an instance answers "not ready" before it stops taking connections, so a balancer notices */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** bearer token of GET /api/metrics; without it the endpoint answers 404 */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Next.js's key for Server Action payloads: the same on every instance (base64 of 16, 24 or 32 bytes) */
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{22,43}={0,2}$/, "must be base64 of a 16, 24 or 32 byte key (openssl rand -base64 32)")
    .optional(),
  /** run the background worker inside the app process (default: on with the embedded database) */
  WORKER_IN_PROCESS: z.enum(["1", "0", "true", "false", ""]).optional(),
  /** seed the demo agency into an empty database (default: only on the embedded database) */
  SEED_DEMO: z.enum(["1", "0", "true", "false", ""]).optional(),
  /** how old (seconds) the static link's signed form token must be before a post is accepted (friction against scripted posts) */
  STATIC_LINK_FORM_MIN_SECONDS: z.coerce.number().int("must be a whole number of seconds").min(0).max(600).default(3),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** comma-separated emails of the installation's administrators (the instance pages), besides those granted with the admin CLI */
  INSTANCE_ADMIN_EMAILS: z.string().optional(),
  /** serve the benchmark routes (app/api/bench/): off unless asked, in every build; scripts/bench-api.ts turns it on */
  BENCH_ROUTES: flag,
  /** the demo users' password, so scripted demos know it in advance (default: random, printed) */
  DEMO_PASSWORD: z.string().optional(),
  /** set by `npm start`: Next.js leaves SIGTERM to graceful-shutdown.ts */
  NEXT_MANUAL_SIG_HANDLE: z.string().optional(),
  /** V2 calls per agency per minute (default 300, the spec's); raised by load tests and bench:api */
  V2_RATE_LIMIT_PER_MINUTE: z.string().optional(),
});

/** Which proxies to believe: none, the last `hops` entries, or the listed addresses. */
export type TTrustProxy =
  { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; addresses: string[] };

function parseTrustProxy(raw: string | undefined): TTrustProxy {
  const v = (raw ?? "").trim().toLowerCase();
  if (["", "0", "false", "no"].includes(v)) return { kind: "none" };
  if (["true", "yes"].includes(v)) return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 32) throw new EnvError("Invalid environment variable TRUST_PROXY: a hop count must be 32 or less");
    return { kind: "hops", hops };
  }
  const addresses = v
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  try {
    proxyaddr.compile(addresses);
  } catch (err) {
    throw new EnvError(
      `Invalid environment variable TRUST_PROXY: ${(err as Error).message} (give a hop count or proxy addresses/CIDR ranges)`,
    );
  }
  return { kind: "addresses", addresses };
}

export type TEnv = Omit<z.infer<typeof ZEnv>, "TRUST_PROXY"> & {
  TRUST_PROXY: TTrustProxy;
  appUrl: string;
  databaseMode: "embedded" | "postgres";
  /** whether any platform uses the sandbox */
  sandboxPlatforms: boolean;
  /** which platforms use the sandbox: every one, or the listed ones */
  sandboxPlatformList: "all" | readonly string[];
  platformHostOverrides: HostOverrides;
  workerInProcess: boolean;
  seedDemo: boolean;
};

export class EnvError extends Error {}

function parseEnv(source: NodeJS.ProcessEnv): TEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EnvError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const databaseMode = e.DATABASE_URL ? "postgres" : "embedded";
  const truthy = (v: string | undefined) => v === "1" || v === "true";
  let platformHostOverrides: HostOverrides;
  try {
    platformHostOverrides = parseHostOverrides(e.PLATFORM_HOST_OVERRIDES);
  } catch (err) {
    if (err instanceof HostOverridesError)
      throw new EnvError(`Invalid environment variable PLATFORM_HOST_OVERRIDES: ${err.message}`);
    throw err;
  }
  const sandboxDefault = databaseMode === "embedded" || e.NODE_ENV !== "production";
  const sandboxRaw = e.SANDBOX_PLATFORMS;
  const sandboxPlatformList: "all" | readonly string[] =
    sandboxRaw === undefined
      ? sandboxDefault
        ? "all"
        : []
      : ["1", "true", "yes"].includes(sandboxRaw)
        ? "all"
        : ["0", "false", "no"].includes(sandboxRaw)
          ? []
          : sandboxRaw.split(",").map((p) => p.trim());
  if (e.RATE_LIMIT_STORE === "redis" && !e.REDIS_URL)
    throw new EnvError("Invalid environment variable RATE_LIMIT_STORE: redis needs REDIS_URL");
  if (e.RATE_LIMIT_STORE === "postgres" && !e.DATABASE_URL)
    throw new EnvError("Invalid environment variable RATE_LIMIT_STORE: postgres needs DATABASE_URL");
  return {
    ...e,
    TRUST_PROXY: parseTrustProxy(e.TRUST_PROXY),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseMode,
    // on in the embedded demo and in development; in production on PostgreSQL only when asked
    sandboxPlatforms: sandboxPlatformList === "all" || sandboxPlatformList.length > 0,
    sandboxPlatformList,
    platformHostOverrides,
    workerInProcess: e.WORKER_IN_PROCESS === undefined ? databaseMode === "embedded" : truthy(e.WORKER_IN_PROCESS),
    // the demo agency (and its printed all-scope key) only on the embedded database, unless asked
    seedDemo: e.SEED_DEMO === undefined ? databaseMode === "embedded" : truthy(e.SEED_DEMO),
  };
}

let cached: TEnv | undefined;

/** The parsed environment; throws EnvError naming the first bad variable. */
export function env(): TEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * LOG_LEVEL and NODE_ENV as given, unvalidated: the logger reads them here rather than
 * through env() so that logging works even while env() is failing.
 */
export function rawLogSettings(): { level: string | undefined; nodeEnv: string | undefined } {
  return { level: process.env.LOG_LEVEL, nodeEnv: process.env.NODE_ENV };
}

/** next-auth reads NEXTAUTH_URL itself: boot sets it from APP_URL when the operator did not. */
export function defaultNextAuthUrl(appUrl: string): void {
  process.env.NEXTAUTH_URL ??= appUrl;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
