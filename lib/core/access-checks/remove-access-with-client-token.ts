// Offboarding with the client's consent: the client signed in with the platform (through
// the removal link) and their token removes the agency from every granted asset of that
// platform whose connector needs an admin of the asset (`removalToken` "client"). Recorded
// like every other removal: removedAt and removedBy on the service, `access.removed` sent
// with method "client_token".
import { readGrantedAssets } from "@/lib/core/access-checks/granted-assets";
import {
  agencyAccountFor,
  connectorMessage,
  defaultConnectorFor,
  grantedServicesInScope,
  type ConnectorFor,
} from "@/lib/core/access-checks/check-access";
import { assertClient, recordRemovalAnswers, type RemovalOutcome } from "@/lib/core/access-checks/remove-access";

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
}): Promise<Omit<RemovalOutcome, "checklist">> {
  const now = opts.now ?? new Date();
  await assertClient(opts.agencyId, opts.clientId);
  const connector = (opts.connectorFor ?? defaultConnectorFor)(opts.platform);
  const outcome: Omit<RemovalOutcome, "checklist"> = { removed: [], failed: [] };
  if (!connector?.removeAccess) return outcome;

  for (const svc of await grantedServicesInScope({ agencyId: opts.agencyId, clientId: opts.clientId })) {
    if (svc.platform !== opts.platform || connector.removalToken?.(svc.serviceId) !== "client") continue;
    const assets = readGrantedAssets(svc.grantedAssets).filter((a) => !a.removedAt);
    if (assets.length === 0) continue;
    const account = await agencyAccountFor(opts.agencyId, svc.accounts);
    let answers: { assetId: string; removed: boolean; detail: string | null }[];
    try {
      answers = await connector.removeAccess({
        accessToken: opts.clientToken,
        serviceId: svc.serviceId,
        assetIds: assets.map((a) => a.id),
        agencyAccount: {
          internalAccountId: account?.internalAccountId ?? "",
          platformAccountId: account?.platformAccountId ?? null,
          email: account?.email ?? null,
          businessId: account?.businessId ?? null,
          agencyAccessToken: account?.token ?? null,
          linkFields: account?.linkFields ?? {},
        },
      });
    } catch (err) {
      const detail = connectorMessage(err);
      for (const a of assets)
        outcome.failed.push({ requestId: svc.requestId, serviceId: svc.serviceId, assetId: a.id, detail });
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
    });
  }
  return outcome;
}
