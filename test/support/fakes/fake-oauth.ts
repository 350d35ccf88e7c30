// The OAuth 2.0 authorization-code plumbing the platform contract fakes share: the
// registered redirect_uri check, one-time codes sent back to the app with the state
// (straight away, or from a small consent page with Allow and Deny when the fake is
// started with `consentPage`, as the Playwright journeys do), the code's redemption
// (an unknown, used or other-redirect code is refused) and the bearer tokens issued.
// Each fake keeps its platform's own parameter names, checks and error bodies.
import crypto from "node:crypto";
import type { FakeResponse } from "@/test/support/fakes/fake-platform-server";

export type FakeOAuthOptions = {
  /** the app's registered redirect URIs; any absolute URI when not given */
  redirectUris?: string[];
  /** show a consent page (Allow / Deny) naming this platform instead of redirecting at once */
  consentPage?: string;
};

export type IssuedCode<C> = { redirectUri: string; used: boolean; grant: C };

export interface FakeOAuth<C, T> {
  /** Whether `uri` is present and, when the fake knows the app's redirect URIs, one of them. */
  redirectAllowed(uri: string | undefined): uri is string;
  /**
   * Issues a one-time code for `grant` and sends the browser back to `redirectUri` with it
   * (under each name in `codeParams`) and the state; or shows the consent page first.
   */
  sendBack(redirectUri: string, state: string | undefined, grant: C, codeParams?: readonly string[]): FakeResponse;
  /** The unused code issued for `redirectUri` (any when undefined), or null. */
  pending(code: string | undefined, redirectUri?: string): IssuedCode<C> | null;
  /** Marks the code used and returns a new bearer token carrying `grant`. */
  exchange(issued: IssuedCode<C>, prefix: string, grant: T): string;
  /** What a token was issued with, or undefined for an unknown token. */
  tokenGrant(token: string | undefined): T | undefined;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function createFakeOAuth<C, T = C>(opts: FakeOAuthOptions): FakeOAuth<C, T> {
  const codes = new Map<string, IssuedCode<C>>();
  const tokens = new Map<string, T>();
  return {
    redirectAllowed(uri): uri is string {
      if (!uri || !/^https?:\/\//.test(uri)) return false;
      return !opts.redirectUris || opts.redirectUris.includes(uri);
    },
    sendBack(redirectUri, state, grant, codeParams = ["code"]): FakeResponse {
      const code = crypto.randomBytes(16).toString("hex");
      codes.set(code, { redirectUri, used: false, grant });
      const allow = new URL(redirectUri);
      for (const name of codeParams) allow.searchParams.set(name, code);
      if (state !== undefined) allow.searchParams.set("state", state);
      if (!opts.consentPage) return { status: 302, headers: { location: allow.toString() } };
      const deny = new URL(redirectUri);
      deny.searchParams.set("error", "access_denied");
      deny.searchParams.set("error_description", "The user denied the request");
      if (state !== undefined) deny.searchParams.set("state", state);
      const name = escape(opts.consentPage);
      return {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
        text: `<!doctype html><html lang="en"><head><title>${name}: allow access</title></head><body><main><h1>${name}</h1><p>Allow this app to manage who can access your accounts?</p><p><a href="${escape(allow.toString())}">Allow</a> <a href="${escape(deny.toString())}">Deny</a></p></main></body></html>`,
      };
    },
    pending(code, redirectUri) {
      const issued = codes.get(code ?? "");
      if (!issued || issued.used) return null;
      if (redirectUri !== undefined && issued.redirectUri !== redirectUri) return null;
      return issued;
    },
    exchange(issued, prefix, grant) {
      issued.used = true;
      const token = `${prefix}${crypto.randomBytes(12).toString("hex")}`;
      tokens.set(token, grant);
      return token;
    },
    tokenGrant(token) {
      return token ? tokens.get(token) : undefined;
    },
  };
}
