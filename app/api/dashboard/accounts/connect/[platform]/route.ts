// "Connect account" for a live platform: starts the agency user's sign-in with the platform.
import { startAgencyConnectResponse } from "@/lib/surfaces/dashboard/accounts/agency-connect-http";

export async function GET(_req: Request, ctx: { params: Promise<{ platform: string }> }) {
  return startAgencyConnectResponse((await ctx.params).platform);
}
