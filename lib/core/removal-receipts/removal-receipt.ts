// Removal receipts. Every removal (the agency's offboarding, the client's removal link, the
// client's access page, the team's "removed by hand") reads each platform again afterwards
// and records, per asset: removed and confirmed by the platform's read-back; removed but not
// confirmable (the platform offers no read, or it could not be read: say which); or failed,
// with the platform's reason and the step to finish by hand. The receipt is one row with a
// verification code, written in the removal's own transactions (so every `access.removed`
// that names it finds it), then emailed to the client in their language and recorded in the
// audit log.
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/lib/infra/db/db";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { inTransaction } from "@/lib/infra/db/transaction";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { isConnectorError } from "@/lib/infra/connectors/connector";
import { localeForLanguage } from "@/lib/infra/i18n/dictionary";
import { receiptText } from "@/lib/infra/i18n/receipt-messages";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { ClientLinkEmail } from "@/lib/core/emails/templates/request-email";
import { newReceiptCode } from "@/lib/core/removal-receipts/receipt-code";

export type ReceiptOutcome = "confirmed" | "unconfirmable" | "failed";
/** Why a removal could not be confirmed, or why it failed after the platform said it was done. */
export type ReceiptReason = "no_read" | "no_token" | "read_failed" | "still_listed" | null;
export type RemovalMethod = "agency_token" | "client_token" | "checklist";

export interface ReceiptItem {
  requestId: string;
  serviceId: string;
  platform: string;
  assetId: string;
  assetName: string | null;
  accessLevel: string | null;
  outcome: ReceiptOutcome;
  reason: ReceiptReason;
  /** the platform's answer (removal or read-back), in its words */
  detail: string | null;
  /** what to do by hand when it failed */
  manualStep: string | null;
  /** the agency account to remove by hand (for the translated step on the page) */
  agencyAccount: string | null;
}

/** A receipt being written: its code is known before the first service is recorded. */
export interface ReceiptDraft {
  code: string;
  agencyId: string;
  clientId: string;
  removedBy: string;
  method: RemovalMethod;
  items: ReceiptItem[];
}

export function newReceiptDraft(o: Omit<ReceiptDraft, "code" | "items">): ReceiptDraft {
  return { ...o, code: newReceiptCode(), items: [] };
}

export function receiptUrl(code: string): string {
  return `${env().appUrl}/receipts/${code}`;
}

export function receiptsPageUrl(): string {
  return `${env().appUrl}/receipts`;
}

/** The reference the events and the removal's answer carry. */
export function receiptRef(draft: Pick<ReceiptDraft, "code">): { code: string; url: string } {
  return { code: draft.code, url: receiptUrl(draft.code) };
}

export function manualStepFor(platform: string, account: string | null): string {
  const name = getPlatform(platform)?.name ?? platform;
  return `Sign in to ${name} as an admin of the asset, open its users or partners and remove ${account ?? "the agency"}.`;
}

export interface ReadBack {
  /** what reads the asset again: a connector, or a site's own read made with its approval */
  connector: Pick<PlatformConnector, "verifyAccess"> | null;
  /** a token that may read the asset's access: the agency's own, else the client's from the removal */
  token: string | null;
  agencyAccount: AgencyAccountRef;
}

/**
 * Reads the platform again for assets the removal reported removed (or the team removed by
 * hand): gone → confirmed; still there → failed; no read or no token → not confirmable.
 */
export async function confirmByReadBack(opts: {
  platform: string;
  serviceId: string;
  assetIds: string[];
  readBack: ReadBack;
}): Promise<Map<string, { outcome: ReceiptOutcome; reason: ReceiptReason; detail: string | null }>> {
  const out = new Map<string, { outcome: ReceiptOutcome; reason: ReceiptReason; detail: string | null }>();
  const all = (outcome: ReceiptOutcome, reason: ReceiptReason, detail: string | null) => {
    for (const id of opts.assetIds) out.set(id, { outcome, reason, detail });
    return out;
  };
  if (opts.assetIds.length === 0) return out;
  const { connector, token } = opts.readBack;
  if (!connector?.verifyAccess) return all("unconfirmable", "no_read", null);
  if (!token) return all("unconfirmable", "no_token", null);
  try {
    const read = await connector.verifyAccess({
      accessToken: token,
      serviceId: opts.serviceId,
      assetIds: opts.assetIds,
      agencyAccount: opts.readBack.agencyAccount,
    });
    const byId = new Map(read.map((r) => [r.assetId, r]));
    for (const id of opts.assetIds) {
      const r = byId.get(id);
      if (!r) out.set(id, { outcome: "unconfirmable", reason: "read_failed", detail: "The platform did not answer." });
      // a read that could not be made confirms nothing
      else if (r.unreadable) out.set(id, { outcome: "unconfirmable", reason: "read_failed", detail: r.unreadable });
      else if (r.present) out.set(id, { outcome: "failed", reason: "still_listed", detail: r.detail });
      else out.set(id, { outcome: "confirmed", reason: null, detail: r.detail });
    }
    return out;
  } catch (err) {
    const detail =
      isConnectorError(err) && err.kind !== "server_error" ? err.message : "The platform could not be reached.";
    return all("unconfirmable", "read_failed", detail);
  }
}

/** Adds items to the receipt's row (creating it with the first ones), in the caller's transaction. */
export async function appendReceiptItems(tx: Tx, draft: ReceiptDraft, items: ReceiptItem[], now: Date) {
  if (items.length === 0) return;
  draft.items.push(...items);
  const existing = await tx.removalReceipt.findUnique({ where: { code: draft.code }, select: { id: true } });
  const json = draft.items as unknown as Prisma.InputJsonArray;
  if (existing) await tx.removalReceipt.update({ where: { id: existing.id }, data: { items: json } });
  else
    await tx.removalReceipt.create({
      data: {
        agencyId: draft.agencyId,
        clientId: draft.clientId,
        code: draft.code,
        removedBy: draft.removedBy,
        method: draft.method,
        items: json,
        createdAt: now,
      },
    });
}

/** Items recorded outside a service's removal (a platform that failed as a whole). */
export async function addReceiptItems(draft: ReceiptDraft, items: ReceiptItem[], now: Date) {
  if (items.length === 0) return;
  await inTransaction((tx) => appendReceiptItems(tx, draft, items, now));
}

export function receiptCounts(items: Pick<ReceiptItem, "outcome">[]) {
  return {
    confirmed: items.filter((i) => i.outcome === "confirmed").length,
    unconfirmable: items.filter((i) => i.outcome === "unconfirmable").length,
    failed: items.filter((i) => i.outcome === "failed").length,
  };
}

/**
 * The removal is over: the receipt is emailed to the client in their language and recorded in
 * the audit log. Null when the removal recorded nothing (only checklist items were left).
 */
export async function finishReceipt(draft: ReceiptDraft, now: Date): Promise<{ code: string; url: string } | null> {
  if (draft.items.length === 0) return null;
  const db = await getDb();
  const client = await db.client.findFirst({
    where: { id: draft.clientId, agencyId: draft.agencyId },
    include: { agency: { select: { name: true, accentColor: true } } },
  });
  if (!client) return null;
  const ref = receiptRef(draft);
  const loc = localeForLanguage(client.language);
  const counts = receiptCounts(draft.items);
  const agency = client.agency.name;
  const subject = receiptText(loc, "email.subject", { agency });
  const greeting = receiptText(loc, "email.greeting", { name: client.name });
  const body = receiptText(loc, "email.body", { agency, ...counts });
  const code = receiptText(loc, "email.code", { code: draft.code });
  const cta = receiptText(loc, "email.cta");
  const text = [greeting, "", body, "", code, "", `${cta}: ${ref.url}`].join("\n");
  const html = await renderEmailHtml(
    ClientLinkEmail({
      lang: loc,
      greeting,
      body,
      cta,
      url: ref.url,
      color: client.agency.accentColor,
      expiry: code,
      fallback: receiptText(loc, "email.fallback", { url: ref.url }),
    }),
  );
  await inTransaction(async (tx) => {
    await tx.email.create({
      data: { agencyId: draft.agencyId, kind: "removal_receipt", to: client.email, subject, text, html },
    });
    await tx.removalReceipt.update({ where: { code: draft.code }, data: { emailedTo: client.email } });
    await recordAudit({
      agencyId: draft.agencyId,
      actor: { userId: null, email: draft.removedBy.startsWith("client:") ? null : draft.removedBy },
      action: "access.removal_receipt",
      target: draft.clientId,
      // "receipt", not "code": the audit log hides fields named like secrets
      changes: { receipt: draft.code, removedBy: draft.removedBy, method: draft.method, ...counts },
      tx,
      now,
    });
  });
  return ref;
}

export interface ReceiptView {
  code: string;
  createdAt: string;
  agencyName: string;
  accentColor: string | null;
  language: string;
  removedBy: string;
  method: RemovalMethod;
  items: ReceiptItem[];
}

/** A receipt by its verification code (already normalised), or null. */
export async function findReceipt(code: string): Promise<ReceiptView | null> {
  const row = await (
    await getDb()
  ).removalReceipt.findUnique({
    where: { code },
    include: {
      agency: { select: { name: true, accentColor: true } },
      client: { select: { language: true } },
    },
  });
  if (!row) return null;
  return {
    code: row.code,
    createdAt: row.createdAt.toISOString(),
    agencyName: row.agency.name,
    accentColor: row.agency.accentColor,
    language: row.client.language,
    removedBy: row.removedBy,
    method: row.method as RemovalMethod,
    items: Array.isArray(row.items) ? (row.items as unknown as ReceiptItem[]) : [],
  };
}

/** The agency's receipts for one client, newest first (dashboard). */
export async function listReceipts(opts: { agencyId: string; clientId: string }) {
  const rows = await (
    await getDb()
  ).removalReceipt.findMany({
    where: { agencyId: opts.agencyId, clientId: opts.clientId },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return rows.map((r) => ({
    code: r.code,
    url: receiptUrl(r.code),
    createdAt: r.createdAt.toISOString(),
    removedBy: r.removedBy,
    ...receiptCounts(Array.isArray(r.items) ? (r.items as unknown as ReceiptItem[]) : []),
  }));
}
