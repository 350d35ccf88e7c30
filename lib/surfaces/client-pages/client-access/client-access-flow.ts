// The client's own access page (`/i/{token}/access`): what the agency can access, read with
// the client's invite link (a colleague's forwarded link does not open it), and "Remove" per
// line or for everything through the existing removal paths, after a confirmation that lists
// exactly what goes (planRemoval). Per service, whoever the
// platform lets remove: the agency leaves at once with its own token; where an admin of the
// asset must remove it, a removal link is made (and emailed) and the client continues on it;
// elsewhere the client is shown the steps and the agency is told through the audit log.
import { listClientAccess } from "@/lib/core/client-access/list-client-access";
import type { AccessLineState } from "@/lib/core/client-access/schemas";
import { serviceName, roleLabel } from "@/lib/core/catalog/catalog-messages";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";
import { siteRemovalOffered } from "@/lib/infra/connectors/site-registry";
import { agencyAccountFor, defaultConnectorFor, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { createRemovalLink, openRemovalLinkFor } from "@/lib/core/removal-links/create-removal-link";
import { removalLinkUrl } from "@/lib/core/removal-links/removal-link-token";
import type { AssetLine } from "@/lib/core/request-records/asset-scope";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { notifyTeam } from "@/lib/core/notifications/notify-team";
import { REMOVAL_ASKED } from "@/lib/core/notifications/notification-types";
import { inTransaction } from "@/lib/infra/db/transaction";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/infra/db/db";
import { decryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";
import { findRequestByToken } from "@/lib/surfaces/client-pages/find-request-by-token";
import { agencyLogoUrl } from "@/lib/core/agencies/agency-logo-url";

/** Who can remove a line: the agency at once, the client through a removal link, or by hand. */
export type RemovalPath = "agency" | "link" | "manual";

export interface ClientAccessLineView {
  key: string;
  requestId: string;
  serviceId: string;
  serviceName: string;
  platform: string;
  platformName: string;
  assetId: string;
  assetName: string | null;
  role: string | null;
  grantedAt: string | null;
  grantedBy: { kind: "client" | "colleague" | "agency"; name: string | null };
  state: AccessLineState;
  checkedAt: string | null;
  removal: RemovalPath;
  /** removed by approving on the client's own site (the whole site at once) */
  approvesOnSite: boolean;
  /** the agency account to remove by hand (shown for "manual" lines) */
  agencyAccount: string | null;
}

export interface ClientAccessPage {
  locale: Locale;
  agency: { id: string; name: string; accentColor: string | null; logoUrl: string | null };
  lines: ClientAccessLineView[];
  /** open removal links the client can continue on, per platform */
  openLinks: { platform: string; platformName: string; url: string }[];
}

async function loadOwnerLink(token: string) {
  const row = await findRequestByToken(token);
  // the client's own link only: a colleague sees the services handed to them, not the whole relationship
  if (!row || row.forward || row.isDemo) return null;
  return row;
}

function removalPathOf(
  connectorFor: ConnectorFor,
  platform: string,
  serviceId: string,
  hasToken: boolean,
): RemovalPath {
  // a client's own site (site-registry.ts): the removal is approved on the site, through a removal link
  if (siteRemovalOffered(platform) && getCatalogService(serviceId)?.siteApproval) return "link";
  let connector = null;
  try {
    connector = connectorFor(platform);
  } catch {
    connector = null;
  }
  if (!connector?.removeAccess) return "manual";
  const side = connector.removalToken ? connector.removalToken(serviceId) : "agency";
  if (side === "agency") return hasToken ? "agency" : "manual";
  return side === "client" ? "link" : "manual";
}

export async function loadClientAccessPage(opts: {
  token: string;
  now?: Date;
  connectorFor?: ConnectorFor;
}): Promise<ClientAccessPage | null> {
  const row = await loadOwnerLink(opts.token);
  if (!row) return null;
  const now = opts.now ?? new Date();
  const connectorFor = opts.connectorFor ?? defaultConnectorFor;
  const locale = localeForLanguage(row.client.language);
  const access = await listClientAccess({ agencyId: row.agencyId, clientId: row.clientId });
  const db = await getDb();
  const services = await db.requestService.findMany({
    where: { agencyId: row.agencyId, request: { clientId: row.clientId }, status: "granted", accessRemovedAt: null },
    select: { requestId: true, serviceId: true, accounts: true },
  });
  const accountOf = new Map<string, Awaited<ReturnType<typeof agencyAccountFor>>>();
  for (const s of services)
    accountOf.set(`${s.requestId}/${s.serviceId}`, await agencyAccountFor(row.agencyId, s.accounts, { peek: true }));
  const lines = access.items.map((item): ClientAccessLineView => {
    const account = accountOf.get(`${item.requestId}/${item.service}`) ?? null;
    const removal = removalPathOf(connectorFor, item.platform, item.service, !!account?.token);
    return {
      key: `${item.requestId}/${item.service}/${item.asset.id}`,
      requestId: item.requestId,
      serviceId: item.service,
      serviceName: serviceName(locale, item.service),
      platform: item.platform,
      platformName: getPlatform(item.platform)?.name ?? item.platform,
      assetId: item.asset.id,
      assetName: item.asset.name,
      role: roleLabel(locale, item.service, item.accessLevel),
      grantedAt: item.grantedAt,
      grantedBy: item.grantedBy,
      state: item.state,
      checkedAt: item.checkedAt,
      removal,
      approvesOnSite: removal === "link" && siteRemovalOffered(item.platform),
      agencyAccount: account?.email ?? account?.businessId ?? account?.platformAccountId ?? null,
    };
  });
  const links = await db.removalLink.findMany({
    where: {
      agencyId: row.agencyId,
      clientId: row.clientId,
      status: { in: ["sent", "signed_in"] },
      expiresAt: { gt: now },
    },
    orderBy: { createdAt: "desc" },
  });
  const key = loadSecrets().encryptionKey;
  const openLinks: ClientAccessPage["openLinks"] = [];
  for (const link of links) {
    if (!lines.some((l) => l.platform === link.platform && l.removal === "link")) continue;
    if (openLinks.some((o) => o.platform === link.platform)) continue;
    const linkToken = decryptText(link.tokenSealed, key);
    if (!linkToken) continue;
    openLinks.push({
      platform: link.platform,
      platformName: getPlatform(link.platform)?.name ?? link.platform,
      url: removalLinkUrl(linkToken),
    });
  }
  return {
    locale,
    agency: {
      id: row.agency.id,
      name: row.agency.name,
      accentColor: row.agency.accentColor,
      logoUrl: agencyLogoUrl(row.agency),
    },
    lines,
    openLinks,
  };
}

/** What "Remove" on a line (or "Remove everything") takes away, shown before it is done. */
export interface RemovalPlan {
  /** the line chosen, or null for everything */
  chosen: ClientAccessLineView | null;
  /** every line that goes: the chosen one, and any other the same removal ends on the platform */
  lines: ClientAccessLineView[];
  /** the platforms whose removal reaches further than the line chosen (a whole site), by name */
  wider: string[];
}

/**
 * The lines one removal ends. A platform call removes the agency from one asset, so a line
 * takes its own asset (and the same asset granted again in another request). A client's own
 * site approves the agency's user away from the whole site: every line on that site goes.
 */
export function planRemoval(
  page: ClientAccessPage,
  selection: { line: string | null; all: boolean },
): RemovalPlan | null {
  if (selection.all) return page.lines.length > 0 ? { chosen: null, lines: page.lines, wider: [] } : null;
  const chosen = page.lines.find((l) => l.key === selection.line);
  if (!chosen) return null;
  const onSite = chosen.approvesOnSite;
  const lines = page.lines.filter((l) =>
    onSite
      ? l.platform === chosen.platform && l.assetId === chosen.assetId && l.approvesOnSite
      : l.serviceId === chosen.serviceId && l.assetId === chosen.assetId && l.removal === chosen.removal,
  );
  const wider = onSite && lines.some((l) => l.serviceId !== chosen.serviceId || l.requestId !== chosen.requestId);
  return { chosen, lines, wider: wider ? [chosen.platformName] : [] };
}

export interface ClientRemovalResult {
  removed: number;
  failed: number;
  /** platforms where the client continues on a removal link */
  links: { platform: string; url: string }[];
  manual: number;
  /** the receipt of what was removed at once */
  receipt: { code: string; url: string } | null;
}

const asLine = (l: ClientAccessLineView): AssetLine => ({
  requestId: l.requestId,
  serviceId: l.serviceId,
  assetId: l.assetId,
});

/**
 * "Remove" on one line (`line` = "<requestId>/<serviceId>/<assetId>"), or "Remove everything",
 * once confirmed: exactly the plan's lines go, each by the path its platform allows.
 */
export async function removeFromClientPage(opts: {
  token: string;
  line: string | null;
  all: boolean;
  now?: Date;
  connectorFor?: ConnectorFor;
}): Promise<ClientRemovalResult | { error: "not_found" | "invalid" }> {
  const page = await loadClientAccessPage(opts);
  if (!page) return { error: "not_found" };
  const row = (await loadOwnerLink(opts.token))!;
  const plan = planRemoval(page, opts);
  if (!plan) return { error: "invalid" };
  const chosen = plan.lines;
  const removedBy = `client:${row.client.name}`;
  const result: ClientRemovalResult = { removed: 0, failed: 0, links: [], manual: 0, receipt: null };

  const agencySide = chosen.filter((l) => l.removal === "agency").map(asLine);
  if (agencySide.length > 0) {
    const outcome = await removeClientAccess({
      agencyId: row.agencyId,
      clientId: row.clientId,
      removedBy,
      only: agencySide,
      now: opts.now,
      connectorFor: opts.connectorFor,
    });
    result.removed += outcome.removed.length;
    result.failed += outcome.failed.length;
    result.receipt = outcome.receipt ?? null;
  }
  for (const platform of [...new Set(chosen.filter((l) => l.removal === "link").map((l) => l.platform))]) {
    // a link for exactly these lines: the client's sign-in (or site approval) removes nothing else
    const only = chosen.filter((l) => l.removal === "link" && l.platform === platform).map(asLine);
    const scope = { agencyId: row.agencyId, clientId: row.clientId, platform, only, now: opts.now };
    const link =
      (await openRemovalLinkFor(scope)) ??
      (await createRemovalLink({ ...scope, createdBy: removedBy, connectorFor: opts.connectorFor }));
    result.links.push({ platform, url: link.url });
  }
  const manual = chosen.filter((l) => l.removal === "manual");
  if (manual.length > 0) {
    result.manual = manual.length;
    await recordAudit({
      agencyId: row.agencyId,
      actor: { userId: null, email: null },
      action: "access.removal_asked",
      target: row.clientId,
      changes: {
        by: removedBy,
        assets: manual.map((l) => ({
          service: l.serviceId,
          platform: l.platform,
          asset: l.assetId,
          name: l.assetName,
        })),
      },
      now: opts.now,
    });
    // the team hears of it like of every client removal (in the app, by email per each member's choice)
    const now = opts.now ?? new Date();
    await inTransaction((tx) =>
      notifyTeam(tx, {
        agencyId: row.agencyId,
        eventId: `removal-asked:${randomUUID()}`,
        type: REMOVAL_ASKED,
        data: {
          request: { clientId: row.clientId },
          asked: manual.map((l) => ({ service: l.serviceId, name: l.assetName ?? l.assetId })),
        },
        requestId: manual.length && new Set(manual.map((l) => l.requestId)).size === 1 ? manual[0]!.requestId : null,
        now,
      }),
    );
  }
  return result;
}
