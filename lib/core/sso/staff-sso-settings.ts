// The Platforms page's "Staff sign-in" section: each identity provider's values and where
// they come from, saving them (sealed like the platform credentials; the environment wins),
// and Verify (the values in the form saved first, then the discovery document and keys
// fetched and checked and the client ID and secret proved at the token endpoint). A change
// is announced to every instance like the platform settings.
import { z } from "zod";
import { validationError } from "@/lib/core/common/api-error";
import {
  currentRow,
  fieldViews,
  mergeSettingValues,
  recordVerification,
  saveSettingValues,
  verificationView,
  type SettingVerification,
} from "@/lib/core/instance/platform-settings";
import { recordAuditForAllAgencies } from "@/lib/core/sso/sso-audit";
import {
  credentialFingerprint,
  refreshPlatformSettings,
  savedPlatformSettings,
} from "@/lib/infra/connectors/platform-settings";
import { env } from "@/lib/infra/env";
import { discoverProvider, probeClient } from "@/lib/infra/sso/oidc-discovery";
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
  verification: SettingVerification | null;
  consoleUrl: string | null;
};

function knownProvider(value: string): StaffProvider {
  if (!isStaffProvider(value)) throw validationError("provider", "Unknown sign-in provider.");
  return value;
}

const valuesOf = (eff: ReturnType<typeof staffProviderValues>) =>
  Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value]));

export async function listStaffProviderCards(): Promise<StaffProviderCard[]> {
  await refreshPlatformSettings();
  const e = env();
  return STAFF_PROVIDERS.map((provider) => {
    const def = staffProviderDefinition(provider);
    const eff = staffProviderValues(provider, e);
    const values = valuesOf(eff);
    return {
      provider,
      // the generic provider's default button label ("Single sign-on") says nothing as a card title
      name: provider === "oidc" ? "OpenID Connect" : def.name,
      inUse: staffProviderConfig(provider, e) !== null,
      fields: fieldViews(
        def.fields.map((f) => ({ ...f, hint: f.hint ?? null })),
        eff,
      ),
      issuer: def.issuer(values, e) ?? null,
      redirectUri: `${e.appUrl}/api/auth/callback/${provider}`,
      verification: verificationView(savedPlatformSettings().get(settingKey(provider)), credentialFingerprint(values)),
      consoleUrl: def.consoleUrl,
    };
  });
}

export const ZSaveStaffProvider = z.object({
  provider: z.string().min(1).max(40),
  /** environment-variable names to values; an empty value keeps what is saved, null clears it */
  values: z.record(z.string(), z.string().max(2000).nullable()),
});

function checkStaffValue(key: string, value: string): string | "ok" | undefined {
  if (key === "SSO_OIDC_NAME") return value.length > 40 ? "At most 40 characters." : "ok";
  if (/\s/.test(value)) return undefined;
  if (key === "SSO_OIDC_ISSUER") {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
      return "The issuer is an https URL such as https://example.okta.com.";
    return "ok";
  }
  if (key === "SSO_MICROSOFT_TENANT")
    return /^[A-Za-z0-9.-]{2,100}$/.test(value) ? "ok" : "The tenant is its ID (a GUID) or its primary domain.";
  return undefined;
}

export async function saveStaffProvider(opts: {
  input: z.infer<typeof ZSaveStaffProvider>;
  userId: string;
}): Promise<void> {
  const provider = knownProvider(opts.input.provider);
  const platform = settingKey(provider);
  const row = await currentRow(platform);
  const next = mergeSettingValues({
    fields: staffProviderDefinition(provider).fields,
    saved: row?.values,
    input: opts.input.values,
    unknownMessage: "Not a setting of this provider.",
    check: checkStaffValue,
  });
  await saveSettingValues({ platform, saved: row?.values, next, userId: opts.userId });
  await recordAuditForAllAgencies({
    userId: opts.userId,
    action: "sso.provider_saved",
    target: `sso:${provider}`,
    changes: { fields: Object.keys(opts.input.values) },
  });
}

export const ZVerifyStaffProvider = z.strictObject({
  provider: z.string().min(1).max(40),
  /** what the form holds, as for Save: verified (and saved) in place of what is saved */
  values: ZSaveStaffProvider.shape.values.optional(),
});

/**
 * Verify: the form's values saved first (saved values count only once a Verify of exactly
 * them passes, so saving a wrong one changes nothing in use), then the discovery document
 * and keys fetched and checked, then the client ID and secret proved at the token
 * endpoint; the result kept with its time.
 */
export async function verifyStaffProvider(opts: {
  provider: string;
  values?: Record<string, string | null>;
  userId: string;
}): Promise<{ ok: boolean; message: string; at: string }> {
  const provider = knownProvider(opts.provider);
  const typed = Object.entries(opts.values ?? {}).filter(([, v]) => v === null || v.trim() !== "");
  if (typed.length)
    await saveStaffProvider({ input: { provider, values: Object.fromEntries(typed) }, userId: opts.userId });
  await refreshPlatformSettings();
  const e = env();
  const def = staffProviderDefinition(provider);
  const values = valuesOf(staffProviderValues(provider, e));
  const missing = def.fields.find((f) => f.required && !values[f.key]);
  let result: { ok: boolean; message: string };
  if (missing) result = { ok: false, message: `${missing.label} is not set.` };
  else {
    const issuer = def.issuer(values, e)!;
    const allowLoopback = e.WEBHOOK_ALLOW_LOOPBACK;
    const found = await discoverProvider(issuer, { allowLoopback, fresh: true });
    if (!found.ok) result = { ok: false, message: found.message };
    else {
      const [idKey, secretKey] = clientKeys(def.fields);
      const client = await probeClient({
        tokenEndpoint: found.endpoints.token_endpoint,
        clientId: values[idKey]!,
        clientSecret: values[secretKey]!,
        redirectUri: `${e.appUrl}/api/auth/callback/${provider}`,
        allowLoopback,
      });
      const keys = `${found.keys} signing key${found.keys === 1 ? "" : "s"}`;
      result = client.ok
        ? {
            ok: true,
            message: `${found.endpoints.issuer} answered: discovery document read, ${keys} found, and the token endpoint accepted the client ID and secret.`,
          }
        : client;
    }
  }
  return recordVerification({ platform: settingKey(provider), result, values, userId: opts.userId });
}

/** The client ID's and secret's field names (every provider has one of each). */
function clientKeys(fields: { key: string; secret: boolean }[]): [string, string] {
  const id = fields.find((f) => /_CLIENT_ID$/.test(f.key))!.key;
  const secret = fields.find((f) => f.secret)!.key;
  return [id, secret];
}
