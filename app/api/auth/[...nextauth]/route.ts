import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions, requestAddress, TWO_FACTOR_REQUIRED } from "@/lib/surfaces/dashboard/auth-options";
import {
  explainAuthRefusal,
  screenAuthRequest,
  secondFactorStepAsNext,
} from "@/lib/surfaces/dashboard/auth-request-screen";
import { loadStaffProviders } from "@/lib/surfaces/dashboard/staff-sso-providers";

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const refused = await screenAuthRequest(req);
  if (refused) return refused;
  const params = await ctx.params;
  // only the steps that use a provider pay for loading them (session reads are every request)
  const action = params.nextauth[0] ?? "";
  const staffProviders = ["signin", "callback", "providers"].includes(action) ? await loadStaffProviders() : [];
  const address = requestAddress(Object.fromEntries(req.headers.entries()));
  const res = await explainAuthRefusal(await NextAuth(authOptions({ staffProviders, address }))(req, { params }));
  return secondFactorStepAsNext(res, TWO_FACTOR_REQUIRED);
}

export { handler as GET, handler as POST };
