// The identity providers staff can sign in with: Google, Microsoft Entra ID and one OpenID
// Connect provider named by its issuer (Okta, Auth0, Keycloak, Authentik, JumpCloud...).
// All three take the same OpenID Connect path; they differ in the issuer and in which claim
// says the email address is verified. Credentials come from the environment first, then
// from what the instance administrator saved on the Platforms page (sealed in
// PlatformSetting rows named `sso-<provider>`), which count once a Verify with exactly
// those values passed.
import { credentialFingerprint, savedPlatformSettings } from "@/lib/infra/connectors/platform-settings";
import { env, type TEnv } from "@/lib/infra/env";
import { STAFF_PROVIDER_NAMES } from "@/lib/infra/sso/staff-provider-names";

export const STAFF_PROVIDERS = ["google", "microsoft", "oidc"] as const;
export type StaffProvider = (typeof STAFF_PROVIDERS)[number];

export type StaffProviderField = { key: string; label: string; secret: boolean; required: boolean; hint?: string };

type Definition = {
  name: string;
  fields: StaffProviderField[];
  issuer: (values: Record<string, string | undefined>, e: TEnv) => string | undefined;
  /** the authorization request's extra parameters (how each asks for a refresh token) */
  scope: string;
  params: Record<string, string>;
  consoleUrl: string | null;
};

const DEFINITIONS: Record<StaffProvider, Definition> = {
  google: {
    name: STAFF_PROVIDER_NAMES.google,
    fields: [
      { key: "SSO_GOOGLE_CLIENT_ID", label: "Client ID", secret: false, required: true },
      { key: "SSO_GOOGLE_CLIENT_SECRET", label: "Client secret", secret: true, required: true },
    ],
    // https://developers.google.com/identity/openid-connect/openid-connect#discovery
    issuer: (_v, e) => e.SSO_GOOGLE_ISSUER ?? "https://accounts.google.com",
    scope: "openid email profile",
    // Google issues refresh tokens for access_type=offline, not for the offline_access scope
    params: { access_type: "offline" },
    consoleUrl: "https://console.cloud.google.com/apis/credentials",
  },
  microsoft: {
    name: STAFF_PROVIDER_NAMES.microsoft,
    fields: [
      { key: "SSO_MICROSOFT_CLIENT_ID", label: "Application (client) ID", secret: false, required: true },
      { key: "SSO_MICROSOFT_CLIENT_SECRET", label: "Client secret", secret: true, required: true },
      {
        key: "SSO_MICROSOFT_TENANT",
        label: "Tenant",
        secret: false,
        required: false,
        hint: 'The directory (tenant) ID or domain; "organizations" (the default) accepts any work account.',
      },
    ],
    // https://learn.microsoft.com/entra/identity-platform/v2-protocols-oidc
    issuer: (v, e) =>
      e.SSO_MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${v.SSO_MICROSOFT_TENANT ?? "organizations"}/v2.0`,
    scope: "openid email profile offline_access",
    // Entra ID issues a refresh token for offline_access alone
    // (https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow#request-an-authorization-code);
    // its prompt=consent would show every staff member the consent dialog at every sign-in,
    // and fails where the tenant does not let users consent
    params: {},
    consoleUrl: "https://entra.microsoft.com/#view/Microsoft_AAD_RegisteredApps/ApplicationsListBlade",
  },
  oidc: {
    name: "Single sign-on",
    fields: [
      { key: "SSO_OIDC_ISSUER", label: "Issuer URL", secret: false, required: true },
      { key: "SSO_OIDC_CLIENT_ID", label: "Client ID", secret: false, required: true },
      { key: "SSO_OIDC_CLIENT_SECRET", label: "Client secret", secret: true, required: true },
      { key: "SSO_OIDC_NAME", label: "Button label", secret: false, required: false, hint: "For example Okta." },
    ],
    issuer: (v) => v.SSO_OIDC_ISSUER,
    scope: "openid email profile offline_access",
    // OpenID Connect Core 1.0 section 11 (https://openid.net/specs/openid-connect-core-1_0.html#OfflineAccess):
    // a provider ignores offline_access unless prompt contains consent, and then issues no
    // refresh token, without which the leaver check cannot ask about the account
    params: { prompt: "consent" },
    consoleUrl: null,
  },
};

export function staffProviderDefinition(provider: StaffProvider): Definition {
  return DEFINITIONS[provider];
}

export function isStaffProvider(value: string): value is StaffProvider {
  return (STAFF_PROVIDERS as readonly string[]).includes(value);
}

/** The PlatformSetting row a provider's saved values live in. */
export const settingKey = (provider: StaffProvider) => `sso-${provider}`;

export type EffectiveValue = { value: string | undefined; source: "environment" | "saved" | null };

/** Each field's value: the environment first, then what was saved. */
export function staffProviderValues(provider: StaffProvider, e: TEnv = env()): Record<string, EffectiveValue> {
  const saved = savedPlatformSettings().get(settingKey(provider));
  const raw = e as unknown as Record<string, unknown>;
  const out: Record<string, EffectiveValue> = {};
  for (const f of DEFINITIONS[provider].fields) {
    const fromEnv = raw[f.key];
    if (typeof fromEnv === "string" && fromEnv !== "") out[f.key] = { value: fromEnv, source: "environment" };
    else if (saved?.values[f.key]) out[f.key] = { value: saved.values[f.key], source: "saved" };
    else out[f.key] = { value: undefined, source: null };
  }
  return out;
}

export type StaffProviderConfig = {
  provider: StaffProvider;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  params: Record<string, string>;
};

/** The provider's configuration when complete and usable (saved values only once verified). */
export function staffProviderConfig(provider: StaffProvider, e: TEnv = env()): StaffProviderConfig | null {
  const def = DEFINITIONS[provider];
  const eff = staffProviderValues(provider, e);
  const values = Object.fromEntries(Object.entries(eff).map(([k, v]) => [k, v.value]));
  if (def.fields.some((f) => f.required && !values[f.key])) return null;
  if (Object.values(eff).some((v) => v.source === "saved")) {
    const row = savedPlatformSettings().get(settingKey(provider));
    const approved =
      !!row && (row.forcedLive || (row.verifyOk === true && row.verifiedFingerprint === credentialFingerprint(values)));
    if (!approved) return null;
  }
  const issuer = def.issuer(values, e);
  if (!issuer) return null;
  const ids: Record<StaffProvider, [string, string]> = {
    google: ["SSO_GOOGLE_CLIENT_ID", "SSO_GOOGLE_CLIENT_SECRET"],
    microsoft: ["SSO_MICROSOFT_CLIENT_ID", "SSO_MICROSOFT_CLIENT_SECRET"],
    oidc: ["SSO_OIDC_CLIENT_ID", "SSO_OIDC_CLIENT_SECRET"],
  };
  const [idKey, secretKey] = ids[provider];
  return {
    provider,
    name: provider === "oidc" ? (values.SSO_OIDC_NAME ?? def.name) : def.name,
    issuer: issuer.replace(/\/+$/, ""),
    clientId: values[idKey]!,
    clientSecret: values[secretKey]!,
    scope: def.scope,
    params: def.params,
  };
}

/** The claims that matter for a staff sign-in, read the way each provider documents them. */
export type StaffClaims = {
  subject: string;
  issuer: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** whether the provider says a second factor was used; null when it does not say */
  mfa: boolean | null;
};

const MFA_METHODS = ["mfa", "otp", "hwk", "swk", "sms", "fpt", "face", "iris", "retina", "sc", "pop"];

export function readStaffClaims(provider: StaffProvider, claims: Record<string, unknown>): StaffClaims {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : null;
  let emailVerified: boolean;
  if (provider === "microsoft") {
    // Entra ID sends no email_verified; its optional claim xms_edov says the email's domain
    // is verified by the tenant (https://learn.microsoft.com/entra/identity-platform/optional-claims-reference)
    emailVerified = claims.xms_edov === true || claims.xms_edov === "1" || claims.email_verified === true;
  } else {
    emailVerified = claims.email_verified === true || claims.email_verified === "true";
  }
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((x): x is string => typeof x === "string") : null;
  return {
    subject: String(claims.sub ?? ""),
    issuer: String(claims.iss ?? ""),
    email,
    emailVerified: !!email && emailVerified,
    name: typeof claims.name === "string" ? claims.name.slice(0, 200) : null,
    mfa: amr ? amr.some((m) => MFA_METHODS.includes(m)) : null,
  };
}

/** A provider's name for people (the generic provider's configured label). */
export function staffProviderName(provider: string): string {
  if (!isStaffProvider(provider)) return "your identity provider";
  return staffProviderConfig(provider)?.name ?? DEFINITIONS[provider].name;
}
