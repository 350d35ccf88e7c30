// Offboarding on a client's own site (the site-approval platforms of
// lib/infra/connectors/site-registry.ts): the client approved our app once more on the site,
// through the removal link, and with that approval the agency's user is deleted from the
// site. Recorded like every removal with the client's consent: removedAt and removedBy on each
// service granted on that site, `access.removed` with method "client_token", and a receipt. The site is read again inside the removal (the user
// looked up after the delete): the receipt carries that read.
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { readGrantedAssets } from "@/lib/core/request-records/granted-assets";
import { agencyAccountFor, agencyAccountRef, grantedServicesInScope } from "@/lib/core/access-checks/check-access";
import {
  accountLabelOf,
  assertClient,
  emptyAgencyAccountRef,
  recordRefusedRemoval,
  recordRemovalAnswers,
  type RemovalOutcome,
} from "@/lib/core/access-checks/remove-access";
import { finishReceipt, newReceiptDraft } from "@/lib/core/removal-receipts/removal-receipt";
import type { RemovedAccess } from "@/lib/infra/connectors/connector";

/** The granted services of a site-approval platform (the catalog's `siteApproval`) still holding this site. */
export async function servicesOnSite(opts: { agencyId: string; clientId: string; platform: string }) {
  const out: { svc: Awaited<ReturnType<typeof grantedServicesInScope>>[number]; sites: string[] }[] = [];
  for (const svc of await grantedServicesInScope({ agencyId: opts.agencyId, clientId: opts.clientId })) {
    if (svc.platform !== opts.platform || !getCatalogService(svc.serviceId)?.siteApproval) continue;
    const sites = readGrantedAssets(svc.grantedAssets)
      .filter((a) => !a.removedAt)
      .map((a) => a.id);
    if (sites.length > 0) out.push({ svc, sites });
  }
  return out;
}

export async function removeAccessOnSite(opts: {
  agencyId: string;
  clientId: string;
  platform: string;
  /** the site the client approved on (a granted asset's id) */
  site: string;
  /** the removal on the site of these agency users, with the site's approval, called once; never throws */
  remove: (agencyEmails: string[]) => Promise<Map<string, RemovedAccess>>;
  /** Who approved ("client:<email>"). */
  removedBy: string;
  now?: Date;
}): Promise<Omit<RemovalOutcome, "checklist">> {
  const now = opts.now ?? new Date();
  await assertClient(opts.agencyId, opts.clientId);
  const outcome: Omit<RemovalOutcome, "checklist"> = { removed: [], failed: [], receipt: null };
  const draft = newReceiptDraft({
    agencyId: opts.agencyId,
    clientId: opts.clientId,
    removedBy: opts.removedBy,
    method: "client_token",
  });
  const onSite = [];
  for (const { svc, sites } of await servicesOnSite(opts)) {
    if (!sites.includes(opts.site)) continue;
    const assets = readGrantedAssets(svc.grantedAssets).filter((a) => !a.removedAt && a.id === opts.site);
    onSite.push({ svc, assets, account: await agencyAccountFor(opts.agencyId, svc.accounts, { now, peek: true }) });
  }
  const emails = [...new Set(onSite.flatMap(({ account }) => (account?.email ? [account.email] : [])))];
  // one call for every agency user on the site: the approval is given up after it
  const answers = emails.length > 0 ? await opts.remove(emails) : new Map<string, RemovedAccess>();
  for (const { svc, assets, account } of onSite) {
    const answer = account?.email ? answers.get(account.email) : undefined;
    if (!answer) {
      const detail = "The agency account this site was granted to is no longer connected: remove its user by hand.";
      await recordRefusedRemoval({ outcome, draft, svc, assets, detail, account, now });
      continue;
    }
    await recordRemovalAnswers({
      agencyId: opts.agencyId,
      svc,
      assets,
      answers: [{ ...answer, assetId: opts.site }],
      method: "client_token",
      removedBy: opts.removedBy,
      now,
      outcome,
      receipt: {
        draft,
        readBack: {
          // the removal looked the user up again after deleting it: that read, not a new one
          connector: {
            verifyAccess: async () => [
              { assetId: opts.site, present: !answer.removed, detail: answer.removed ? null : answer.detail },
            ],
          },
          token: opts.site,
          agencyAccount: account ? agencyAccountRef(account) : emptyAgencyAccountRef(),
        },
        accountLabel: accountLabelOf(account),
      },
    });
  }
  outcome.receipt = await finishReceipt(draft, now);
  return outcome;
}
