// Every environment variable the service reads, parsed and typed once. A bad value
// stops the process with one line naming the variable (see `loadEnv`).
import { z } from "zod";

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
  WEBHOOK_ALLOW_LOOPBACK: flag,
  SANDBOX_PLATFORMS: z.enum(["1", "0", "true", "false", "yes", "no", ""]).optional(),
  TRUST_PROXY: flag,
  /** run the background worker inside the app process (default: on with the embedded database) */
  WORKER_IN_PROCESS: z.enum(["1", "0", "true", "false", ""]).optional(),
  SEED_DEMO: z.enum(["1", "0", "true", "false", ""]).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** serve the benchmark routes (app/api/bench/): off unless asked, in every build; scripts/bench-api.ts turns it on */
  BENCH_ROUTES: flag,
});

export type TEnv = z.infer<typeof ZEnv> & {
  appUrl: string;
  databaseMode: "embedded" | "postgres";
  sandboxPlatforms: boolean;
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
  return {
    ...e,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseMode,
    // on in the embedded demo and in development; in production on PostgreSQL only when asked
    sandboxPlatforms: e.SANDBOX_PLATFORMS === undefined ? databaseMode === "embedded" || e.NODE_ENV !== "production" : ["1", "true", "yes"].includes(e.SANDBOX_PLATFORMS),
    workerInProcess: e.WORKER_IN_PROCESS === undefined ? databaseMode === "embedded" : truthy(e.WORKER_IN_PROCESS),
    seedDemo: e.SEED_DEMO === undefined ? true : truthy(e.SEED_DEMO),
  };
}

let cached: TEnv | undefined;

/** The parsed environment; throws EnvError naming the first bad variable. */
export function env(): TEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
