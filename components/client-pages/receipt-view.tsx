// A removal receipt as the client reads and prints it: the date, the agency, who removed,
// each asset's outcome after the platform was read again, and the verification code.
import { PlatformLogo } from "@/components/ui/platform-logo";
import { DateTime } from "@/components/ui/date-time";
import type { ReceiptPage } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { receiptText } from "@/lib/infra/i18n/receipt-messages";

const TONE = {
  confirmed: "border-green-300 bg-green-50",
  unconfirmable: "border-amber-300 bg-amber-50",
  failed: "border-red-300 bg-red-50",
} as const;

export function ReceiptView({ page, checkUrl }: { page: ReceiptPage; checkUrl: string }) {
  const { locale } = page;
  return (
    <article data-testid="receipt" data-code={page.code}>
      <h1 className="text-2xl font-bold tracking-tight">{receiptText(locale, "page.title")}</h1>
      <p className="mt-2 text-slate-700">{receiptText(locale, "page.intro", { agency: page.agencyName })}</p>
      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">{receiptText(locale, "page.date")}</dt>
        <dd>
          <DateTime value={page.createdAt} zone />
        </dd>
        <dt className="font-medium text-slate-600">{receiptText(locale, "page.agency")}</dt>
        <dd className="break-words">{page.agencyName}</dd>
        <dt className="font-medium text-slate-600">{receiptText(locale, "page.removedBy")}</dt>
        <dd className="break-words">
          {page.byClient
            ? receiptText(locale, "page.removedBy.client")
            : receiptText(locale, "page.removedBy.agency", { agency: page.agencyName })}
        </dd>
        <dt className="font-medium text-slate-600">{receiptText(locale, "page.code")}</dt>
        <dd className="font-mono text-base font-semibold tracking-wide break-all" data-testid="receipt-code">
          {page.code}
        </dd>
      </dl>
      <ul className="mt-4 space-y-3">
        {page.lines.map((l) => (
          <li
            key={l.key}
            data-outcome={l.outcome}
            className={`break-inside-avoid rounded-xl border p-4 text-sm ${TONE[l.outcome]}`}
          >
            <div className="flex items-start gap-3">
              <PlatformLogo platform={l.platform} />
              <div className="min-w-0">
                <p className="font-semibold break-words">{l.assetName ?? l.assetId}</p>
                <p className="text-slate-700">
                  {l.platformName} · {l.serviceName}
                </p>
                <p className="mt-1 font-medium">{receiptText(locale, `outcome.${l.outcome}`)}</p>
                {l.platformAnswer ? <p className="mt-1 break-words text-slate-800">{l.platformAnswer}</p> : null}
                {l.note ? <p className="mt-1 break-words text-slate-800">{l.note}</p> : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm break-words text-slate-700">
        {receiptText(locale, "page.codeHelp", { url: checkUrl })}
      </p>
    </article>
  );
}
