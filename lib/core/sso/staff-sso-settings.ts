// The Platforms page's "Staff sign-in" section: each identity provider's values and where
// they come from, saving them (sealed like the platform credentials; the environment wins),
// and Verify (the discovery document and keys fetched and checked). A change is announced
// to every instance like the platform settings.
import { z } from "zod";
import { validationError } from "@/lib/core/common/api-error";
import { recordAuditForAllAgencies } from "@/lib/core/sso/sso-audit";
import {
  credentialFingerprint,
  refreshPlatformSettings,
  savedPlatformSettings,
  sealValues,
} from "@/lib/infra/connectors/platform-settings";
import { getDb } from "@/lib/infra/db/db";
import { CHANNELS, notify } from "@/lib/infra/db/notifications";
import { env } from "@/lib/infra/env";
import { discoverProvider } from "@/lib/infra/sso/oidc-discovery";
import {
  STAFF_PROVIDERS,
  isStaffProvider,
  settingKey,
  staffProviderConfig,
  staffProviderDefinition,
  staffProviderValues,
  type StaffProvider,
} from "@/lib/infra/sso/staff-providers";

export type StaffProviderCard = {
  provider: StaffProvider;
  name: string;
  /** in use on the sign-in page */
  inUse: boolean;
  fields: {
    key: string;
    label: string;
    secret: boolean;
    required: boolean;
    hint: string | null;
    source: "environment" | "saved" | null;
    display: string | null;
  }[];
  issuer: string | null;
  redirectUri: string;
  verification: { ok: boolean; message: string; at: string; current: boolean } | null;
  consoleUrl: string | null;
};

function knownProvider(value: string): StaffProvider {
  if (!isStaffProvider(value)) throw validationError("provider", "Unknown sign-in provider.");
  return value;
}

const mask = (value: string, secret: boolean) => (secret ? `•••• ${value.slice(-4)}` : value);

export async function listStaffProviderCards(): Promise<StaffProviderCard[]> {
  await refreshPlatformSettings();
  const e = env();
  return STAFF_PROVIDERS.map((provider) => {
    const def = staffProviderDefinition(provider);
    const eff = staffProviderValues(provider, e);
    const values = Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value]));
    const row = savedPlatformSettings().get(settingKey(provider));
    return {
      provider,
      name: def.name,
      inUse: staffProviderConfig(provider, e) !== null,
      fields: def.fields.map((f) => ({
        ...f,
        hint: f.hint ?? null,
        source: eff[f.key]?.source ?? null,
        display: eff[f.key]?.value ? mask(eff[f.key]!.value!, f.secret) : null,
      })),
      issuer: def.issuer(values, e) ?? null,
      redirectUri: `${e.appUrl}/api/auth/callback/${provider}`,
      verification: row?.verifiedAt
        ? {
            ok: row.verifyOk === true,
            message: row.verifyMessage ?? "",
            at: row.verifiedAt.toISOString(),
            current: row.verifiedFingerprint === credentialFingerprint(values),
          }
        : null,
      consoleUrl: def.consoleUrl,
    };
  });
}

async function announce(): Promise<void> {
  await notify(await getDb(), CHANNELS.platformSettingsChanged);
  await refreshPlatformSettings();
}

export const ZSaveStaffProvider = z.object({
  provider: z.string().min(1).max(40),
  /** environment-variable names to values; an empty value keeps what is saved, null clears it */
  values: z.record(z.string(), z.string().max(2000).nullable()),
});

export async function saveStaffProvider(opts: {
  input: z.infer<typeof ZSaveStaffProvider>;
  userId: string;
}): Promise<void> {
  const provider = knownProvider(opts.input.provider);
  const def = staffProviderDefinition(provider);
  await refreshPlatformSettings();
  const row = savedPlatformSettings().get(settingKey(provider));
  const e = env() as unknown as Record<string, unknown>;
  const next: Record<string, string> = { ...(row?.values ?? {}) };
  for (const [key, raw] of Object.entries(opts.input.values)) {
    const f = def.fields.find((x) => x.key === key);
    if (!f) throw validationError(`values.${key}`, "Not a setting of this provider.");
    if (raw === null) {
      delete next[key];
      continue;
    }
    const value = raw.trim();
    if (value === "") continue;
    if (typeof e[key] === "string" && e[key] !== "")
      throw validationError(`values.${key}`, "Set by the environment: change it there.");
    if (key === "SSO_OIDC_NAME") {
      if (value.length > 40) throw validationError(`values.${key}`, "At most 40 characters.");
    } else if (/\s/.test(value)) throw validationError(`values.${key}`, `${f.label} cannot contain spaces.`);
    if (key === "SSO_OIDC_ISSUER") {
      let url: URL | null = null;
      try {
        url = new URL(value);
      } catch {
        url = null;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
        throw validationError(`values.${key}`, "The issuer is an https URL such as https://example.okta.com.");
    } else if (key === "SSO_MICROSOFT_TENANT") {
      if (!/^[A-Za-z0-9.-]{2,100}$/.test(value))
        throw validationError(`values.${key}`, "The tenant is its ID (a GUID) or its primary domain.");
    } else if (key !== "SSO_OIDC_NAME" && value.length < 4)
      throw validationError(`values.${key}`, `${f.label} looks too short.`);
    next[key] = value;
  }
  const data = {
    valuesSealed: Object.keys(next).length ? sealValues(next) : null,
    updatedByUserId: opts.userId,
    forcedLive: false,
  };
  const platform = settingKey(provider);
  await (await getDb()).platformSetting.upsert({ where: { platform }, create: { platform, ...data }, update: data });
  await announce();
  await recordAuditForAllAgencies({
    userId: opts.userId,
    action: "sso.provider_saved",
    target: `sso:${provider}`,
    changes: { fields: Object.keys(opts.input.values) },
  });
}

/** Verify: the discovery document and keys fetched and checked; the result kept with its time. */
export async function verifyStaffProvider(opts: {
  provider: string;
  userId: string;
}): Promise<{ ok: boolean; message: string; at: string }> {
  const provider = knownProvider(opts.provider);
  await refreshPlatformSettings();
  const e = env();
  const def = staffProviderDefinition(provider);
  const eff = staffProviderValues(provider, e);
  const values = Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value]));
  const missing = def.fields.find((f) => f.required && !values[f.key]);
  let result: { ok: boolean; message: string };
  if (missing) result = { ok: false, message: `${missing.label} is not set.` };
  else {
    const issuer = def.issuer(values, e)!;
    const found = await discoverProvider(issuer, { allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK, fresh: true });
    result = found.ok
      ? {
          ok: true,
          message: `${found.endpoints.issuer} answered: discovery document read, ${found.keys} signing key${found.keys === 1 ? "" : "s"} found.`,
        }
      : { ok: false, message: found.message };
  }
  const at = new Date();
  const platform = settingKey(provider);
  const data = {
    verifiedAt: at,
    verifyOk: result.ok,
    verifyMessage: result.message.slice(0, 500),
    verifiedFingerprint: credentialFingerprint(values),
    updatedByUserId: opts.userId,
  };
  await (await getDb()).platformSetting.upsert({ where: { platform }, create: { platform, ...data }, update: data });
  await announce();
  return { ...result, at: at.toISOString() };
}
