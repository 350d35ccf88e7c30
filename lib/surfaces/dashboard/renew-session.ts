// After an action that ends the user's sessions (password changed, two-factor turned on or
// off), the tab that did it keeps working: its own session cookie is issued again with the
// new session version, the way next-auth writes it (same name, attributes and lifetime).
// Every other session of the user stays ended.
import { cookies } from "next/headers";
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/infra/env";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { currentSessionVersion } from "@/lib/core/users/session-version";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/surfaces/dashboard/auth-options";

export async function renewOwnSession(userId: string): Promise<void> {
  const secure = env().appUrl.startsWith("https://");
  const name = `${secure ? "__Secure-" : ""}next-auth.session-token`;
  const jar = await cookies();
  const raw = jar.get(name)?.value;
  if (!raw) return;
  const token = await decode({ token: raw, secret: appSecret() });
  if (!token || token.userId !== userId) return;
  const sv = await currentSessionVersion(userId);
  if (sv === null) return;
  const value = await encode({ token: { ...token, sv }, secret: appSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
  jar.set(name, value, { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: SESSION_MAX_AGE_SECONDS });
}
