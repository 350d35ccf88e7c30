// next-auth providers for staff sign-in: each configured identity provider as one OpenID
// Connect provider (authorization code with PKCE, state and nonce; the ID token checked
// against the provider's keys), with endpoints from a discovery document that passed the
// outbound address rules, and outbound calls through the guarded lookup. The signIn
// callback (auth-options.ts) turns the provider's claims into a dashboard user.
import type { OAuthConfig } from "next-auth/providers/oauth";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { refreshPlatformSettings } from "@/lib/infra/connectors/platform-settings";
import { discoverProvider } from "@/lib/infra/sso/oidc-discovery";
import { guardedLookup } from "@/lib/infra/sso/safe-oidc-http";
import { STAFF_PROVIDERS, staffProviderConfig, type StaffProvider } from "@/lib/infra/sso/staff-providers";

export type StaffOAuthProvider = OAuthConfig<Record<string, unknown>>;

/** The providers shown on the sign-in page: id and button label. */
export async function configuredStaffProviders(): Promise<{ id: StaffProvider; name: string }[]> {
  await refreshPlatformSettings();
  return STAFF_PROVIDERS.flatMap((p) => {
    const c = staffProviderConfig(p);
    return c ? [{ id: p, name: c.name }] : [];
  });
}

/** next-auth provider objects for every configured provider whose discovery passes. */
export async function loadStaffProviders(): Promise<StaffOAuthProvider[]> {
  await refreshPlatformSettings();
  const allowLoopback = env().WEBHOOK_ALLOW_LOOPBACK;
  const out: StaffOAuthProvider[] = [];
  for (const provider of STAFF_PROVIDERS) {
    const config = staffProviderConfig(provider);
    if (!config) continue;
    const found = await discoverProvider(config.issuer, { allowLoopback });
    if (!found.ok) {
      log().warn({ component: "auth", provider, message: found.message }, "staff sign-in provider unavailable");
      continue;
    }
    const ep = found.endpoints;
    out.push({
      id: provider,
      name: config.name,
      type: "oauth",
      // openid-client checks the ID token's iss against this (Entra ID's {tenantid} is filled from tid)
      issuer: ep.issuer,
      authorization: { url: ep.authorization_endpoint, params: { scope: config.scope, ...config.params } },
      token: { url: ep.token_endpoint },
      jwks_endpoint: ep.jwks_uri,
      userinfo: {
        url: ep.userinfo_endpoint ?? undefined,
        // the ID token's claims (already checked), completed by the userinfo answer for the same subject
        async request({ client, tokens }) {
          // next-auth hands over openid-client's TokenSet (the callback made it from the checked ID token)
          const set = tokens as unknown as { claims(): Record<string, unknown>; access_token?: string };
          const fromToken = set.claims();
          if (!ep.userinfo_endpoint || !set.access_token) return fromToken;
          const info = (await client.userinfo(set.access_token)) as Record<string, unknown>;
          if (info.sub !== fromToken.sub) return fromToken;
          return {
            ...info,
            ...fromToken,
            email: fromToken.email ?? info.email,
            email_verified: fromToken.email_verified ?? info.email_verified,
          };
        },
      },
      idToken: true,
      checks: ["pkce", "state", "nonce"],
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      httpOptions: { timeout: 8000, lookup: guardedLookup(allowLoopback) },
      profile(claims) {
        return {
          id: `${provider}:${String(claims.sub)}`,
          email: typeof claims.email === "string" ? claims.email : null,
          name: typeof claims.name === "string" ? claims.name : null,
        };
      },
    });
  }
  return out;
}
