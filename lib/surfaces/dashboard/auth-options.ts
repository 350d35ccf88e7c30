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

/** The caller's address from next-auth's plain header object, by the trusted-proxy rule. */
export function requestAddress(headers: Record<string, unknown> | undefined): string {
  return clientAddress(headers) ?? "local";
}

export function authOptions(): NextAuthOptions {
  return {
    secret: appSecret(),
    session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
    useSecureCookies: env().appUrl.startsWith("https://"),
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
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
          await recordSignIn({ userId: user.id, email: user.email, address }).catch((err: unknown) => console.error("sign-in audit entry not recorded", err));
          return { id: user.id, email: user.email, name: user.name ?? user.email };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) token.userId = user.id;
        return token;
      },
      async session({ session, token }) {
        (session as { userId?: string }).userId = token.userId as string | undefined;
        return session;
      },
    },
  };
}
