// next-auth (v4) for the dashboard: email + password (argon2), JWT sessions in httpOnly
// cookies (secure in production), login throttling per account and per IP, and one
// generic error message so sign-in never reveals whether an account exists.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { verifyPassword } from "@/lib/core/users/password";
import { consumeRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { clientAddress } from "@/lib/surfaces/http/client-address";

export const LOGIN_LIMIT = { perAccount: 10, perIp: 30, windowSeconds: 15 * 60 };

function clientIp(headers: Record<string, unknown> | undefined): string {
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
          const ip = clientIp(req?.headers as Record<string, unknown> | undefined);
          const [byAccount, byIp] = await Promise.all([
            consumeRateLimit("login-account", email, LOGIN_LIMIT.perAccount, LOGIN_LIMIT.windowSeconds),
            consumeRateLimit("login-ip", ip, LOGIN_LIMIT.perIp, LOGIN_LIMIT.windowSeconds),
          ]);
          if (!byAccount.allowed || !byIp.allowed) return null;
          const db = await getDb();
          const user = await db.user.findUnique({ where: { email } });
          // verify against a dummy hash when the user is missing, so timing does not tell
          const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
          if (!user || !ok) return null;
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

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$/vDpCc3VQ7z3zwH7Umt8/Q$C/W3a7x+wfkdbKXLTviSzCRGFEC7GBAPSr2uHhNz1wc";
