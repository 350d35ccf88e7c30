// The HTTP side of the dashboard's "Connect account" sign-in: redirects, never JSON, since
// the browser navigates through them. Problems go back to the accounts page with a reason.
import { ApiError } from "@/lib/core/common/api-error";
import { env } from "@/lib/infra/env";
import { requirePermission } from "@/lib/surfaces/dashboard/dashboard-context";
import { isSameOrigin } from "@/lib/surfaces/dashboard/same-origin";
import {
  finishAgencyConnect,
  saveAgencyConnect,
  startAgencyConnect,
} from "@/lib/surfaces/dashboard/accounts/agency-connect";
import { log } from "@/lib/infra/log";

const to = (path: string) =>
  new Response(null, { status: 303, headers: { location: path.startsWith("http") ? path : `${env().appUrl}${path}` } });

async function user() {
  const ctx = await requirePermission("accounts:write");
  return { agencyId: ctx.agencyId, userId: ctx.userId };
}

function fail(err: unknown): Response {
  if (err instanceof ApiError) {
    if (err.code === "UNAUTHENTICATED") return to("/login?callbackUrl=%2Fdashboard%2Faccounts");
    return to(
      `/dashboard/accounts?connect_error=${err.code === "FORBIDDEN" ? "forbidden" : err.code === "NOT_FOUND" ? "expired" : "unavailable"}`,
    );
  }
  log().error({ err }, "dashboard: agency connect failed");
  return to("/dashboard/accounts?connect_error=failed");
}

export async function startAgencyConnectResponse(platform: string): Promise<Response> {
  try {
    const { authorizationUrl } = await startAgencyConnect({ user: await user(), platform });
    return to(authorizationUrl);
  } catch (err) {
    return fail(err);
  }
}

export async function agencyConnectCallbackResponse(req: Request): Promise<Response> {
  try {
    const q = new URL(req.url).searchParams;
    const out = await finishAgencyConnect({
      user: await user(),
      state: q.get("state"),
      code: q.get("code"),
      error: q.get("error"),
    });
    return to(
      out.kind === "pick"
        ? `/dashboard/accounts/connect/${out.sessionId}`
        : `/dashboard/accounts?connect_error=${out.reason}`,
    );
  } catch (err) {
    return fail(err);
  }
}

export async function saveAgencyConnectResponse(req: Request): Promise<Response> {
  try {
    if (!isSameOrigin(req)) throw new ApiError("FORBIDDEN", "Cross-site requests are refused.");
    const form = await req.formData();
    const account = await saveAgencyConnect({
      user: await user(),
      sessionId: String(form.get("session") ?? ""),
      choice: String(form.get("choice") ?? ""),
    });
    return to(`/dashboard/accounts?connected=${encodeURIComponent(account.internalAccountId)}`);
  } catch (err) {
    return fail(err);
  }
}
