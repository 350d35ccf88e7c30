// What the client pages show while the database cannot be reached: plain words in the
// browser's language (the client's own is in the database), asking to try again shortly.
import { headers } from "next/headers";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { t } from "@/lib/infra/i18n/dictionary";

export async function ServiceUnavailable() {
  const locale = localeFromAcceptLanguage((await headers()).get("accept-language"));
  return (
    <main lang={locale} className="mx-auto max-w-md px-4 py-16 text-center" data-testid="service-unavailable">
      <h1 className="text-2xl font-semibold">{t(locale, "unavailable.title")}</h1>
      <p className="mt-3 text-slate-700">{t(locale, "unavailable.body")}</p>
    </main>
  );
}
