// Everything the invite and embed pages show for one token, in the client's language:
// the agency's branding, the services grouped by platform with the requested role and
// the agency account that receives access, what the client can do with each, progress,
// and the intake questions. Plain data: the pages only lay it out. A client's own invite
// link is read in one SQL statement (loadByInviteToken); a colleague's forwarded link
// through the relational load the page's actions share (findRequestByToken).

import { agencyLogoUrl } from "@/lib/core/agencies/agency-logo-url";
import { notePlatformSetupNeeded, type KnownSetupNotice } from "@/lib/core/agencies/note-platform-setup-needed";
import { platformMode, type PlatformMode } from "@/lib/infra/connectors/get-connector";
import {
  assignsPartnerByBusinessId,
  getCatalogService,
  getPlatform,
  isOneClickHere,
  type ClientFlow,
} from "@/lib/core/catalog/catalog";
import { getDb } from "@/lib/infra/db/db";
import { jsonColumn } from "@/lib/infra/db/json-column";
import { progress, type RequestStatus, type ServiceStatus } from "@/lib/core/domain/request-state";
import { type Locale } from "@/lib/infra/i18n/dictionary";
import { localizeQuestion } from "@/lib/core/intake/question-translations";
import { accentColors, type AccentColors } from "@/lib/surfaces/client-pages/accent-color";
import { instructionSteps, roleLabel, serviceName } from "@/lib/core/catalog/catalog-messages";
import { readForwardedTo, readHandedBack } from "@/lib/core/request-records/forward-ownership";
import { colleagueActor } from "@/lib/core/events/actor-name";
import { noteClientActivity } from "@/lib/core/requests/stalled-requests";
import {
  findRequestByToken,
  findTakenBackLink,
  isTokenShaped,
  requestLocale,
  requestStatus,
  type AccessRequestRow,
} from "@/lib/surfaces/client-pages/find-request-by-token";
import { log } from "@/lib/infra/log";
import { hashToken } from "@/lib/infra/secrets/link-token";

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
  actions: {
    grant: boolean;
    skip: boolean;
    reopen: boolean;
    inviteSent: boolean;
    forward: boolean;
    /** the client's own site approves it in one click: the card asks for the site's address */
    siteApproval: boolean;
  };
  /** the colleague the client handed this service to (shown on the client's own link only) */
  forwardedTo: { forwardId: string; name: string; email: string } | null;
  /**
   * the colleague who handed it back ("I can't do this") and their reason: shown on the
   * client's own link while it is pending and not handed on again
   */
  handedBack: { name: string; reason: string | null } | null;
  /** who granted it, when a colleague did */
  grantedByColleague: string | null;
  /**
   * Who else granted or skipped it, when the page's viewer did not: on the client's link the
   * colleague it was handed to, on a colleague's link the client. Null while it is open.
   */
  byOther: string | null;
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
  /** the answers' values (the English options) */
  options: string[];
  /** the options as shown, in the client's language where written (same order) */
  optionLabels: string[];
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
  /**
   * a colleague's forwarded link: who handed it over, their note, the services they took
   * back (named), and whether they took back everything (the link then offers nothing)
   */
  colleague: {
    from: string;
    note: string | null;
    takenBack: string[];
    /** the services the colleague handed back ("I can't do this"), named */
    declined: string[];
    revoked: boolean;
  } | null;
  /** the page's viewer as events name them: "client", or the colleague of a forwarded link (colleagueActor) */
  viewerActor: string;
  /** the pending services the client can still hand to a colleague (the whole-request form) */
  forwardable: { serviceId: string; name: string }[];
}

type AccountLink = {
  internalAccountId?: string | null;
  adsMccAccountId?: string | null;
  businessManagerId?: string | null;
};
type AccountRow = {
  internalAccountId: string;
  displayName: string | null;
  email: string | null;
  platformAccountId: string | null;
  businessId?: string | null;
};

const QUESTION_TYPES = new Set(["text", "long_text", "single_choice", "multiple_choice"]);

function links(value: unknown): AccountLink[] {
  return Array.isArray(value) ? (value as AccountLink[]) : [];
}

/** How the account reads on the card: its name plus the address or id the client will see on the platform. */
function accountLabel(link: AccountLink, account: AccountRow | undefined): string {
  const parts = [
    account?.displayName,
    account?.email ?? account?.platformAccountId,
    link.adsMccAccountId,
    link.businessManagerId,
  ].filter((p): p is string => typeof p === "string" && p.length > 0);
  const unique = [...new Set(parts)];
  return unique.length > 0 ? unique.join(" · ") : (link.internalAccountId ?? "");
}

/** What the client types into the platform's invite box. */
function inviteTarget(link: AccountLink | undefined, account: AccountRow | undefined, platform?: string): string {
  // Partners assigned by Business ID (Meta's) take the agency's business id, not an email.
  if (
    platform !== undefined &&
    assignsPartnerByBusinessId(platform) &&
    (link?.businessManagerId || account?.businessId)
  )
    return (link?.businessManagerId || account?.businessId)!;
  return (
    account?.email ??
    account?.platformAccountId ??
    link?.adsMccAccountId ??
    account?.displayName ??
    link?.internalAccountId ??
    ""
  );
}

/** How the client pages offer a service here: a one-click service whose platform is not live and that has manual steps shows them. */
export function effectiveClientFlow(
  serviceId: string,
  platform: string,
  modeOf: (platform: string) => PlatformMode = platformMode,
): ClientFlow {
  const catalog = getCatalogService(serviceId);
  const mode = modeOf(platform);
  if (catalog?.clientFlow === "one_click" && mode === "unconfigured" && catalog.instructions.length > 0)
    return "instructions";
  // A manual service its live platform grants in one click (HubSpot) is offered as one click.
  if (isOneClickHere(catalog, mode)) return "one_click";
  return catalog?.clientFlow ?? "instructions";
}

/** What the page reads of a requested service. */
export type PageService = Pick<
  AccessRequestRow["services"][number],
  | "serviceId"
  | "platform"
  | "accessLevel"
  | "optional"
  | "status"
  | "awaitingConfirmation"
  | "accounts"
  | "grantedAssets"
  | "forwardedTo"
  | "grantedBy"
  | "handedBack"
>;

/** What the page reads of the request, its client and agency (a forwarded link's row has `forward`). */
interface PageRequest {
  id: string;
  agencyId: string;
  isDemo: boolean;
  status: AccessRequestRow["status"];
  expiresAt: Date | null;
  intakeRequested: boolean;
  intakeCompletedAt: Date | null;
  thankYouMessage: string | null;
  redirectUrl: string | null;
  client: { name: string; language: string };
  agency: { id: string; name: string; accentColor: string | null; logoMimeType: string | null; updatedAt: Date };
  services: PageService[];
  forward?: AccessRequestRow["forward"];
}

interface PageQuestion {
  id: string;
  type: string;
  label: string;
  required: boolean;
  options: string[];
  translations: unknown;
}

interface PageData {
  row: PageRequest;
  accounts: AccountRow[];
  /** the agency's current intake questions, when the request asks for the form and it is not answered yet */
  questions: PageQuestion[];
  /** the agency's platform setup notices, when read with the page (notePlatformSetupNeeded reads them otherwise) */
  notices?: KnownSetupNotice[];
}

export function buildServiceView(
  locale: Locale,
  svc: PageService,
  accounts: ReadonlyMap<string, AccountRow>,
  open: boolean,
  modeOf: (platform: string) => PlatformMode = platformMode,
  /** a colleague's forwarded link: their email and the client who handed it over */
  colleague: { email: string; clientName: string } | null = null,
): AccessServiceView {
  const colleagueLink = colleague !== null;
  const mode = modeOf(svc.platform);
  // A one-click service whose platform is not live here shows its manual steps where the
  // catalog has them (Snapchat Ads); otherwise no button that can only fail.
  const flow = effectiveClientFlow(svc.serviceId, svc.platform, modeOf);
  const setupPending = flow === "one_click" && mode === "unconfigured";
  const serviceLinks = links(svc.accounts);
  const status = svc.status;
  const first = serviceLinks[0];
  const firstAccount = first?.internalAccountId ? accounts.get(first.internalAccountId) : undefined;
  const pending = status === "pending";
  const assets = Array.isArray(svc.grantedAssets) ? (svc.grantedAssets as { id: string; name: string | null }[]) : [];
  const forwarded = colleagueLink ? null : readForwardedTo(svc.forwardedTo);
  // Handed to a colleague, it is theirs: the client's page shows who has it and offers
  // nothing to do on it but taking it back.
  const mine = open && !forwarded;
  return {
    serviceId: svc.serviceId,
    name: serviceName(locale, svc.serviceId),
    status,
    awaitingConfirmation: svc.awaitingConfirmation,
    optional: svc.optional,
    flow,
    roleLabel: roleLabel(locale, svc.serviceId, svc.accessLevel),
    accounts: serviceLinks.map((l) =>
      accountLabel(l, l.internalAccountId ? accounts.get(l.internalAccountId) : undefined),
    ),
    steps:
      flow === "one_click" || forwarded
        ? []
        : instructionSteps(locale, svc.serviceId, inviteTarget(first, firstAccount, svc.platform)),
    grantedAssets: assets.map((a) => a.name ?? a.id),
    setupPending: mine && pending && setupPending,
    actions: {
      grant: mine && pending && flow === "one_click" && !setupPending,
      skip: mine && pending && svc.optional,
      reopen: mine && status === "skipped",
      // "I've sent the invite" / "I've done this": every service the client grants by hand
      inviteSent: mine && pending && flow !== "one_click" && !svc.awaitingConfirmation,
      forward: mine && pending && !colleagueLink,
      siteApproval:
        mine &&
        pending &&
        !svc.awaitingConfirmation &&
        !!getCatalogService(svc.serviceId)?.siteApproval &&
        mode !== "sandbox",
    },
    forwardedTo: forwarded ? { forwardId: forwarded.forwardId, name: forwarded.name, email: forwarded.email } : null,
    handedBack: handedBackView(svc, colleagueLink),
    grantedByColleague: forwarded && status === "granted" && svc.grantedBy === forwarded.email ? forwarded.name : null,
    byOther: doneByOther(svc, forwarded, colleague),
  };
}

function handedBackView(svc: PageService, colleagueLink: boolean): AccessServiceView["handedBack"] {
  if (colleagueLink || svc.status !== "pending" || readForwardedTo(svc.forwardedTo)) return null;
  const back = readHandedBack(svc.handedBack);
  return back ? { name: back.name, reason: back.reason } : null;
}

/**
 * Who granted or skipped a service when the page's viewer did not (AccessServiceView.byOther).
 * A service handed to a colleague is theirs: granted or skipped, it was their doing (a
 * manual one the agency confirmed included), unless the grant is recorded as the client's.
 * On the colleague's link, what the client granted is the client's.
 */
function doneByOther(
  svc: PageService,
  forwarded: ReturnType<typeof readForwardedTo>,
  colleague: { email: string; clientName: string } | null,
): string | null {
  if (colleague) return svc.status === "granted" && svc.grantedBy === "client" ? colleague.clientName : null;
  if (!forwarded) return null;
  if (svc.status === "skipped") return forwarded.name;
  return svc.status === "granted" && svc.grantedBy !== "client" ? forwarded.name : null;
}

/** The statement's row: the request's own columns as the page reads them, the rest flattened or as JSON. */
type InviteRow = Omit<PageRequest, "client" | "agency" | "services" | "forward"> & {
  clientName: string;
  clientLanguage: string;
  agencyName: string;
  accentColor: string | null;
  logoMimeType: string | null;
  agencyUpdatedAt: Date;
  services: unknown;
  accounts: unknown;
  questions: unknown;
  notices: unknown;
};

/**
 * The page's data for a client's own invite link in one SQL statement: the request, its
 * client and agency, the services in order, the agency accounts they name and the intake
 * questions (when the form is still to answer). The page is what every client opens, so it
 * costs one round trip instead of the six a relational load sends.
 */
async function loadByInviteToken(hash: string): Promise<PageData | null> {
  const db = await getDb();
  const rows = await db.$queryRaw<InviteRow[]>`
    SELECT r."id", r."agencyId", r."isDemo", r."status", r."expiresAt", r."intakeRequested", r."intakeCompletedAt",
           r."thankYouMessage", r."redirectUrl",
           c."name" AS "clientName", c."language" AS "clientLanguage",
           a."name" AS "agencyName", a."accentColor", a."logoMimeType", a."updatedAt" AS "agencyUpdatedAt",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'serviceId', s."serviceId", 'platform', s."platform", 'accessLevel', s."accessLevel",
                      'optional', s."optional", 'status', s."status", 'awaitingConfirmation', s."awaitingConfirmation",
                      'accounts', s."accounts", 'grantedAssets', s."grantedAssets", 'forwardedTo', s."forwardedTo",
                      'grantedBy', s."grantedBy", 'handedBack', s."handedBack"
                    ) ORDER BY s."position")
             FROM "RequestService" s WHERE s."requestId" = r."id"
           ), '[]'::json) AS "services",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'internalAccountId', ca."internalAccountId", 'displayName', ca."displayName", 'email', ca."email",
                      'platformAccountId', ca."platformAccountId", 'businessId', ca."businessId"
                    ))
             FROM "ConnectedAccount" ca
             WHERE ca."agencyId" = r."agencyId" AND ca."internalAccountId" IN (
               SELECT l ->> 'internalAccountId'
               FROM "RequestService" s2,
                    jsonb_array_elements(CASE WHEN jsonb_typeof(s2."accounts") = 'array' THEN s2."accounts" ELSE '[]'::jsonb END) l
               WHERE s2."requestId" = r."id"
             )
           ), '[]'::json) AS "accounts",
           CASE WHEN r."intakeRequested" AND r."intakeCompletedAt" IS NULL THEN COALESCE((
             SELECT json_agg(json_build_object(
                      'id', q."id", 'type', q."type", 'label', q."label", 'required', q."required",
                      'options', q."options", 'translations', q."translations"
                    ) ORDER BY q."position", q."createdAt", q."id")
             FROM "IntakeQuestion" q WHERE q."agencyId" = r."agencyId" AND q."archivedAt" IS NULL
           ), '[]'::json) ELSE '[]'::json END AS "questions",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'platform', n."platform", 'lastSeenAt', n."lastSeenAt", 'lastEmailedAt', n."lastEmailedAt"
                    ))
             FROM "PlatformSetupNotice" n WHERE n."agencyId" = r."agencyId"
           ), '[]'::json) AS "notices"
    FROM "AccessRequest" r
    JOIN "Client" c ON c."id" = r."clientId"
    JOIN "Agency" a ON a."id" = r."agencyId"
    WHERE r."inviteTokenHash" = ${hash}`;
  const r = rows[0];
  if (!r) return null;
  const { clientName, clientLanguage, agencyName, accentColor, logoMimeType, agencyUpdatedAt, ...columns } = r;
  const { services, accounts, questions, notices, ...own } = columns;
  return {
    row: {
      ...own,
      client: { name: clientName, language: clientLanguage },
      agency: { id: r.agencyId, name: agencyName, accentColor, logoMimeType, updatedAt: agencyUpdatedAt },
      services: jsonColumn<PageService[]>(services),
    },
    accounts: jsonColumn<AccountRow[]>(accounts),
    questions: jsonColumn<PageQuestion[]>(questions),
    notices: jsonColumn<{ platform: string; lastSeenAt: string; lastEmailedAt: string | null }[]>(notices).map((n) => ({
      platform: n.platform,
      lastSeenAt: new Date(n.lastSeenAt),
      lastEmailedAt: n.lastEmailedAt === null ? null : new Date(n.lastEmailedAt),
    })),
  };
}

/** A colleague's forwarded link (and any token not found as an invite): the relational load. */
async function loadByOtherToken(token: string): Promise<PageData | null> {
  // A link taken back whole still opens, to tell the colleague it is no longer theirs.
  const row = (await findRequestByToken(token)) ?? (await findTakenBackLink(token));
  if (!row) return null;
  const db = await getDb();
  const accountIds = [
    ...new Set(
      row.services.flatMap((s) =>
        links(s.accounts)
          .map((l) => l.internalAccountId)
          .filter((id): id is string => !!id),
      ),
    ),
  ];
  const [accounts, questions] = await Promise.all([
    accountIds.length > 0
      ? db.connectedAccount.findMany({
          where: { agencyId: row.agencyId, internalAccountId: { in: accountIds } },
          select: {
            internalAccountId: true,
            displayName: true,
            email: true,
            platformAccountId: true,
            businessId: true,
          },
        })
      : Promise.resolve([]),
    row.intakeRequested && row.intakeCompletedAt === null
      ? db.intakeQuestion.findMany({
          where: { agencyId: row.agencyId, archivedAt: null },
          orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
        })
      : Promise.resolve([]),
  ]);
  return { row, accounts, questions };
}

export async function loadAccessPage(opts: { token: string; now?: Date }): Promise<AccessPageView | null> {
  const now = opts.now ?? new Date();
  if (!isTokenShaped(opts.token)) return null;
  const data = (await loadByInviteToken(hashToken(opts.token))) ?? (await loadByOtherToken(opts.token));
  if (!data) return null;
  const { row } = data;
  const locale = requestLocale(row);
  const status = requestStatus(row, now);
  const open = status === "pending" || status === "in_progress";
  const questions = open ? data.questions : [];
  const accounts = new Map(data.accounts.map((a) => [a.internalAccountId, a]));

  const platforms: AccessPlatformView[] = [];
  for (const svc of row.services) {
    let group = platforms.find((p) => p.platform === svc.platform);
    if (!group) {
      group = { platform: svc.platform, name: getPlatform(svc.platform)?.name ?? svc.platform, services: [] };
      platforms.push(group);
    }
    group.services.push(
      buildServiceView(
        locale,
        svc,
        accounts,
        open,
        platformMode,
        row.forward ? { email: row.forward.email, clientName: row.client.name } : null,
      ),
    );
  }
  if (open && !row.isDemo) {
    // the client came: the request is not stalled (a failure to record it must not break the page)
    await noteClientActivity({ requestId: row.id, now }).catch((err) =>
      log().error({ err }, "access page: could not record the client's activity"),
    );
  }
  const waitingOn = platforms.filter((p) => p.services.some((s) => s.setupPending)).map((p) => p.platform);
  if (waitingOn.length > 0 && !row.isDemo) {
    // The agency is told; a failure to record it must not break the client's page.
    await notePlatformSetupNeeded({ agencyId: row.agencyId, platforms: waitingOn, now, known: data.notices }).catch(
      (err) => log().error({ err }, "access page: could not record a platform setup notice"),
    );
  }

  return {
    token: opts.token,
    requestId: row.id,
    locale,
    status,
    open,
    agency: {
      id: row.agency.id,
      name: row.agency.name,
      logoUrl: agencyLogoUrl(row.agency),
      accent: accentColors(row.agency.accentColor),
    },
    progress: progress({
      services: row.services.map((s) => ({
        serviceId: s.serviceId,
        optional: s.optional,
        status: s.status,
        awaitingConfirmation: s.awaitingConfirmation,
      })),
      intakeRequested: row.intakeRequested,
      intakeCompleted: row.intakeCompletedAt !== null,
    }),
    platforms,
    intake: row.intakeRequested
      ? {
          complete: row.intakeCompletedAt !== null,
          questions: questions.map((q) => {
            const shown = localizeQuestion(q, row.client.language);
            return {
              id: q.id,
              type: (QUESTION_TYPES.has(q.type) ? q.type : "text") as IntakeQuestionView["type"],
              label: shown.label,
              required: q.required,
              options: [...q.options],
              optionLabels: shown.optionLabels,
            };
          }),
        }
      : null,
    thankYouMessage: row.thankYouMessage,
    redirectUrl: row.redirectUrl,
    preview: row.isDemo,
    colleague: row.forward
      ? {
          from: row.client.name,
          note: row.forward.note,
          takenBack: row.forward.takenBack.map((id) => serviceName(locale, id)),
          declined: row.forward.declined.map((id) => serviceName(locale, id)),
          revoked: row.forward.revoked,
        }
      : null,
    viewerActor: row.forward ? colleagueActor(row.forward.email) : "client",
    forwardable: platforms.flatMap((p) =>
      p.services.filter((s) => s.actions.forward).map((s) => ({ serviceId: s.serviceId, name: s.name })),
    ),
  };
}
