// The receipt page and the code check (`/receipts/{code}`, `/receipts?code=`): a typed code
// read leniently, the receipt in its client's language, each asset's outcome in words.
import { getPlatform } from "@/lib/core/catalog/catalog";
import { serviceName } from "@/lib/core/catalog/catalog-messages";
import { normalizeReceiptCode } from "@/lib/core/removal-receipts/receipt-code";
import { findReceipt, receiptCounts, type ReceiptOutcome } from "@/lib/core/removal-receipts/removal-receipt";
import { localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";
import { receiptText } from "@/lib/infra/i18n/receipt-messages";

export interface ReceiptPageLine {
  key: string;
  platform: string;
  platformName: string;
  serviceName: string;
  assetId: string;
  assetName: string | null;
  outcome: ReceiptOutcome;
  /** why it could not be confirmed, or what to do by hand, in the page's language */
  note: string | null;
  /** the platform's own answer (its words) where it refused */
  platformAnswer: string | null;
}

export interface ReceiptPage {
  code: string;
  locale: Locale;
  createdAt: string;
  agencyName: string;
  accentColor: string | null;
  byClient: boolean;
  lines: ReceiptPageLine[];
  counts: { confirmed: number; unconfirmable: number; failed: number };
}

export type ReceiptLookup =
  { kind: "invalid" } | { kind: "unknown"; code: string } | { kind: "found"; page: ReceiptPage };

export async function lookUpReceipt(input: string | null | undefined): Promise<ReceiptLookup> {
  const code = normalizeReceiptCode(input);
  if (!code) return { kind: "invalid" };
  const receipt = await findReceipt(code);
  if (!receipt) return { kind: "unknown", code };
  const locale = localeForLanguage(receipt.language);
  const lines = receipt.items.map((i, n): ReceiptPageLine => {
    const platformName = getPlatform(i.platform)?.name ?? i.platform;
    const account = i.agencyAccount ?? receipt.agencyName;
    let note: string | null = null;
    if (i.outcome === "unconfirmable" && i.reason && i.reason !== "still_listed")
      note = receiptText(locale, `reason.${i.reason}`, { platform: platformName });
    if (i.outcome === "failed") {
      const manual = receiptText(locale, "manual.step", { platform: platformName, account });
      note =
        i.reason === "still_listed"
          ? `${receiptText(locale, "reason.still_listed", { platform: platformName })} ${manual}`
          : manual;
    }
    return {
      key: `${n}-${i.serviceId}-${i.assetId}`,
      platform: i.platform,
      platformName,
      serviceName: serviceName(locale, i.serviceId),
      assetId: i.assetId,
      assetName: i.assetName,
      outcome: i.outcome,
      note,
      platformAnswer: i.outcome === "failed" && i.reason !== "still_listed" ? i.detail : null,
    };
  });
  return {
    kind: "found",
    page: {
      code: receipt.code,
      locale,
      createdAt: receipt.createdAt,
      agencyName: receipt.agencyName,
      accentColor: receipt.accentColor,
      byClient: receipt.removedBy.startsWith("client:"),
      lines,
      counts: receiptCounts(receipt.items),
    },
  };
}

/** The language of a receipt's page (its client's), or null for an unknown code; for `<html lang>`. */
export async function receiptLocale(input: string): Promise<Locale | null> {
  const found = await lookUpReceipt(input);
  return found.kind === "found" ? found.page.locale : null;
}
