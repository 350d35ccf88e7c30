// A real OpenID Connect provider for tests: oidc-provider (certified) on loopback, with
// accounts the test defines and an interaction step that signs in whichever account the
// test names next (no login form). An account can be disabled: the provider then refuses
// its refresh tokens (invalid_grant), as an identity provider does for a leaver. Refresh
// tokens follow OpenID Connect Core section 11 by default (oidc-provider's own rule:
// offline_access, which it keeps only beside prompt=consent); `refreshTokens: "always"`
// stands in for a provider with its own rule (Google's access_type=offline, Entra ID's
// offline_access without a consent prompt).
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type TestAccount = { claims: Record<string, unknown>; disabled?: boolean; amr?: string[] };

export type OidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** the account the next sign-in becomes */
  signInAs(accountId: string): void;
  /** follows the authorization request through the provider; the redirect back to the app */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
};

export async function startOidcProvider(opts: {
  redirectUris: string[];
  /** claim names beyond the standard ones (e.g. Entra ID's xms_edov, Google's hd) */
  extraClaims?: string[];
  path?: string;
  refreshTokens?: "offline_access" | "always";
}): Promise<OidcTestProvider> {
  const accounts = new Map<string, TestAccount>();
  let next: string | null = null;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}${opts.path ?? ""}`;
  const clientId = "agency-dashboard";
  const clientSecret = "test-client-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: {
      // amr in every ID token that has one, as Okta and Entra ID v1 tokens send it (a
      // bare `amr: null` would send it only when the claims parameter asks for it)
      openid: ["sub", "amr"],
      email: ["email", "email_verified", ...(opts.extraClaims ?? [])],
      profile: ["name"],
    },
    // the email claims in the ID token too, as Google and Entra ID put them there
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ...(opts.refreshTokens === "always"
      ? {
          issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) =>
            client.grantTypeAllowed("refresh_token"),
        }
      : {}),
    interactions: { url: (_ctx, interaction) => `${opts.path ?? ""}/interaction/${interaction.uid}` },
    cookies: { keys: ["oidc-test-provider-cookie-key"] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account || account.disabled) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account.claims }) };
    },
  });
  const callback = provider.callback();
  server.on("request", (req, res) => {
    const path = (req.url ?? "").slice((opts.path ?? "").length);
    if (!path.startsWith("/interaction/")) {
      req.url = path || "/";
      return callback(req, res);
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        const accountId = next ?? "";
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId, amr: accounts.get(accountId)?.amr } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  async function authorize(start: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(start);
    for (let hop = 0; hop < 12; hop++) {
      if (url.origin !== new URL(issuer).origin) return url;
      const res = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const eq = pair!.indexOf("=");
        const name = pair!.slice(0, eq);
        const value = pair!.slice(eq + 1);
        if (value === "" || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
        else jar.set(name, value);
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error("too many redirects at the provider");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs(accountId) {
      next = accountId;
    },
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
