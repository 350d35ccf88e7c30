// The instance's Platforms page: each platform's status and where each value comes from,
// saving credentials (sealed), Verify, the sandbox switch and "use without verifying".
// Every change is announced to the other instances (LISTEN/NOTIFY) and reloaded here, so
// it takes effect without a restart.
import { z } from "zod";
import { validationError } from "@/lib/core/common/api-error";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import { createConnectorHttp, type ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { platformSetup, setupPlatforms, type SetupField } from "@/lib/infra/connectors/platform-setup";
import {
  credentialFingerprint,
  effectiveValues,
  refreshPlatformSettings,
  resolveConnectorEnv,
  savedCredentialsApproved,
  savedPlatformSettings,
  sealValues,
  type SavedPlatform,
} from "@/lib/infra/connectors/platform-settings";
import { verifyCredentials } from "@/lib/infra/connectors/verify-credentials";
import { getDb } from "@/lib/infra/db/db";
import { CHANNELS, notify } from "@/lib/infra/db/notifications";
import { env } from "@/lib/infra/env";

export type PlatformStatus = "live" | "sandbox" | "not_set_up" | "failing" | "unverified";

export type PlatformCard = {
  platform: string;
  name: string;
  status: PlatformStatus;
  /** whether clients' sign-ins use the real platform now (also when failing, with environment values) */
  inUse: boolean;
  fields: (Omit<SetupField, "key"> & { key: string; source: "environment" | "saved" | null; display: string | null })[];
  sandbox: { on: boolean; source: "environment" | "saved" | "default" };
  verification: { ok: boolean; message: string; at: string; current: boolean } | null;
  forcedLive: boolean;
  redirectUris: { uri: string; use: string }[];
  scopes: string[];
  scopeNote: string | null;
  products: string[];
  review: string;
  consoleUrl: string | null;
  reviewDocsUrl: string | null;
};

function knownPlatform(platform: string): string {
  if (!setupPlatforms().includes(platform)) throw validationError("platform", "Unknown platform.");
  return platform;
}

/** A secret at least this long may show its last four characters; a shorter one shows dots only. */
export const SECRET_TAIL_MIN_LENGTH = 16;

/**
 * How a saved value is shown: a secret as dots, with its last four characters only when it
 * is long enough that four of them give nothing useful away (a four-character secret would
 * otherwise be shown whole).
 */
export function maskSetting(value: string, secret: boolean): string {
  if (!secret) return value;
  return value.length >= SECRET_TAIL_MIN_LENGTH ? `•••• ${value.slice(-4)}` : "••••••••";
}

export async function listPlatformCards(): Promise<PlatformCard[]> {
  await refreshPlatformSettings();
  const e = env();
  const saved = savedPlatformSettings();
  const resolved = resolveConnectorEnv(e, saved);
  return setupPlatforms().map((platform) => {
    const setup = platformSetup(platform);
    const row = saved.get(platform);
    const eff = effectiveValues(platform, e, row);
    const values = Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value]));
    const fingerprint = credentialFingerprint(values);
    const mode = platformMode(platform, resolved);
    const required = setup.fields.filter((f) => f.required);
    const complete = required.every((f) => !!values[f.key]);
    const current = !!row?.verifiedAt && row.verifiedFingerprint === fingerprint;
    let status: PlatformStatus;
    if (mode === "sandbox") status = "sandbox";
    else if (mode !== "live" && !complete) status = "not_set_up";
    // credentials from the environment are used even when they fail: the card says so
    else if (current && row?.verifyOk === false && !row.forcedLive) status = "failing";
    else if (mode === "live") status = "live";
    else status = "unverified";
    const sandboxOn = mode === "sandbox";
    return {
      platform,
      name: setup.name,
      status,
      inUse: mode === "live",
      fields: setup.fields.map((f) => ({
        ...f,
        source: eff[f.key]?.source ?? null,
        display: eff[f.key]?.value ? maskSetting(eff[f.key]!.value!, f.secret) : null,
      })),
      sandbox: {
        on: sandboxOn,
        source: e.SANDBOX_PLATFORMS !== undefined ? "environment" : row?.sandbox != null ? "saved" : "default",
      },
      verification: row?.verifiedAt
        ? { ok: row.verifyOk === true, message: row.verifyMessage ?? "", at: row.verifiedAt.toISOString(), current }
        : null,
      forcedLive: row?.forcedLive ?? false,
      redirectUris: setup.redirectPaths.map((p) => ({ uri: `${e.appUrl}${p.path}`, use: p.use })),
      scopes: setup.scopes,
      scopeNote: setup.scopeNote ?? null,
      products: setup.products,
      review: setup.review,
      consoleUrl: setup.consoleUrl ?? null,
      reviewDocsUrl: setup.reviewDocsUrl ?? null,
    };
  });
}

async function announce(): Promise<void> {
  const db = await getDb();
  await notify(db, CHANNELS.platformSettingsChanged);
  await refreshPlatformSettings();
}

async function currentRow(platform: string): Promise<SavedPlatform | undefined> {
  await refreshPlatformSettings();
  return savedPlatformSettings().get(platform);
}

export const ZSavePlatformCredentials = z.object({
  platform: z.string().min(1).max(40),
  /** environment-variable names to values; an empty value keeps what is saved, null clears it */
  values: z.record(z.string(), z.string().max(2000).nullable()),
});

export async function savePlatformCredentials(opts: {
  input: z.infer<typeof ZSavePlatformCredentials>;
  userId: string;
}): Promise<void> {
  const platform = knownPlatform(opts.input.platform);
  const setup = platformSetup(platform);
  const e = env() as unknown as Record<string, unknown>;
  const row = await currentRow(platform);
  const next: Record<string, string> = { ...(row?.values ?? {}) };
  for (const [key, raw] of Object.entries(opts.input.values)) {
    const f = setup.fields.find((x) => x.key === key);
    if (!f) throw validationError(`values.${key}`, "Not a credential of this platform.");
    if (raw === null) {
      delete next[key];
      continue;
    }
    const value = raw.trim();
    if (value === "") continue;
    if (typeof e[key] === "string" && e[key] !== "")
      throw validationError(`values.${key}`, "Set by the environment: change it there.");
    if (/\s/.test(value)) throw validationError(`values.${key}`, `${f.label} cannot contain spaces.`);
    if (key === "META_APP_ID" && !/^\d+$/.test(value))
      throw validationError(`values.${key}`, "The App ID is a number.");
    if (value.length < 4) throw validationError(`values.${key}`, `${f.label} looks too short.`);
    next[key] = value;
  }
  const db = await getDb();
  const changed =
    JSON.stringify(Object.entries(next).sort()) !== JSON.stringify(Object.entries(row?.values ?? {}).sort());
  const data = {
    valuesSealed: Object.keys(next).length ? sealValues(next) : null,
    updatedByUserId: opts.userId,
    ...(changed ? { forcedLive: false } : {}),
  };
  await db.platformSetting.upsert({ where: { platform }, create: { platform, ...data }, update: data });
  await announce();
}

/** Verify: the platform's answer in plain words, kept with its time. */
export async function verifyPlatform(opts: {
  platform: string;
  userId: string;
  http?: ConnectorHttp;
}): Promise<{ ok: boolean; message: string; at: string }> {
  const platform = knownPlatform(opts.platform);
  const e = env();
  const row = await currentRow(platform);
  const eff = effectiveValues(platform, e, row);
  const values = Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value]));
  const http =
    opts.http ?? createConnectorHttp({ overrides: e.platformHostOverrides, maxAttempts: 1, budgetMs: 15_000 });
  const result = await verifyCredentials(platform, values, { http, redirectUri: `${e.appUrl}/api/access/callback` });
  const at = new Date();
  const data = {
    verifiedAt: at,
    verifyOk: result.ok,
    verifyMessage: result.message,
    verifiedFingerprint: credentialFingerprint(values),
    updatedByUserId: opts.userId,
  };
  await (await getDb()).platformSetting.upsert({ where: { platform }, create: { platform, ...data }, update: data });
  await announce();
  return { ...result, at: at.toISOString() };
}

export const ZPlatformSwitches = z.object({
  platform: z.string().min(1).max(40),
  /** true: sandbox; false: the real platform; null: as the environment's default says */
  sandbox: z.boolean().nullable().optional(),
  forcedLive: z.boolean().optional(),
});

export async function setPlatformSwitches(opts: {
  input: z.infer<typeof ZPlatformSwitches>;
  userId: string;
}): Promise<void> {
  const platform = knownPlatform(opts.input.platform);
  if (opts.input.sandbox !== undefined && env().SANDBOX_PLATFORMS !== undefined)
    throw validationError("sandbox", "SANDBOX_PLATFORMS is set by the environment: change it there.");
  const data = {
    ...(opts.input.sandbox !== undefined ? { sandbox: opts.input.sandbox } : {}),
    ...(opts.input.forcedLive !== undefined ? { forcedLive: opts.input.forcedLive } : {}),
    updatedByUserId: opts.userId,
  };
  await (await getDb()).platformSetting.upsert({ where: { platform }, create: { platform, ...data }, update: data });
  await announce();
}

/** Whether saved credentials are in use for `platform` (for tests and the page). */
export function savedCredentialsInUse(platform: string): boolean {
  const row = savedPlatformSettings().get(platform);
  if (!row) return false;
  const eff = effectiveValues(platform, env(), row);
  return (
    Object.values(eff).some((v) => v.source === "saved") &&
    savedCredentialsApproved(row, Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value])))
  );
}
