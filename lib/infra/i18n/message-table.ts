// The lookup every feature table of client texts shares (docs/decisions/0004-one-i18n-format.md):
// a table per language, English the source of keys, each message a function of its typed
// values, so a missing key or a missing value is a compile error.
import type { Locale } from "@/lib/infra/i18n/dictionary";

type MessageFunctions = Record<string, (...values: never[]) => string>;

/** `text(locale, key, ...values)` over one feature's tables. */
export function messageTable<M extends MessageFunctions>(tables: Record<Locale, M>) {
  return <K extends keyof M>(locale: Locale, key: K, ...values: Parameters<M[K]>): string =>
    (tables[locale][key] as (...a: unknown[]) => string)(...values);
}
