// The language of the page being rendered, for the root layout's `<html lang>`: on a client
// page the client's language (the static link: the visitor's choice or browser), elsewhere
// English (the dashboard's language). The invite, embed, static link and removal link pages
// are plain HTML from route handlers that write their own `<html lang>`; of the client pages,
// the client's access page (`/i/{token}/access`), the receipts and the sandbox consent screen
// come through the root layout.
// Uses the same cached loader as the page, so the request is read from the database once.
import { headers } from "next/headers";
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { CLIENT_PAGE_HEADER, parseClientPagePath } from "@/lib/surfaces/client-pages/client-page-path";
import { localeFromAcceptLanguage, pageLocale } from "@/lib/surfaces/client-pages/page-locale";
import { loadView } from "@/app/(client)/_components/access-page";
import { removalLinkLocale } from "@/lib/surfaces/client-pages/removal/removal-link-flow";
import { receiptLocale } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { findSandboxSignIn } from "@/lib/surfaces/client-pages/sandbox-sign-in";

export async function documentLocale(): Promise<Locale> {
  const h = await headers();
  const page = parseClientPagePath(h.get(CLIENT_PAGE_HEADER));
  if (!page) return "en";
  const acceptLanguage = h.get("accept-language");
  // the sandbox consent screen speaks the client's language, or English for a link it cannot read
  if (page.surface === "sandbox") return (await findSandboxSignIn(page.state, page.platform))?.locale ?? "en";
  if (page.surface === "static") return pageLocale(page.lang, acceptLanguage);
  if (page.surface === "removal")
    return (await removalLinkLocale(page.token)) ?? localeFromAcceptLanguage(acceptLanguage);
  if (page.surface === "receipt") return (await receiptLocale(page.token)) ?? localeFromAcceptLanguage(acceptLanguage);
  const loaded = await loadView(page.token);
  // unknown links and the "try again" page speak the browser's language
  return loaded.ok && loaded.value ? loaded.value.locale : localeFromAcceptLanguage(acceptLanguage);
}
