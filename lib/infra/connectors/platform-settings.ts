// The platform credentials and switches saved from the instance's Platforms page, and
// the one resolver the connectors see them through: environment first, then what was
// saved. Saved values are sealed with ENCRYPTION_KEY in `PlatformSetting.valuesSealed`.
// Saved credentials count only once a verification with exactly these values passed, or
// the operator forced the platform live. Each process keeps the rows in memory; a change
// is announced on CHANNELS.platformSettingsChanged (every instance reloads at once) and
// a snapshot older than a few seconds is reloaded in the background as a fallback.
import { createHash } from "node:crypto";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { allSetupKeys } from "@/lib/infra/connectors/platform-setup";
import { getDb } from "@/lib/infra/db/db";
import { env, type TEnv } from "@/lib/infra/env";
import { globalSingleton } from "@/lib/infra/global-singleton";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

export type SavedPlatform = {
  platform: string;
  values: Record<string, string>;
  sandbox: boolean | null;
  forcedLive: boolean;
  verifiedAt: Date | null;
  verifyOk: boolean | null;
  verifyMessage: string | null;
  verifiedFingerprint: string | null;
  updatedAt: Date;
};

/** The connector environment with the sandbox exceptions saved switches add to "all". */
export type ResolvedConnectorEnv = ConnectorEnv & { sandboxExcept?: readonly string[] } & Record<string, unknown>;

const STALE_MS = 5_000;

type State = {
  rows: Map<string, SavedPlatform>;
  loadedAt: number;
  version: number;
  loading: Promise<void> | null;
  resolved: { base: TEnv; version: number; value: ResolvedConnectorEnv } | null;
};

const state = () =>
  globalSingleton<State>("platform-settings", () => ({
    rows: new Map(),
    loadedAt: 0,
    version: 0,
    loading: null,
    resolved: null,
  }));

export function sealValues(values: Record<string, string>): string {
  return encryptText(JSON.stringify(values), loadSecrets().encryptionKey);
}

export function openValues(sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  const plain = decryptText(sealed, loadSecrets().encryptionKey);
  if (plain === null) return {};
  try {
    const parsed = JSON.parse(plain) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Which credentials a verification ran with, without keeping them. */
export function credentialFingerprint(values: Record<string, string | undefined>): string {
  const entries = Object.entries(values)
    .filter(([, v]) => !!v)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash("sha256").update(JSON.stringify(entries)).digest("hex").slice(0, 32);
}

async function load(): Promise<void> {
  const db = await getDb();
  const rows = await db.platformSetting.findMany();
  const next = new Map<string, SavedPlatform>();
  for (const r of rows) {
    next.set(r.platform, {
      platform: r.platform,
      values: openValues(r.valuesSealed),
      sandbox: r.sandbox,
      forcedLive: r.forcedLive,
      verifiedAt: r.verifiedAt,
      verifyOk: r.verifyOk,
      verifyMessage: r.verifyMessage,
      verifiedFingerprint: r.verifiedFingerprint,
      updatedAt: r.updatedAt,
    });
  }
  const s = state();
  s.rows = next;
  s.loadedAt = Date.now();
  s.version++;
}

/** Reads the saved settings again (after a change, on a notification, before a page shows them). */
export function refreshPlatformSettings(): Promise<void> {
  const s = state();
  s.loading ??= load().finally(() => (s.loading = null));
  return s.loading;
}

/** The saved settings as last loaded; an old snapshot is refreshed in the background. */
export function savedPlatformSettings(): ReadonlyMap<string, SavedPlatform> {
  const s = state();
  // only once something loaded them (boot, a save): a process that never did has none to refresh
  if (s.loadedAt > 0 && Date.now() - s.loadedAt > STALE_MS && !s.loading)
    void refreshPlatformSettings().catch(() => {});
  return s.rows;
}

/** The values of one platform's fields as the environment and the saved settings give them. */
export function effectiveValues(
  platform: string,
  base: Record<string, unknown>,
  saved: SavedPlatform | undefined,
): Record<string, { value: string | undefined; source: "environment" | "saved" | null }> {
  const out: Record<string, { value: string | undefined; source: "environment" | "saved" | null }> = {};
  for (const [key, p] of allSetupKeys()) {
    if (p !== platform) continue;
    const fromEnv = base[key];
    if (typeof fromEnv === "string" && fromEnv !== "") out[key] = { value: fromEnv, source: "environment" };
    else if (saved?.values[key]) out[key] = { value: saved.values[key], source: "saved" };
    else out[key] = { value: undefined, source: null };
  }
  return out;
}

/** Whether saved credentials of `saved` may be used: verified with these very values, or forced. */
export function savedCredentialsApproved(saved: SavedPlatform, values: Record<string, string | undefined>): boolean {
  if (saved.forcedLive) return true;
  return saved.verifyOk === true && saved.verifiedFingerprint === credentialFingerprint(values);
}

/**
 * The environment the connectors run with: every environment variable as set, then, for
 * each platform, the saved credentials the environment leaves empty (when approved), and
 * the saved sandbox switches when SANDBOX_PLATFORMS is not set.
 */
export function resolveConnectorEnv(
  base: TEnv = env(),
  saved: ReadonlyMap<string, SavedPlatform> = savedPlatformSettings(),
): ResolvedConnectorEnv {
  const s = state();
  if (saved === s.rows && s.resolved && s.resolved.base === base && s.resolved.version === s.version)
    return s.resolved.value;
  const out: ResolvedConnectorEnv = { ...(base as unknown as ResolvedConnectorEnv) };
  const raw = base as unknown as Record<string, unknown>;
  for (const [platform, row] of saved) {
    const eff = effectiveValues(platform, raw, row);
    const values = Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value]));
    if (!Object.values(eff).some((v) => v.source === "saved")) continue;
    if (!savedCredentialsApproved(row, values)) continue;
    for (const [key, v] of Object.entries(eff)) if (v.source === "saved") out[key] = v.value;
  }
  if (base.SANDBOX_PLATFORMS === undefined) {
    const on = [...saved.values()].filter((r) => r.sandbox === true).map((r) => r.platform);
    const off = [...saved.values()].filter((r) => r.sandbox === false).map((r) => r.platform);
    if (base.sandboxPlatformList === "all") {
      out.sandboxPlatformList = "all";
      out.sandboxExcept = off;
    } else {
      out.sandboxPlatformList = [...new Set([...base.sandboxPlatformList.filter((p) => !off.includes(p)), ...on])];
    }
  }
  if (saved === s.rows) s.resolved = { base, version: s.version, value: out };
  return out;
}

/** For tests: forget the loaded rows. */
export function forgetPlatformSettings(): void {
  const s = state();
  s.rows = new Map();
  s.loadedAt = 0;
  s.version++;
  s.resolved = null;
}
