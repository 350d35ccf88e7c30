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
import { log } from "@/lib/infra/log";

/** The caller's address from next-auth's plain header object, by the trusted-proxy rule. */
export function requestAddress(headers: Record<string, unknown> | undefined): string {
  return clientAddress(headers) ?? "local";
}

/** The sign-in errors the login form reads (next-auth passes a thrown message through). */
export const TWO_FACTOR_REQUIRED = "two-factor-required";
export const TWO_FACTOR_INVALID = "two-factor-invalid";
export const TWO_FACTOR_THROTTLED = "two-factor-throttled";

export function authOptions(): NextAuthOptions {
  return {
    secret: appSecret(),
    session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
    useSecureCookies: env().appUrl.startsWith("https://"),
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Authentication code", type: "text" },
        },
        async authorize(credentials, req) {
          const email = String(credentials?.email ?? "")
            .trim()
            .toLowerCase()
            .slice(0, 320);
          const password = String(credentials?.password ?? "").slice(0, 1000);
          if (!email || !password) return null;
          const address = requestAddress(req?.headers as Record<string, unknown> | undefined);
          const check = await checkCredentials({ email, password, address });
          if (!check.ok) return null;
          const user = check.user;
          // Two-factor: asked only after the right password, so the answer reveals nothing
          // to someone without it; wrong codes are limited per account.
          if (await hasTwoFactor(user.id)) {
            const code = String(credentials?.code ?? "").slice(0, 100);
            if (!code) throw new Error(TWO_FACTOR_REQUIRED);
            const second = await checkSecondFactor({ userId: user.id, code });
            if (second !== "ok") throw new Error(second === "throttled" ? TWO_FACTOR_THROTTLED : TWO_FACTOR_INVALID);
          }
          await recordSignIn({ userId: user.id, email: user.email, address }).catch((err: unknown) => log().error({ err }, "sign-in audit entry not recorded"));
          return { id: user.id, email: user.email, name: user.name ?? user.email };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        if (user) token.userId = user.id;
        // The agency switcher: the session carries the current agency, changed only to
        // one the user is a member of (anything else leaves the session as it was).
        if (trigger === "update" && typeof token.userId === "string") {
          const agencyId = (session as { agencyId?: unknown } | undefined)?.agencyId;
          if (typeof agencyId === "string" && (await isMemberOf(token.userId, agencyId))) token.agencyId = agencyId;
        }
        return token;
      },
      async session({ session, token }) {
        (session as { userId?: string }).userId = token.userId as string | undefined;
        (session as { agencyId?: string }).agencyId = typeof token.agencyId === "string" ? token.agencyId : undefined;
        return session;
      },
    },
  };
}
