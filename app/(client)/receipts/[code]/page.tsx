// A removal receipt (`/receipts/{code}`): the code is the key. In the client's language,
// printable, in the agency's frame.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AccessShell } from "@/components/client-pages/access-shell";
import { PrintPageButton } from "@/components/client-pages/print-page-button";
import { ReceiptView } from "@/components/client-pages/receipt-view";
import { accentColors } from "@/lib/surfaces/client-pages/accent-color";
import { lookUpReceipt } from "@/lib/surfaces/client-pages/receipts/load-receipt-page";
import { receiptsPageUrl } from "@/lib/core/removal-receipts/removal-receipt";
import { receiptText } from "@/lib/infra/i18n/receipt-messages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { absolute: "Removal receipt" },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function ReceiptPageRoute({ params }: { params: Promise<{ code: string }> }) {
  const found = await lookUpReceipt(decodeURIComponent((await params).code));
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
        <PrintPageButton label={receiptText(page.locale, "page.print")} />
      </div>
    </AccessShell>
  );
}
