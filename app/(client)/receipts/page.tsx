// Checking a removal receipt (`/receipts?code=`): anyone with the code printed on a receipt
// learns whether this installation issued it, and sees it. In the browser's language.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { MessageBox } from "@/components/client-pages/message-box";
import { ReceiptView } from "@/components/client-pages/receipt-view";
import { primaryButton, textInput } from "@/components/client-pages/styles";
import { lookUpReceipt } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { isLocale, localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { receiptsPageUrl } from "@/lib/core/removal-receipts/removal-receipt";
import { receiptText } from "@/lib/infra/i18n/receipt-messages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { absolute: "Check a removal receipt" },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CheckReceiptPage({ searchParams }: Props) {
  const query = await searchParams;
  const typed = typeof query.code === "string" ? query.code : null;
  const lang = typeof query.lang === "string" && isLocale(query.lang) ? query.lang : null;
  const locale = lang ?? localeFromAcceptLanguage((await headers()).get("accept-language"));
  const found = typed !== null ? await lookUpReceipt(typed) : null;
  const error =
    found?.kind === "invalid"
      ? receiptText(locale, "verify.invalid")
      : found?.kind === "unknown"
        ? receiptText(locale, "verify.unknown")
        : null;
  return (
    <main lang={locale} className="mx-auto max-w-2xl px-4 py-8 text-slate-900">
      <h1 className="text-2xl font-bold tracking-tight">{receiptText(locale, "verify.title")}</h1>
      <p className="mt-2 text-slate-700">{receiptText(locale, "verify.intro")}</p>
      <form method="get" action="/receipts" className="mt-4 print:hidden" noValidate>
        {lang ? <input type="hidden" name="lang" value={lang} /> : null}
        <label htmlFor="code" className="block text-sm font-medium">
          {receiptText(locale, "verify.label")}
        </label>
        <input
          id="code"
          name="code"
          defaultValue={typed ?? ""}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "code-error" : undefined}
          className={`${textInput} font-mono uppercase`}
        />
        {error ? (
          <p id="code-error" role="alert" className="mt-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${primaryButton} mt-3 bg-slate-900 text-white`}>
          {receiptText(locale, "verify.submit")}
        </button>
      </form>
      {found?.kind === "found" ? (
        <div className="mt-8">
          <MessageBox tone="success">
            {receiptText(locale, "verify.valid", { agency: found.page.agencyName })}
          </MessageBox>
          <ReceiptView page={found.page} checkUrl={receiptsPageUrl()} />
        </div>
      ) : null}
    </main>
  );
}
