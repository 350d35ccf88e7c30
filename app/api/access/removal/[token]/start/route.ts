// GET: "Sign in with <platform>" on a removal link: sends the client to the platform's
// consent page in removal mode; refusals go back to the link's page.
import { limitAccess, seeOther } from "@/lib/surfaces/client-pages/access-http";
import { startRemovalSignIn } from "@/lib/surfaces/client-pages/removal/removal-link-flow";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  try {
    await limitAccess(`removal:${token}`);
  } catch {
    return seeOther(`/r/${encodeURIComponent(token)}?error=generic`);
  }
  const step = await startRemovalSignIn({ token });
  return seeOther(step.ok ? step.location : `/r/${encodeURIComponent(token)}?error=${step.error}`);
}
