// POST: a visitor's details on the agency's static link. Creates the prospect and its
// request, then continues on the request's own access page; an email that already has an
// open request gets its link by email, and the page says so.
import { accessFormRoute, withParams } from "@/lib/surfaces/client-pages/access-http";
import { startStaticLinkSession } from "@/lib/surfaces/client-pages/start-static-link-session";
import { isLocale } from "@/lib/surfaces/client-pages/page-locale";
import { legacyClientIp } from "@/lib/surfaces/http/legacy-client-ip";

const pageLocale = (form: URLSearchParams) => {
  const lang = form.get("pageLang");
  return isLocale(lang) ? lang : undefined;
};

export const POST = accessFormRoute<{ token: string }>(
  {
    rateKey: (p) => `static:${p.token}`,
    back: (p, _surface, form) => withParams(`/l/${encodeURIComponent(p.token)}`, { lang: pageLocale(form) }),
    locale: (form) => pageLocale(form) ?? "en",
  },
  async ({ req, params: { token }, form }) => {
    const fields = {
      name: form.get("name") ?? "",
      email: form.get("email") ?? "",
      company: form.get("company") ?? "",
      language: form.get("language") ?? "",
    };
    const session = await startStaticLinkSession({
      token,
      form: fields,
      formToken: form.get("formToken"),
      address: legacyClientIp(req.headers),
      locale: pageLocale(form),
    });
    if (session.kind === "emailed")
      return withParams(`/l/${encodeURIComponent(token)}`, { lang: pageLocale(form), sent: "1" });
    return `/i/${encodeURIComponent(session.inviteToken)}`;
  },
);
