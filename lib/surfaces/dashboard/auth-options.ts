// next-auth (v4) for the dashboard: email + password (argon2), JWT sessions in httpOnly
// cookies (secure in production), login throttling by (account, address) pair with growing waits (see
// lib/core/users/check-credentials.ts), and one
// generic error message so sign-in never reveals whether an account exists.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/infra/env";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { checkCredentials } from "@/lib/core/users/check-credentials";
import { clientAddress } from "@/lib/surfaces/http/client-address";
import { recordSignIn } from "@/lib/core/audit/record-audit";
import { checkSecondFactor, hasTwoFactor } from "@/lib/core/users/two-factor";
import { isMemberOf } from "@/lib/core/team/is-member-of";
import { currentSessionVersion, endUserSessions } from "@/lib/core/users/session-version";
import { log } from "@/lib/infra/log";
import { isSafeCallbackUrl } from "@/lib/surfaces/dashboard/auth-request-screen";
import { findUnstorableText } from "@/lib/surfaces/http/untrusted-text";
import type { StaffOAuthProvider } from "@/lib/surfaces/dashboard/staff-sso-providers";
import { linkIdentityWithProof, resolveStaffSignIn } from "@/lib/core/sso/staff-sign-in";
import { passwordSignInPolicy } from "@/lib/core/sso/agency-domains";
import { checkStaffIdentity } from "@/lib/core/sso/check-staff-identity";
import { recordForUser } from "@/lib/core/sso/sso-audit";
import { isStaffProvider, readStaffClaims } from "@/lib/infra/sso/staff-providers";

/** Thrown by the jwt callback for a token whose session was ended; next-auth then clears the cookie. */
class SessionEndedError extends Error {
  constructor() {
    super("session ended");
  }
}

/**
 * next-auth's own messages as JSON lines through our logger: a value a caller put in a
 * URL never reaches stdout raw (a CR/LF could otherwise forge a line), and an ended
 * session is routine, not an error.
 */
const authLogger = {
  error(code: string, metadata: unknown) {
    const err = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
    if (err instanceof SessionEndedError)
      return log().info({ component: "auth", code }, "a session that was ended was refused");
    log().error(
      { component: "auth", code, err: err instanceof Error ? { name: err.name, message: err.message } : undefined },
      "next-auth error",
    );
  },
  warn(code: string) {
    log().warn({ component: "auth", code }, "next-auth warning");
  },
  debug() {},
};

/** The caller's address from next-auth's plain header object, by the trusted-proxy rule. */
export function requestAddress(headers: Record<string, unknown> | undefined): string {
  return clientAddress(headers) ?? "local";
}

/** The sign-in errors the login form reads (next-auth passes a thrown message through). */
export const TWO_FACTOR_REQUIRED = "two-factor-required";
export const TWO_FACTOR_INVALID = "two-factor-invalid";
export const TWO_FACTOR_THROTTLED = "two-factor-throttled";
/** Too many failed attempts for this account from this address (or from it overall): wait. */
export const SIGN_IN_THROTTLED = "sign-in-throttled";
/** A field held a NUL or a broken character: refused before anything is looked up. */
export const SIGN_IN_INVALID_CHARACTERS = "invalid-characters";
/** The account's agency requires single sign-on for its email's domain. */
export const SSO_REQUIRED = "sso-required";
/**
 * A provider sign-in that could not complete on our side: a claim we cannot store (a NUL or a
 * broken character in `sub`, `iss`, the email or the name) or an error while resolving it.
 * The login page says so in general words; the log has the reason (never the URL).
 */
export const SSO_FAILED = "sso-failed";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * The options for one request. `staffProviders` are the identity providers (loaded by the
 * auth route; reading a session needs none), `address` the caller's address for the audit.
 */
export function authOptions(
  opts: { staffProviders?: StaffOAuthProvider[]; address?: string | null } = {},
): NextAuthOptions {
  return {
    secret: appSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: env().appUrl.startsWith("https://"),
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Authentication code", type: "text" },
          linkToken: { label: "Link", type: "hidden" },
        },
        async authorize(credentials, req) {
          // the one text boundary: nothing with a NUL or a broken character reaches the database
          if (findUnstorableText({ ...credentials }) !== null) throw new Error(SIGN_IN_INVALID_CHARACTERS);
          const email = String(credentials?.email ?? "")
            .trim()
            .toLowerCase()
            .slice(0, 320);
          const password = String(credentials?.password ?? "").slice(0, 1000);
          if (!email || !password) return null;
          const address = requestAddress(req?.headers as Record<string, unknown> | undefined);
          const check = await checkCredentials({ email, password, address });
          if (!check.ok) {
            if (check.reason === "throttled") throw new Error(SIGN_IN_THROTTLED);
            return null;
          }
          const user = check.user;
          // Two-factor: asked only after the right password, so the answer reveals nothing
          // to someone without it; wrong codes are limited per account.
          if (await hasTwoFactor(user.id)) {
            const code = String(credentials?.code ?? "").slice(0, 100);
            if (!code) throw new Error(TWO_FACTOR_REQUIRED);
            const second = await checkSecondFactor({ userId: user.id, code });
            if (second !== "ok") throw new Error(second === "throttled" ? TWO_FACTOR_THROTTLED : TWO_FACTOR_INVALID);
          }
          // Linking a provider identity: this very proof (password, and 2FA when on) is what
          // the link waits for, so it is allowed even where single sign-on is required.
          const linkToken = String(credentials?.linkToken ?? "").slice(0, 2048);
          const linked = linkToken ? await linkIdentityWithProof({ token: linkToken, userId: user.id, address }) : null;
          if (!linked) {
            const policy = await passwordSignInPolicy({ userId: user.id, email: user.email });
            if (policy === "refused") throw new Error(SSO_REQUIRED);
            if (policy === "break_glass")
              await recordForUser({
                userId: user.id,
                email: user.email,
                address,
                action: "user.sso_break_glass",
                target: "sso",
                changes: {
                  reason: "an Owner with two-factor sign-in used the password while single sign-on is required",
                },
              });
          }
          await recordSignIn({ userId: user.id, email: user.email, address }).catch((err: unknown) =>
            log().error({ err }, "sign-in audit entry not recorded"),
          );
          const sessionVersion = (await currentSessionVersion(user.id)) ?? 0;
          return {
            id: user.id,
            email: user.email,
            name: user.name ?? user.email,
            sessionVersion,
            ...(linked ? { ssoIdentityId: linked.identityId } : {}),
          };
        },
      }),
      ...(opts.staffProviders ?? []),
    ],
    logger: authLogger,
    events: {
      // Signing out ends every session of the user, not only this cookie: a copied token
      // must not outlive the sign-out (the token alone would stay valid for 7 days).
      async signOut({ token }) {
        if (typeof token?.userId === "string") await endUserSessions(token.userId);
      },
    },
    callbacks: {
      // A provider sign-in: the claims decide (lib/core/sso/staff-sign-in.ts). The user object
      // next-auth hands on to the jwt callback is this one, so it carries the account found.
      async signIn({ user, account, profile }) {
        if (!account || account.type !== "oauth") return true;
        if (!isStaffProvider(account.provider)) return false;
        const base = env().appUrl;
        const claims = readStaffClaims(account.provider, (profile ?? {}) as Record<string, unknown>);
        const refreshToken = typeof account.refresh_token === "string" ? account.refresh_token : null;
        // the text boundary for what a provider sends: next-auth would put a thrown database
        // error's text in the error page's URL, so nothing unstorable gets that far
        const unstorable = findUnstorableText({ ...claims, refreshToken });
        if (unstorable !== null) {
          log().warn(
            { component: "auth", provider: account.provider, claim: unstorable },
            "provider sign-in refused: a claim holds a NUL or a broken character",
          );
          return `${base}/login?error=${SSO_FAILED}`;
        }
        let result: Awaited<ReturnType<typeof resolveStaffSignIn>>;
        try {
          result = await resolveStaffSignIn({
            provider: account.provider,
            claims,
            refreshToken,
            address: opts.address ?? null,
          });
        } catch (err) {
          log().error(
            { component: "auth", provider: account.provider, err: (err as Error)?.message },
            "provider sign-in failed",
          );
          return `${base}/login?error=${SSO_FAILED}`;
        }
        if (result.kind === "refused") return `${base}/login?error=sso-${result.reason.replace(/_/g, "-")}`;
        if (result.kind === "link_required") return `${base}/login/link?token=${encodeURIComponent(result.linkToken)}`;
        const u = user as {
          id: string;
          email?: string | null;
          name?: string | null;
          sessionVersion?: number;
          ssoIdentityId?: string;
        };
        u.id = result.userId;
        u.email = result.email;
        u.name = result.name ?? result.email;
        u.sessionVersion = (await currentSessionVersion(result.userId)) ?? 0;
        u.ssoIdentityId = result.identityId;
        return true;
      },
      // only this site: a path, or this site's own URL (anything else goes to the dashboard)
      redirect({ url, baseUrl }) {
        if (!isSafeCallbackUrl(url, baseUrl)) return `${baseUrl}/dashboard`;
        return url.startsWith("/") ? `${baseUrl}${url}` : url;
      },
      async jwt({ token, user, trigger, session }) {
        if (user) {
          token.userId = user.id;
          token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
          const identityId = (user as { ssoIdentityId?: string }).ssoIdentityId;
          if (identityId) token.sso = identityId;
          else delete token.sso;
        } else if (typeof token.userId === "string") {
          // every request: a session issued before the user's sessions were ended is refused
          let current: number | null;
          try {
            current = await currentSessionVersion(token.userId);
          } catch (err) {
            // The database did not answer: the session cannot be checked, which is not the
            // same as ended (anything thrown here makes next-auth clear the cookie). It
            // goes on marked unchecked; the dashboard answers 503 until the check passes.
            log().warn({ component: "auth", err: (err as Error)?.message }, "session not checked: database error");
            return { ...token, unchecked: true };
          }
          if (current === null || current !== (typeof token.sv === "number" ? token.sv : 0))
            throw new SessionEndedError();
          // a provider sign-in's session ends once the provider refuses the account (leavers)
          if (typeof token.sso === "string") {
            let identity: Awaited<ReturnType<typeof checkStaffIdentity>>;
            try {
              identity = await checkStaffIdentity({ identityId: token.sso });
            } catch (err) {
              // as above: a check that could not run is not an ended session
              log().warn({ component: "auth", err: (err as Error)?.message }, "sign-in provider not checked");
              return { ...token, unchecked: true };
            }
            if (identity === "ended") throw new SessionEndedError();
          }
          delete token.unchecked;
        }
        // The agency switcher: the session carries the current agency, changed only to
        // one the user is a member of (anything else leaves the session as it was).
        if (trigger === "update" && typeof token.userId === "string") {
          const agencyId = (session as { agencyId?: unknown } | undefined)?.agencyId;
          const member = typeof agencyId === "string" && (await isMemberOf(token.userId, agencyId).catch(() => false));
          if (member) token.agencyId = agencyId;
        }
        return token;
      },
      async session({ session, token }) {
        (session as { userId?: string }).userId = token.userId as string | undefined;
        (session as { agencyId?: string }).agencyId = typeof token.agencyId === "string" ? token.agencyId : undefined;
        if (token.unchecked === true) (session as { unchecked?: boolean }).unchecked = true;
        return session;
      },
    },
  };
}
