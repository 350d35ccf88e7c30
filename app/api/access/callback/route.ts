// GET: where every platform sends the client back after signing in (OAuth-style
// redirect). A good sign-in continues to the asset picker on the access page; a bad or
// replayed state is refused; a removal link's sign-in goes back to its page. TikTok API for Business names the code `auth_code`.
import { pagePath, plainErrorPage, seeOther } from "@/lib/surfaces/client-pages/access-http";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { finishSignIn } from "@/lib/surfaces/client-pages/finish-sign-in";
import { finishRemovalSignIn, isRemovalState } from "@/lib/surfaces/client-pages/removal/removal-link-flow";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const query = new URL(req.url).searchParams;
  // a removal link's sign-in (offboarding with the client's consent) comes back here too
  if (isRemovalState(query.get("state"))) {
    const removal = await finishRemovalSignIn({
      state: query.get("state"),
      code: query.get("code") ?? query.get("auth_code"),
      error: query.get("error"),
    });
    return removal.kind === "invalid"
      ? plainErrorPage(localeFromAcceptLanguage(req.headers.get("accept-language")), 400)
      : seeOther(removal.location);
  }
  const result = await finishSignIn({
    state: query.get("state"),
    code: query.get("code") ?? query.get("auth_code"),
    error: query.get("error"),
    errorReason: query.get("error_reason"),
  });
  if (result.kind === "invalid")
    return plainErrorPage(localeFromAcceptLanguage(req.headers.get("accept-language")), 400);
  const params = result.sessionId
    ? { pick: result.serviceId, session: result.sessionId }
    : { error: result.error, service: result.serviceId };
  return seeOther(pagePath("invite", result.token, params));
}
