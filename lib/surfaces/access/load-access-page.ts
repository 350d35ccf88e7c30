// Everything the invite and embed pages show for one token, in the client's language:
// the agency's branding, the services grouped by platform with the requested role and
// the agency account that receives access, what the client can do with each, progress,
// and the intake questions. Plain data: the pages only lay it out.

import { agencyLogoUrl } from "@/lib/core/agencies/agency-logo-url";
import { notePlatformSetupNeeded } from "@/lib/core/agencies/note-platform-setup-needed";
import { platformMode, type PlatformMode } from "@/lib/infra/connectors/get-connector";
import { getCatalogService, getPlatform, isOneClickHere, type ClientFlow } from "@/lib/core/catalog/catalog";
import { cachedBranding } from "@/lib/core/agencies/branding-cache";
import { progress, type RequestStatus, type ServiceStatus } from "@/lib/core/domain/request-state";
import { type Locale } from "@/lib/infra/i18n/dictionary";
import { accentColors, type AccentColors } from "@/lib/surfaces/access/accent-color";
import { instructionSteps, roleLabel, serviceName } from "@/lib/surfaces/access/catalog-messages";
import { requestLocale, requestStatus } from "@/lib/surfaces/access/find-request-by-token";
import { loadAccessPageRow, type AccessPageService } from "@/lib/surfaces/access/load-access-page-row";

export interface AccessServiceView {
  serviceId: string;
  name: string;
  status: ServiceStatus;
  awaitingConfirmation: boolean;
  optional: boolean;
  flow: ClientFlow;
  roleLabel: string | null;
  /** the agency accounts that receive access, as the client can recognise them */
  accounts: string[];
  /** manual steps, translated, with the agency's account filled in */
  steps: string[];
  grantedAssets: string[];
  /** one-click, but the platform is not set up on this installation: the agency must finish it */
  setupPending: boolean;
  actions: { grant: boolean; skip: boolean; reopen: boolean; inviteSent: boolean };
}

export interface AccessPlatformView {
  platform: string;
  name: string;
  services: AccessServiceView[];
}

export interface IntakeQuestionView {
  id: string;
  type: "text" | "long_text" | "single_choice" | "multiple_choice";
  label: string;
  required: boolean;
  options: string[];
}

export interface AccessPageView {
  token: string;
  requestId: string;
  locale: Locale;
  status: RequestStatus;
  open: boolean;
  agency: { id: string; name: string; logoUrl: string | null; accent: AccentColors };
  progress: { done: number; total: number };
  platforms: AccessPlatformView[];
  intake: { complete: boolean; questions: IntakeQuestionView[] } | null;
  thankYouMessage: string | null;
  redirectUrl: string | null;
  /** a "preview as client" link of the agency: shown as a preview, and nothing is ever granted */
  preview: boolean;
}

type AccountLink = { internalAccountId?: string | null; adsMccAccountId?: string | null; businessManagerId?: string | null };
type AccountRow = { internalAccountId: string; displayName: string | null; email: string | null; platformAccountId: string | null; businessId?: string | null };

const QUESTION_TYPES = new Set(["text", "long_text", "single_choice", "multiple_choice"]);

function links(value: unknown): AccountLink[] {
  return Array.isArray(value) ? (value as AccountLink[]) : [];
}

/** How the account reads on the card: its name plus the address or id the client will see on the platform. */
function accountLabel(link: AccountLink, account: AccountRow | undefined): string {
  const parts = [account?.displayName, account?.email ?? account?.platformAccountId, link.adsMccAccountId, link.businessManagerId].filter(
    (p): p is string => typeof p === "string" && p.length > 0,
  );
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join(" · ") : (link.internalAccountId ?? "");
}

/** What the client types into the platform's invite box. */
function inviteTarget(link: AccountLink | undefined, account: AccountRow | undefined, platform?: string): string {
  // Meta partners are assigned by the agency's business id, not an email.
  if (platform === "meta" && (link?.businessManagerId || account?.businessId)) return (link?.businessManagerId || account?.businessId)!;
  return account?.email ?? account?.platformAccountId ?? link?.adsMccAccountId ?? account?.displayName ?? link?.internalAccountId ?? "";
}

export function buildServiceView(
  locale: Locale,
  svc: AccessPageService,
  accounts: ReadonlyMap<string, AccountRow>,
  open: boolean,
  modeOf: (platform: string) => PlatformMode = platformMode,
): AccessServiceView {
  const catalog = getCatalogService(svc.serviceId);
  const mode = modeOf(svc.platform);
  // A one-click service whose platform is not live here shows its manual steps where the
  // catalog has them (Snapchat Ads); otherwise no button that can only fail.
  // A manual service its live platform grants in one click (HubSpot) is offered as one click.
  const flow =
    catalog?.clientFlow === "one_click" && mode === "unconfigured" && catalog.instructions.length > 0
      ? "instructions"
      : isOneClickHere(catalog, mode)
        ? "one_click"
        : (catalog?.clientFlow ?? "instructions");
  const setupPending = flow === "one_click" && mode === "unconfigured";
  const serviceLinks = links(svc.accounts);
  const status = svc.status;
  const first = serviceLinks[0];
  const firstAccount = first?.internalAccountId ? accounts.get(first.internalAccountId) : undefined;
  const pending = status === "pending";
  const assets = Array.isArray(svc.grantedAssets) ? (svc.grantedAssets as { id: string; name: string | null }[]) : [];
  return {
    serviceId: svc.serviceId,
    name: serviceName(locale, svc.serviceId),
    status,
    awaitingConfirmation: svc.awaitingConfirmation,
    optional: svc.optional,
    flow,
    roleLabel: roleLabel(locale, svc.serviceId, svc.accessLevel),
    accounts: serviceLinks.map((l) => accountLabel(l, l.internalAccountId ? accounts.get(l.internalAccountId) : undefined)),
    steps: flow === "one_click" ? [] : instructionSteps(locale, svc.serviceId, inviteTarget(first, firstAccount, svc.platform)),
    grantedAssets: assets.map((a) => a.name ?? a.id),
    setupPending: open && pending && setupPending,
    actions: {
      grant: open && pending && flow === "one_click" && !setupPending,
      skip: open && pending && svc.optional,
      reopen: open && status === "skipped",
      inviteSent: open && pending && flow === "client_invite" && !svc.awaitingConfirmation,
    },
  };
}

export async function loadAccessPage(opts: { token: string; now?: Date }): Promise<AccessPageView | null> {
  const now = opts.now ?? new Date();
  // one statement for the request, its services, their accounts and the intake questions;
  // the agency's branding from memory
  const row = await loadAccessPageRow(opts.token);
  if (!row) return null;
  const agency = await cachedBranding(row.agencyId);
  if (!agency) return null;
  const locale = requestLocale(row);
  const status = requestStatus(row, now);
  const open = status === "pending" || status === "in_progress";
  const accounts = new Map(row.accounts.map((a) => [a.internalAccountId, a]));
  const questions = open ? (row.questions ?? []) : [];

  const platforms: AccessPlatformView[] = [];
  for (const svc of row.services) {
    let group = platforms.find((p) => p.platform === svc.platform);
    if (!group) {
      group = { platform: svc.platform, name: getPlatform(svc.platform)?.name ?? svc.platform, services: [] };
      platforms.push(group);
    }
    group.services.push(buildServiceView(locale, svc, accounts, open));
  }
  const waitingOn = platforms.filter((p) => p.services.some((s) => s.setupPending)).map((p) => p.platform);
  if (waitingOn.length > 0 && !row.isDemo) {
    // The agency is told; a failure to record it must not break the client's page.
    const known = row.setupNotices.map((n) => ({ platform: n.platform, lastSeenAt: new Date(n.lastSeenAt), lastEmailedAt: n.lastEmailedAt ? new Date(n.lastEmailedAt) : null }));
    await notePlatformSetupNeeded({ agencyId: row.agencyId, platforms: waitingOn, now, known }).catch((err) =>
      console.error("access page: could not record a platform setup notice", err),
    );
  }

  return {
    token: opts.token,
    requestId: row.id,
    locale,
    status,
    open,
    agency: { id: agency.id, name: agency.name, logoUrl: agencyLogoUrl(agency), accent: accentColors(agency.accentColor) },
    progress: progress({
      services: row.services.map((s) => ({ serviceId: s.serviceId, optional: s.optional, status: s.status, awaitingConfirmation: s.awaitingConfirmation })),
      intakeRequested: row.intakeRequested,
      intakeCompleted: row.intakeCompletedAt !== null,
    }),
    platforms,
    intake: row.intakeRequested
      ? {
          complete: row.intakeCompletedAt !== null,
          questions: questions.map((q) => ({
            id: q.id,
            type: (QUESTION_TYPES.has(q.type) ? q.type : "text") as IntakeQuestionView["type"],
            label: q.label,
            required: q.required,
            options: [...q.options],
          })),
        }
      : null,
    thankYouMessage: row.thankYouMessage,
    redirectUrl: row.redirectUrl,
    preview: row.isDemo,
  };
}
