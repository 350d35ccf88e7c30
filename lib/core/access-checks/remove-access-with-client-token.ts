// Offboarding with the client's consent: the client signed in with the platform (through
// the removal link) and their token removes the agency from every granted asset of that
// platform whose connector needs an admin of the asset (`removalToken` "client"). Recorded
// like every other removal: removedAt and removedBy on the service, `access.removed` sent
// with method "client_token", and a receipt written (the platform read again with the agency's
// token, or the client's where the agency holds none).
import { readGrantedAssets } from "@/lib/core/request-records/granted-assets";
import {
  agencyAccountFor,
  connectorMessage,
  defaultConnectorFor,
  grantedServicesInScope,
  type ConnectorFor,
} from "@/lib/core/access-checks/check-access";
import {
  accountLabelOf,
  assertClient,
  emptyAgencyAccountRef,
  recordRefusedRemoval,
  recordRemovalAnswers,
  type RemovalOutcome,
} from "@/lib/core/access-checks/remove-access";
import { agencyAccountRef } from "@/lib/core/access-checks/check-access";
import { finishReceipt, newReceiptDraft } from "@/lib/core/removal-receipts/removal-receipt";
import { inScope, type AssetScope } from "@/lib/core/request-records/asset-scope";

export async function removeAccessWithClientToken(opts: {
  agencyId: string;
  clientId: string;
  platform: string;
  /** The client's platform token from the removal sign-in; used for these calls only, never stored. */
  clientToken: string;
  /** Who confirmed ("client:<email or name>"). */
  removedBy: string;
  now?: Date;
  connectorFor?: ConnectorFor;
  /** the link's lines, when it was made for some of the client's assets only */
  only?: AssetScope;
}): Promise<Omit<RemovalOutcome, "checklist">> {
  const now = opts.now ?? new Date();
  await assertClient(opts.agencyId, opts.clientId);
  const connector = (opts.connectorFor ?? defaultConnectorFor)(opts.platform);
  const outcome: Omit<RemovalOutcome, "checklist"> = { removed: [], failed: [], receipt: null };
  if (!connector?.removeAccess) return outcome;
  const draft = newReceiptDraft({
    agencyId: opts.agencyId,
    clientId: opts.clientId,
    removedBy: opts.removedBy,
    method: "client_token",
  });

  for (const svc of await grantedServicesInScope({ agencyId: opts.agencyId, clientId: opts.clientId })) {
    if (svc.platform !== opts.platform || connector.removalToken?.(svc.serviceId) !== "client") continue;
    const assets = readGrantedAssets(svc.grantedAssets).filter(
      (a) => !a.removedAt && inScope(opts.only ?? null, svc.requestId, svc.serviceId, a.id),
    );
    if (assets.length === 0) continue;
    const account = await agencyAccountFor(opts.agencyId, svc.accounts, {
      now,
      ...(opts.connectorFor ? { connectorFor: opts.connectorFor } : {}),
    });
    let answers: { assetId: string; removed: boolean; detail: string | null }[];
    try {
      answers = await connector.removeAccess({
        accessToken: opts.clientToken,
        serviceId: svc.serviceId,
        assetIds: assets.map((a) => a.id),
        agencyAccount: account ? agencyAccountRef(account) : emptyAgencyAccountRef(),
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
      method: "client_token",
      removedBy: opts.removedBy,
      now,
      outcome,
      receipt: {
        draft,
        readBack: {
          connector,
          token: account?.token ?? opts.clientToken,
          agencyAccount: account ? agencyAccountRef(account) : emptyAgencyAccountRef(),
        },
        accountLabel: accountLabelOf(account),
      },
    });
  }
  outcome.receipt = await finishReceipt(draft, now);
  return outcome;
}
