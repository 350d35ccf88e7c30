// GET: where a client's own site sends the browser back after its administrator approved the
// app (or did not): WordPress's application password approval, which appends `site_url`,
// `user_login` and `password` to our success_url, or `success=false` to our reject_url. The
// grant is made and recorded here; the client lands on the request's page with the outcome.
import { pagePath, plainErrorPage, seeOther } from "@/lib/surfaces/client-pages/access-http";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { finishSiteApproval } from "@/lib/surfaces/client-pages/site-approval";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const query = Object.fromEntries(new URL(req.url).searchParams);
  const result = await finishSiteApproval(query);
  if (result.kind === "invalid")
    return plainErrorPage(localeFromAcceptLanguage(req.headers.get("accept-language")), 400);
  return seeOther(pagePath("invite", result.token, result.params));
}
