// GET: where a client's own site sends the browser back after its administrator approved the
// app (or did not): WordPress's application password approval, which appends `site_url`,
// `user_login` and `password` to our success_url, or sends a decline to our reject_url (the
// same callback, marked as declined: lib/surfaces/client-pages/site-answer.ts). The
// grant is made and recorded here; the client lands on the request's page with the outcome.
// A removal link's approval on the site comes back here as well: the removal is made and the
// client lands on the link's page.
import { pagePath, plainErrorPage, seeOther } from "@/lib/surfaces/client-pages/access-http";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { finishSiteApproval } from "@/lib/surfaces/client-pages/site-approval";
import { finishSiteRemoval } from "@/lib/surfaces/client-pages/removal/site-removal";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const query = Object.fromEntries(new URL(req.url).searchParams);
  // a removal link's approval (site-removal.ts) comes back here too, with its own signed state
  const removal = await finishSiteRemoval(query);
  if (removal.kind === "back") return seeOther(removal.location);
  if (removal.kind === "invalid")
    return plainErrorPage(localeFromAcceptLanguage(req.headers.get("accept-language")), 400);
  const result = await finishSiteApproval(query);
  if (result.kind === "invalid")
    return plainErrorPage(localeFromAcceptLanguage(req.headers.get("accept-language")), 400);
  return seeOther(pagePath("invite", result.token, result.params));
}
