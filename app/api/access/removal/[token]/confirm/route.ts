// POST: "Confirm and remove access" on a removal link (a plain HTML form): runs the removal
// with the client's token and goes back to the page, which shows what happened.
import { limitAccess, seeOther } from "@/lib/surfaces/client-pages/access-http";
import { confirmRemoval } from "@/lib/surfaces/client-pages/removal/removal-link-flow";

export const dynamic = "force-dynamic";

export async function POST(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  try {
    await limitAccess(`removal:${token}`);
  } catch {
    return seeOther(`/r/${encodeURIComponent(token)}?error=generic`);
  }
  const step = await confirmRemoval({ token });
  return seeOther(step.ok ? step.location : `/r/${encodeURIComponent(token)}?error=${step.error}`);
}
