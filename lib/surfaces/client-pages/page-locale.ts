// The language of a client page that has no client yet (the static link form, an
// unknown link): an explicit `lang` choice first, then the browser's Accept-Language,
// then English.

import { LOCALES, type Locale } from "@/lib/infra/i18n/dictionary";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase().slice(0, 2);
    if (isLocale(tag)) return tag;
  }
  return "en";
}

export function pageLocale(lang: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(lang) ? lang : localeFromAcceptLanguage(acceptLanguage);
}
