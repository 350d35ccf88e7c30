// A removal receipt (`/receipts/{code}`): the code is the key. In the client's language,
// printable, in the agency's frame.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AccessShell } from "@/components/client-pages/access-shell";
import { PrintPageButton } from "@/components/client-pages/print-page-button";
import { requestNonce } from "@/lib/surfaces/client-pages/html/client-page-html";
import { ReceiptView } from "@/components/client-pages/receipt-view";
import { accentColors } from "@/lib/surfaces/client-pages/accent-color";
import { lookUpReceipt } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { receiptsPageUrl } from "@/lib/core/removal-receipts/removal-receipt";
import { receiptText } from "@/lib/infra/i18n/receipt-messages";

export const dynamic = "force-dynamic";
type Props = { params: Promise<{ code: string }> };

/** One read per request for the title and the page. */
const receiptFor = cache((code: string) => lookUpReceipt(code));

/** The tab's title in the receipt's language (its client's), like the page. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await receiptFor(decodeURIComponent((await params).code));
  const locale = found.kind === "found" ? found.page.locale : "en";
  return {
    title: { absolute: receiptText(locale, "page.title") },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default async function ReceiptPageRoute({ params }: Props) {
  const found = await receiptFor(decodeURIComponent((await params).code));
  if (found.kind !== "found") notFound();
  const { page } = found;
  return (
    <AccessShell
      locale={page.locale}
      agency={{ name: page.agencyName, logoUrl: null, accent: accentColors(page.accentColor) }}
      chrome
    >
      <ReceiptView page={page} checkUrl={receiptsPageUrl()} />
      <div className="mt-6 print:hidden">
        <PrintPageButton label={receiptText(page.locale, "page.print")} nonce={await requestNonce()} />
      </div>
    </AccessShell>
  );
}
