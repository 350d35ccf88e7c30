import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/surfaces/dashboard/auth-options";
import { explainAuthRefusal, screenAuthRequest } from "@/lib/surfaces/dashboard/auth-request-screen";

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const refused = await screenAuthRequest(req);
  if (refused) return refused;
  return explainAuthRefusal(await NextAuth(authOptions())(req, { params: await ctx.params }));
}

export { handler as GET, handler as POST };
