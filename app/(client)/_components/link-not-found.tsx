// The 404 of the client pages: the same plain words for any unknown link, in the
// browser's language (there is no client to take it from), naming nothing.
import { headers } from "next/headers";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { t } from "@/lib/infra/i18n/dictionary";

export async function LinkNotFound() {
  const locale = localeFromAcceptLanguage((await headers()).get("accept-language"));
  return (
    <main lang={locale} className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t(locale, "final.notFound.title")}</h1>
      <p className="mt-3 text-slate-700">{t(locale, "final.notFound.body")}</p>
    </main>
  );
}
