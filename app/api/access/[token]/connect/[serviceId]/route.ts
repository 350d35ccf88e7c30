// GET: "Grant access" on an automatic service. Opens a grant session and sends the
// client to sign in with the platform; refusals go back to the access page. On a
// preview link it goes straight back with the preview notice: no platform is involved.
import { toAccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { limitAccess, pagePath, seeOther } from "@/lib/surfaces/client-pages/access-http";
import { startGrant } from "@/lib/surfaces/client-pages/start-grant";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ token: string; serviceId: string }> }) {
  const { token, serviceId } = await ctx.params;
  try {
    await limitAccess(token);
    const started = await startGrant({ token, serviceId });
    if (started.preview) return seeOther(pagePath("invite", token, { notice: "preview", service: serviceId }));
    return seeOther(started.authorizationUrl);
  } catch (err) {
    const e = toAccessPageError(err);
    const retry: Record<string, string> = e.extra.retryAfterSeconds
      ? { "Retry-After": String(e.extra.retryAfterSeconds) }
      : {};
    return seeOther(pagePath("invite", token, { error: e.code, service: serviceId }), retry);
  }
}
