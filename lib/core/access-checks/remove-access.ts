// Offboarding ("Remove our access" on a client). For each granted asset whose platform has
// a removal call the grantee may make (the connector's `removalToken` is "agency") and whose
// agency account holds a token, the agency leaves the asset itself. Where only an admin of
// the asset may remove the agency ("client"), the checklist item says so (`clientConsent`):
// the client's removal link runs it with their token (remove-access-with-client-token.ts).
// Every other asset gets checklist steps; once the team has followed them it confirms, and the removal is recorded the
// same way. Each service records when and by whom access was removed, and `access.removed`
// (an extension event) is sent. Every removal reads the platform again afterwards and writes a
// receipt (lib/core/removal-receipts): an asset the platform still lists is not marked removed.
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";
import { notFound } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import { readGrantedAssets, type StoredGrantedAsset } from "@/lib/core/request-records/granted-assets";
import type { AgencyAccountRef, RemovedAccess } from "@/lib/infra/connectors/connector";
import {
  addReceiptItems,
  appendReceiptItems,
  confirmByReadBack,
  finishReceipt,
  manualStepFor,
  newReceiptDraft,
  receiptRef,
  type ReadBack,
  type ReceiptDraft,
  type ReceiptItem,
} from "@/lib/core/removal-receipts/removal-receipt";
import { closeAlertsOfService } from "@/lib/core/access-alerts/access-alerts";
import { siteRemovalOffered } from "@/lib/infra/connectors/site-registry";
import { inScope, type AssetScope } from "@/lib/core/request-records/asset-scope";
import {
  agencyAccountFor,
  connectorMessage,
  agencyAccountRef,
  defaultConnectorFor,
  grantedServicesInScope,
  type ConnectorFor,
} from "@/lib/core/access-checks/check-access";

export interface ChecklistItem {
  requestId: string;
  serviceId: string;
  platform: string;
  assets: { id: string; name: string | null }[];
  steps: string[];
  /** The platform documents a removal call that needs the client's sign-in: a removal link can do it. */
  clientConsent: boolean;
}

export interface RemovalOutcome {
  /** assets removed through the platform */
  removed: { requestId: string; serviceId: string; assetId: string }[];
  /** assets the platform refused to remove, with its answer */
  failed: { requestId: string; serviceId: string; assetId: string; detail: string }[];
  /** what the team must do by hand, then confirm with `confirmChecklist` */
  checklist: ChecklistItem[];
  /** the removal's receipt; null when nothing was removed or refused (only the checklist is left) */
  receipt?: { code: string; url: string } | null;
}

/** The receipt a removal writes to, and how each of its platforms is read again. */
export interface ReceiptContext {
  draft: ReceiptDraft;
  readBack: ReadBack;
  /** the agency account to name in the step by hand */
  accountLabel: string | null;
}

export function accountLabelOf(
  account: { email: string | null; platformAccountId: string | null; internalAccountId: string } | null,
) {
  return account?.email ?? account?.platformAccountId ?? account?.internalAccountId ?? null;
}

/** What a connector takes as the agency account when the agency has none connected any more. */
export function emptyAgencyAccountRef(): AgencyAccountRef {
  return {
    internalAccountId: "",
    platformAccountId: null,
    email: null,
    businessId: null,
    agencyAccessToken: null,
    linkFields: {},
  };
}

/** Assets a platform refused to remove (or could not be reached for): in the outcome and on the receipt. */
export async function recordRefusedRemoval(opts: {
  outcome: Pick<RemovalOutcome, "failed">;
  draft: ReceiptDraft;
  svc: { requestId: string; serviceId: string; platform: string };
  assets: StoredGrantedAsset[];
  detail: string;
  account: Parameters<typeof accountLabelOf>[0];
  now: Date;
}) {
  const { outcome, svc, assets, detail } = opts;
  for (const a of assets)
    outcome.failed.push({ requestId: svc.requestId, serviceId: svc.serviceId, assetId: a.id, detail });
  await addReceiptItems(opts.draft, failedReceiptItems(svc, assets, detail, accountLabelOf(opts.account)), opts.now);
}

/** Receipt lines for assets a platform refused (or could not be reached for). */
export function failedReceiptItems(
  svc: { requestId: string; serviceId: string; platform: string },
  assets: StoredGrantedAsset[],
  detail: string,
  accountLabel: string | null,
): ReceiptItem[] {
  return assets.map((a) => ({
    requestId: svc.requestId,
    serviceId: svc.serviceId,
    platform: svc.platform,
    assetId: a.id,
    assetName: a.name ?? null,
    accessLevel: a.accessLevel ?? null,
    outcome: "failed" as const,
    reason: null,
    detail,
    manualStep: manualStepFor(svc.platform, accountLabel),
    agencyAccount: accountLabel,
  }));
}

function stepsFor(platform: string, accountLabel: string): string[] {
  const name = getPlatform(platform)?.name ?? platform;
  return [
    `Sign in to ${name} with an admin of the asset (the client's, or yours if you may leave it).`,
    `Open the asset's users, partners or access settings.`,
    `Remove ${accountLabel} (or leave the asset from the agency's side).`,
    `Come back here and confirm that the access is removed.`,
  ];
}

export async function assertClient(agencyId: string, clientId: string) {
  if (!UUID.test(clientId)) throw notFound("Client");
  const client = await (await getDb()).client.findFirst({ where: { id: clientId, agencyId }, select: { id: true } });
  if (!client) throw notFound("Client");
}

/**
 * Marks the assets removed on one service and records `access.removed`. With a receipt, the
 * platform is read again first: an asset it still lists is recorded as not removed.
 */
export async function recordRemoval(opts: {
  agencyId: string;
  svc: { id: string; requestId: string; serviceId: string; platform: string; grantedAssets: unknown };
  results: {
    asset: StoredGrantedAsset;
    method: "agency_token" | "client_token" | "checklist";
    removed: boolean;
    detail: string | null;
  }[];
  removedBy: string;
  now: Date;
  receipt?: ReceiptContext;
}): Promise<{ removed: string[] }> {
  const at = opts.now.toISOString();
  let results = opts.results;
  const items: ReceiptItem[] = [];
  if (opts.receipt) {
    const confirmations = await confirmByReadBack({
      platform: opts.svc.platform,
      serviceId: opts.svc.serviceId,
      assetIds: results.filter((r) => r.removed).map((r) => r.asset.id),
      readBack: opts.receipt.readBack,
    });
    const label = opts.receipt.accountLabel;
    results = results.map((r) => {
      const c = confirmations.get(r.asset.id);
      const outcome = r.removed ? (c?.outcome ?? "unconfirmable") : "failed";
      items.push({
        requestId: opts.svc.requestId,
        serviceId: opts.svc.serviceId,
        platform: opts.svc.platform,
        assetId: r.asset.id,
        assetName: r.asset.name ?? null,
        accessLevel: r.asset.accessLevel ?? null,
        outcome,
        reason: r.removed ? (c?.reason ?? null) : null,
        detail: r.removed ? (c?.detail ?? r.detail) : r.detail,
        manualStep: outcome === "failed" ? manualStepFor(opts.svc.platform, label) : null,
        agencyAccount: label,
      });
      // the platform still lists the agency: not removed, whatever the call answered
      return r.removed && c?.reason === "still_listed" ? { ...r, removed: false, detail: c.detail } : r;
    });
  }
  const done = new Set(results.filter((r) => r.removed).map((r) => r.asset.id));
  const all = readGrantedAssets(opts.svc.grantedAssets).map((a) =>
    done.has(a.id) ? { ...a, removedAt: a.removedAt ?? at } : a,
  );
  const complete = all.every((a) => a.removedAt);
  const outcomeOf = new Map(items.map((i) => [i.assetId, i.outcome]));
  await inTransaction(async (tx) => {
    await tx.requestService.update({
      where: { id: opts.svc.id },
      data: {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (Prisma JSON input)
        grantedAssets: all as object[],
        ...(complete ? { accessRemovedAt: opts.now, accessRemovedBy: opts.removedBy } : {}),
      },
    });
    if (opts.receipt) await appendReceiptItems(tx, opts.receipt.draft, items, opts.now);
    // nothing left to ask for again
    if (complete)
      await closeAlertsOfService(tx, {
        agencyId: opts.agencyId,
        requestId: opts.svc.requestId,
        serviceId: opts.svc.serviceId,
        reason: "removed",
        now: opts.now,
      });
    const row = await tx.accessRequest.findUniqueOrThrow({
      where: { id: opts.svc.requestId },
      include: requestInclude,
    });
    await recordAndReact(tx, {
      agencyId: opts.agencyId,
      type: "access.removed",
      requestId: opts.svc.requestId,
      now: opts.now,
      data: {
        request: serializeRequest(row, opts.now),
        service: { service: opts.svc.serviceId, platform: opts.svc.platform },
        removedBy: opts.removedBy,
        assets: results.map((r) => ({
          id: r.asset.id,
          name: r.asset.name ?? null,
          method: r.method,
          removed: r.removed,
          detail: r.detail,
          ...(outcomeOf.has(r.asset.id) ? { confirmation: outcomeOf.get(r.asset.id)! } : {}),
        })),
        ...(opts.receipt ? { receipt: receiptRef(opts.receipt.draft) } : {}),
      },
    });
  });
  return { removed: [...done] };
}

/** Pairs the platform's answers with the service's assets, records the removal and adds it to the outcome. */
export async function recordRemovalAnswers(opts: {
  agencyId: string;
  svc: Parameters<typeof recordRemoval>[0]["svc"];
  assets: StoredGrantedAsset[];
  answers: RemovedAccess[];
  method: "agency_token" | "client_token";
  removedBy: string;
  now: Date;
  outcome: Pick<RemovalOutcome, "removed" | "failed">;
  receipt?: ReceiptContext;
}) {
  const { svc, outcome } = opts;
  const byId = new Map(opts.answers.map((r) => [r.assetId, r]));
  const results = opts.assets.map((asset) => {
    const r = byId.get(asset.id);
    return {
      asset,
      method: opts.method,
      removed: r?.removed === true,
      detail: r ? r.detail : "The platform did not answer for this asset.",
    };
  });
  const recorded = await recordRemoval({
    agencyId: opts.agencyId,
    svc,
    results,
    removedBy: opts.removedBy,
    now: opts.now,
    receipt: opts.receipt,
  });
  const removed = new Set(recorded.removed);
  for (const r of results) {
    if (removed.has(r.asset.id))
      outcome.removed.push({ requestId: svc.requestId, serviceId: svc.serviceId, assetId: r.asset.id });
    else
      outcome.failed.push({
        requestId: svc.requestId,
        serviceId: svc.serviceId,
        assetId: r.asset.id,
        detail: r.removed ? "The platform still lists the agency after the removal." : (r.detail ?? "Not removed."),
      });
  }
}

/** Removes what the platforms allow and returns the checklist for the rest. */
export async function removeClientAccess(opts: {
  agencyId: string;
  clientId: string;
  removedBy: string;
  now?: Date;
  connectorFor?: ConnectorFor;
  /** Only these assets of the client (the client's own access page removes line by line). */
  only?: AssetScope;
}): Promise<RemovalOutcome> {
  const now = opts.now ?? new Date();
  const connectorFor = opts.connectorFor ?? defaultConnectorFor;
  await assertClient(opts.agencyId, opts.clientId);
  const outcome: RemovalOutcome = { removed: [], failed: [], checklist: [], receipt: null };
  const draft = newReceiptDraft({
    agencyId: opts.agencyId,
    clientId: opts.clientId,
    removedBy: opts.removedBy,
    method: "agency_token",
  });
  const only = opts.only ?? null;

  for (const svc of await grantedServicesInScope({ agencyId: opts.agencyId, clientId: opts.clientId })) {
    const assets = readGrantedAssets(svc.grantedAssets).filter(
      (a) => !a.removedAt && inScope(only, svc.requestId, svc.serviceId, a.id),
    );
    if (assets.length === 0) continue;
    const account = await agencyAccountFor(opts.agencyId, svc.accounts, { connectorFor, now });
    let connector: ReturnType<ConnectorFor> | null = null;
    try {
      connector = connectorFor(svc.platform);
    } catch {
      connector = null;
    }
    const side = connector?.removeAccess
      ? connector.removalToken
        ? connector.removalToken(svc.serviceId)
        : "agency"
      : null;
    if (side !== "agency" || !account?.token) {
      outcome.checklist.push({
        requestId: svc.requestId,
        serviceId: svc.serviceId,
        platform: svc.platform,
        assets: assets.map((a) => ({ id: a.id, name: a.name ?? null })),
        steps: stepsFor(
          svc.platform,
          account?.email ?? account?.platformAccountId ?? account?.internalAccountId ?? "the agency's account",
        ),
        // a removal link can do it: the platform's call with the client's sign-in, or on the client's site
        clientConsent: side === "client" || siteRemovalOffered(svc.platform),
      });
      continue;
    }
    let answers: { assetId: string; removed: boolean; detail: string | null }[];
    try {
      answers = await connector!.removeAccess!({
        accessToken: account.token,
        serviceId: svc.serviceId,
        assetIds: assets.map((a) => a.id),
        agencyAccount: agencyAccountRef(account),
      });
    } catch (err) {
      await recordRefusedRemoval({ outcome, draft, svc, assets, detail: connectorMessage(err), account, now });
      continue;
    }
    await recordRemovalAnswers({
      agencyId: opts.agencyId,
      svc,
      assets,
      answers,
      method: "agency_token",
      removedBy: opts.removedBy,
      now,
      outcome,
      receipt: {
        draft,
        readBack: { connector, token: account.token, agencyAccount: agencyAccountRef(account) },
        accountLabel: accountLabelOf(account),
      },
    });
  }
  outcome.receipt = await finishReceipt(draft, now);
  return outcome;
}

/**
 * The team followed the checklist: records the removal of every remaining asset of the client,
 * after reading each platform again where it can be read (an asset still listed stays).
 */
export async function confirmChecklistRemoval(opts: {
  agencyId: string;
  clientId: string;
  removedBy: string;
  now?: Date;
  connectorFor?: ConnectorFor;
}): Promise<{ services: number; receipt: { code: string; url: string } | null }> {
  const now = opts.now ?? new Date();
  const connectorFor = opts.connectorFor ?? defaultConnectorFor;
  await assertClient(opts.agencyId, opts.clientId);
  const draft = newReceiptDraft({
    agencyId: opts.agencyId,
    clientId: opts.clientId,
    removedBy: opts.removedBy,
    method: "checklist",
  });
  let services = 0;
  for (const svc of await grantedServicesInScope({ agencyId: opts.agencyId, clientId: opts.clientId })) {
    const assets = readGrantedAssets(svc.grantedAssets).filter((a) => !a.removedAt);
    if (assets.length === 0) continue;
    const account = await agencyAccountFor(opts.agencyId, svc.accounts, { connectorFor, now });
    let connector: ReturnType<ConnectorFor> | null = null;
    try {
      connector = connectorFor(svc.platform);
    } catch {
      connector = null;
    }
    await recordRemoval({
      agencyId: opts.agencyId,
      svc,
      results: assets.map((asset) => ({
        asset,
        method: "checklist" as const,
        removed: true,
        detail: "Removed by hand following the checklist.",
      })),
      removedBy: opts.removedBy,
      now,
      receipt: {
        draft,
        readBack: {
          connector,
          token: account?.token ?? null,
          agencyAccount: account ? agencyAccountRef(account) : emptyAgencyAccountRef(),
        },
        accountLabel: accountLabelOf(account),
      },
    });
    services++;
  }
  return { services, receipt: await finishReceipt(draft, now) };
}
