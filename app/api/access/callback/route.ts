// GET: where every platform sends the client back after signing in (OAuth-style
// redirect). A good sign-in continues to the asset picker on the access page; a bad or
// replayed state is refused. TikTok API for Business names the code `auth_code`.
import { pagePath, plainErrorPage, seeOther } from "@/lib/surfaces/access/access-http";
import { localeFromAcceptLanguage } from "@/lib/surfaces/access/page-locale";
import { finishSignIn } from "@/lib/surfaces/access/finish-sign-in";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const query = new URL(req.url).searchParams;
  const result = await finishSignIn({ state: query.get("state"), code: query.get("code") ?? query.get("auth_code"), error: query.get("error") });
  if (result.kind === "invalid") return plainErrorPage(localeFromAcceptLanguage(req.headers.get("accept-language")), 400);
  const params = result.sessionId ? { pick: result.serviceId, session: result.sessionId } : { error: result.error, service: result.serviceId };
  return seeOther(pagePath("invite", result.token, params));
}
