// The instance's Platforms page: each platform's status and where each value comes from,
// saving credentials (sealed), Verify, the sandbox switch and "use without verifying".
// Every change is announced to the other instances (LISTEN/NOTIFY) and reloaded here, so
// it takes effect without a restart. The page's Staff sign-in section (lib/core/sso/
// staff-sso-settings.ts) saves, masks and records Verify through the same helpers here.
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

type EffectiveSetting = { value: string | undefined; source: "environment" | "saved" | null };
export type SettingVerification = { ok: boolean; message: string; at: string; current: boolean };

/** Each field with where its value comes from and the value as shown (a secret masked). */
export function fieldViews<F extends { key: string; secret: boolean }>(
  fields: readonly F[],
  effective: Record<string, EffectiveSetting>,
): (F & { source: "environment" | "saved" | null; display: string | null })[] {
  return fields.map((f) => {
    const value = effective[f.key]?.value;
    return { ...f, source: effective[f.key]?.source ?? null, display: value ? maskSetting(value, f.secret) : null };
  });
}

/** The last Verify of a saved setting, and whether it was of the values in use now. */
export function verificationView(row: SavedPlatform | undefined, fingerprint: string): SettingVerification | null {
  if (!row?.verifiedAt) return null;
  return {
    ok: row.verifyOk === true,
    message: row.verifyMessage ?? "",
    at: row.verifiedAt.toISOString(),
    current: row.verifiedFingerprint === fingerprint,
  };
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
      fields: fieldViews(setup.fields, eff),
      sandbox: {
        on: sandboxOn,
        source: e.SANDBOX_PLATFORMS !== undefined ? "environment" : row?.sandbox != null ? "saved" : "default",
      },
      verification: verificationView(row, fingerprint),
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

/** The saved row of a platform (or of `sso-<provider>`), freshly read. */
export async function currentRow(platform: string): Promise<SavedPlatform | undefined> {
  await refreshPlatformSettings();
  return savedPlatformSettings().get(platform);
}

/**
 * A form's values merged into the saved ones: null clears a value, an empty one keeps it, a
 * value the environment sets is refused, and each value passes the shared checks (no spaces
 * unless `check` takes the field whole, at least 4 characters) and `check`, which returns a
 * message to refuse, "ok" to accept without the shared checks, or undefined for them.
 */
export function mergeSettingValues(opts: {
  fields: readonly { key: string; label: string }[];
  saved: Record<string, string> | undefined;
  input: Record<string, string | null>;
  unknownMessage: string;
  check?: (key: string, value: string) => string | "ok" | undefined;
}): Record<string, string> {
  const e = env() as unknown as Record<string, unknown>;
  const next: Record<string, string> = { ...(opts.saved ?? {}) };
  for (const [key, raw] of Object.entries(opts.input)) {
    const f = opts.fields.find((x) => x.key === key);
    if (!f) throw validationError(`values.${key}`, opts.unknownMessage);
    if (raw === null) {
      delete next[key];
      continue;
    }
    const value = raw.trim();
    if (value === "") continue;
    if (typeof e[key] === "string" && e[key] !== "")
      throw validationError(`values.${key}`, "Set by the environment: change it there.");
    const own = opts.check?.(key, value);
    if (own !== "ok") {
      if (own) throw validationError(`values.${key}`, own);
      if (/\s/.test(value)) throw validationError(`values.${key}`, `${f.label} cannot contain spaces.`);
      if (value.length < 4) throw validationError(`values.${key}`, `${f.label} looks too short.`);
    }
    next[key] = value;
  }
  return next;
}

/** Saves the merged values sealed (a change takes back "use without verifying") and announces it. */
export async function saveSettingValues(opts: {
  platform: string;
  saved: Record<string, string> | undefined;
  next: Record<string, string>;
  userId: string;
}): Promise<void> {
  const changed =
    JSON.stringify(Object.entries(opts.next).sort()) !== JSON.stringify(Object.entries(opts.saved ?? {}).sort());
  const data = {
    valuesSealed: Object.keys(opts.next).length ? sealValues(opts.next) : null,
    updatedByUserId: opts.userId,
    ...(changed ? { forcedLive: false } : {}),
  };
  const platform = opts.platform;
  await (await getDb()).platformSetting.upsert({ where: { platform }, create: { platform, ...data }, update: data });
  await announce();
}

/** Keeps a Verify's answer with its time and the values it was of, and announces it. */
export async function recordVerification(opts: {
  platform: string;
  result: { ok: boolean; message: string };
  values: Record<string, string | undefined>;
  userId: string;
}): Promise<{ ok: boolean; message: string; at: string }> {
  const at = new Date();
  const data = {
    verifiedAt: at,
    verifyOk: opts.result.ok,
    verifyMessage: opts.result.message.slice(0, 500),
    verifiedFingerprint: credentialFingerprint(opts.values),
    updatedByUserId: opts.userId,
  };
  const platform = opts.platform;
  await (await getDb()).platformSetting.upsert({ where: { platform }, create: { platform, ...data }, update: data });
  await announce();
  return { ok: opts.result.ok, message: opts.result.message, at: at.toISOString() };
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
  const row = await currentRow(platform);
  const next = mergeSettingValues({
    fields: platformSetup(platform).fields,
    saved: row?.values,
    input: opts.input.values,
    unknownMessage: "Not a credential of this platform.",
    check: (key, value) =>
      key === "META_APP_ID" && !/\s/.test(value) && !/^\d+$/.test(value) ? "The App ID is a number." : undefined,
  });
  await saveSettingValues({ platform, saved: row?.values, next, userId: opts.userId });
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
  return recordVerification({ platform, result, values, userId: opts.userId });
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
