// Idempotent creates. The key row is inserted first, in the same transaction as the object
// it creates, and completed with the response before commit: a crash leaves both or
// neither. A concurrent call with the same key waits for the first to commit (then replays
// its result) or, after about 10 s, gets 409 IDEMPOTENCY_IN_PROGRESS, on both database
// modes: in this process it waits on the first call's promise (the embedded database runs
// one transaction at a time, so waiting inside a transaction would queue behind the first
// and time out as 503); across processes on PostgreSQL it blocks on the row's unique index
// under a lock timeout of the same length.
// A call that fails stores nothing (its transaction rolls back), so the key can be retried,
// as in Stripe's API and the IETF Idempotency-Key draft for requests that were not processed.
import crypto from "node:crypto";
import { databaseMode, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError } from "@/lib/core/common/api-error";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { globalSingleton } from "@/lib/infra/global-singleton";

export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a call waits for a concurrent call with the same key (the spec's "about 10 seconds"). */
export const IDEMPOTENCY_WAIT_MS = 10_000;

const g = globalSingleton<{ __idempotencyInFlight?: Map<string, Promise<unknown>> }>(
  "idempotency-in-flight",
  () => ({}),
);
const inFlight = (g.__idempotencyInFlight ??= new Map());

function inProgress(): ApiError {
  return new ApiError(
    "IDEMPOTENCY_IN_PROGRESS",
    "A call with this Idempotency-Key is still being processed after about 10 seconds; retry shortly.",
  );
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function parseIdempotencyKey(value: string | null): string {
  if (value === null || value === "") {
    throw new ApiError(
      "VALIDATION_FAILED",
      "Idempotency-Key header is required on creates (1-255 visible ASCII characters; a UUID is suggested).",
      [{ field: "Idempotency-Key", message: "Required." }],
    );
  }
  if (!KEY_PATTERN.test(value)) {
    throw new ApiError("VALIDATION_FAILED", "Idempotency-Key must be 1-255 visible ASCII characters.", [
      { field: "Idempotency-Key", message: "Must be 1-255 visible ASCII characters." },
    ]);
  }
  return value;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestFingerprint(endpoint: string, body: unknown): string {
  return crypto.createHash("sha256").update(endpoint).update("\n").update(canonical(body)).digest("hex");
}

// Stored responses are sealed (AES-256-GCM): a create's response can hold a one-time
// secret (a webhook's signing secret), which must not sit in the database in clear.
// Bodies sealed before the one sealing format (a single blob) still open.
function sealBody(body: unknown): { sealed: string } {
  return { sealed: encryptText(JSON.stringify(body), loadSecrets().encryptionKey) };
}

function openBody(stored: unknown): unknown {
  const sealed = (stored as { sealed?: unknown } | null)?.sealed;
  if (typeof sealed !== "string") return stored;
  const plain = decryptText(sealed, loadSecrets().encryptionKey);
  if (plain === null)
    throw new Error("A stored idempotent response cannot be opened: ENCRYPTION_KEY is not the key it was sealed with.");
  return JSON.parse(plain);
}

export type IdempotentOutcome =
  { replayed: false; status: number; body: unknown } | { replayed: true; status: number; body: unknown };

function isLockTimeout(err: unknown): boolean {
  const text = `${(err as Error)?.message ?? ""} ${JSON.stringify((err as { meta?: unknown })?.meta ?? {})} ${String((err as { cause?: unknown })?.cause ?? "")}`;
  return /55P03|lock timeout|lock_not_available/i.test(text);
}

export async function runIdempotent(opts: {
  agencyId: string;
  apiKeyId: string;
  key: string;
  endpoint: string;
  body: unknown;
  run: (tx: Tx) => Promise<{ status: number; body: unknown }>;
  /** how long to wait for a concurrent call with the same key; tests shorten it */
  waitMs?: number;
}): Promise<IdempotentOutcome> {
  const waitMs = opts.waitMs ?? IDEMPOTENCY_WAIT_MS;
  const slot = `${opts.apiKeyId}\n${opts.key}`;
  const deadline = Date.now() + waitMs;
  // wait for calls with the same key in this process, then take the slot
  for (let running = inFlight.get(slot); running; running = inFlight.get(slot)) {
    if (!(await settlesWithin(running, Math.max(0, deadline - Date.now())))) throw inProgress();
  }
  const attempt = runInTransaction(opts, Math.max(1, deadline - Date.now()));
  inFlight.set(slot, attempt);
  try {
    return await attempt;
  } finally {
    if (inFlight.get(slot) === attempt) inFlight.delete(slot);
  }
}

async function runInTransaction(
  opts: Parameters<typeof runIdempotent>[0],
  lockWaitMs: number,
): Promise<IdempotentOutcome> {
  const hash = requestFingerprint(opts.endpoint, opts.body);
  try {
    return await inTransaction(
      async (tx) => {
        // One statement takes the key: the lock wait limit for this transaction (PostgreSQL;
        // the embedded database runs one transaction at a time), then the row, or the row of
        // an expired use of the key taken over as new. A live row is left alone (no row back).
        const lockTimeout = databaseMode() === "postgres" ? `${Math.ceil(lockWaitMs)}ms` : null;
        const inserted = await tx.$queryRaw<{ id: string }[]>`
          WITH "limit" AS (SELECT CASE WHEN ${lockTimeout}::text IS NULL THEN NULL ELSE set_config('lock_timeout', ${lockTimeout}::text, true) END AS "set")
          INSERT INTO "IdempotencyRecord" ("id", "agencyId", "apiKeyId", "key", "endpoint", "requestHash", "responseStatus", "responseBody", "createdAt", "expiresAt")
          SELECT gen_random_uuid(), ${opts.agencyId}::uuid, ${opts.apiKeyId}::uuid, ${opts.key}, ${opts.endpoint}, ${hash}, 0, 'null'::jsonb, now(), now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int)
          FROM "limit"
          ON CONFLICT ("apiKeyId", "key") DO UPDATE
            SET "agencyId" = EXCLUDED."agencyId", "endpoint" = EXCLUDED."endpoint", "requestHash" = EXCLUDED."requestHash", "responseStatus" = 0,
                "responseBody" = 'null'::jsonb, "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt"
            WHERE "IdempotencyRecord"."expiresAt" < now()
          RETURNING "id"`;
        if (inserted.length === 0) {
          const existing = await tx.idempotencyRecord.findUnique({
            where: { apiKeyId_key: { apiKeyId: opts.apiKeyId, key: opts.key } },
          });
          if (!existing) throw inProgress();
          if (existing.requestHash !== hash) {
            throw new ApiError(
              "IDEMPOTENCY_KEY_REUSED",
              "This Idempotency-Key was already used with a different body or endpoint. Use a new key for a new create.",
              [{ field: "Idempotency-Key", message: "Reused with a different body." }],
            );
          }
          return { replayed: true as const, status: existing.responseStatus, body: openBody(existing.responseBody) };
        }
        const result = await opts.run(tx);
        // raw, like the key's statement above: every create sends it, and a model update costs
        // Prisma's query compiler on each call
        await tx.$executeRaw`
          UPDATE "IdempotencyRecord" SET "responseStatus" = ${result.status}::int, "responseBody" = ${JSON.stringify(sealBody(result.body))}::jsonb
          WHERE "id" = ${inserted[0]!.id}::uuid`;
        return { replayed: false as const, ...result };
      },
      { timeout: 30_000 },
    );
  } catch (err) {
    if (isLockTimeout(err)) throw inProgress();
    throw err;
  }
}
