import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions, requestAddress } from "@/lib/surfaces/dashboard/auth-options";
import { screenAuthRequest } from "@/lib/surfaces/dashboard/auth-request-screen";
import { loadStaffProviders } from "@/lib/surfaces/dashboard/staff-sso-providers";

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const refused = await screenAuthRequest(req);
  if (refused) return refused;
  const staffProviders = await loadStaffProviders();
  const address = requestAddress(Object.fromEntries(req.headers.entries()));
  return NextAuth(authOptions({ staffProviders, address }))(req, { params: await ctx.params });
}

export { handler as GET, handler as POST };
