import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/surfaces/dashboard/auth-options";
import { screenAuthRequest } from "@/lib/surfaces/dashboard/auth-request-screen";

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const screened = await screenAuthRequest(req);
  if (screened instanceof Response) return screened;
  return NextAuth(authOptions())(new NextRequest(screened), { params: await ctx.params });
}

export { handler as GET, handler as POST };
