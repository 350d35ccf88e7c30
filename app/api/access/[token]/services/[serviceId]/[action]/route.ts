// POST: the client's actions on one service, from the access page's forms:
// grant (the picked assets after a platform sign-in), skip, reopen, invite-sent, and site
// (the client's site address, for a service the site itself approves: site-approval.ts).
// A grant's form carries `asset` for this service and `asset:<serviceId>` for each
// other service the same platform sign-in covers: one submit, one attempt.
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { accessFormRoute, pagePath } from "@/lib/surfaces/client-pages/access-http";
import { applyClientAction, isClientServiceAction } from "@/lib/surfaces/client-pages/apply-client-action";
import { sealAttemptNotice } from "@/lib/surfaces/client-pages/attempt-notice";
import { grantWithConnector } from "@/lib/surfaces/client-pages/grant-with-connector";
import { startSiteApproval } from "@/lib/surfaces/client-pages/site-approval";
import { appSecret } from "@/lib/infra/secrets/secrets";

type Params = { token: string; serviceId: string; action: string };

const NOTICE = { skip: "skipped", reopen: "reopened", "invite-sent": "invite_sent" } as const;

export const POST = accessFormRoute<Params>(
  {
    rateKey: (p) => p.token,
    // Nothing ticked in the picker: back to the picker, whose sign-in is still good.
    back: (p, surface, form, error) =>
      error.code === "no_assets" && p.action === "grant"
        ? pagePath(surface, p.token, { pick: p.serviceId, session: form.get("session") ?? undefined })
        : pagePath(surface, p.token),
  },
  async ({ params: { token, serviceId, action }, form, surface }) => {
    if (action === "grant") {
      const selections = [...new Set([...form.keys()].filter((k) => k.startsWith("asset:")))].map((k) => ({
        serviceId: k.slice("asset:".length),
        assetIds: form.getAll(k),
      }));
      const result = await grantWithConnector({
        token,
        serviceId,
        sessionId: form.get("session") ?? "",
        assetIds: form.getAll("asset"),
        selections,
      });
      if (result.preview) return pagePath(surface, token, { notice: "preview", service: serviceId });
      // The notice names the service when the attempt was about one.
      const named = result.services.length === 1 ? result.services[0]!.serviceId : undefined;
      if (result.report.outcome === "success") return pagePath(surface, token, { notice: "granted", service: named });
      const notice = { serviceId: named ?? "", outcome: result.report.outcome, errors: result.errors };
      return pagePath(surface, token, {
        attempt: sealAttemptNotice(result.requestId, notice, appSecret()),
        service: named,
      });
    }
    if (action === "site") {
      const started = await startSiteApproval({ token, serviceId, site: form.get("site") ?? "" });
      return started.preview ? pagePath(surface, token, { notice: "preview", service: serviceId }) : started.location;
    }
    if (!isClientServiceAction(action)) throw new AccessPageError("not_allowed", { serviceId });
    const result = await applyClientAction({ token, serviceId, action });
    if (result.preview && action === "invite-sent")
      return pagePath(surface, token, { notice: "preview", service: serviceId });
    return pagePath(surface, token, { notice: NOTICE[action], service: serviceId });
  },
);
