// One request for the dashboard's detail page: the dashboard view with what staff read
// instead of internal values (account names, role labels), the intake answers in the
// form's order, and the timeline in plain language with the technical events marked so
// the page can fold them under "details". Another agency's request reads as missing (404).
import { acceptsNow } from "@/lib/core/invitations/accept-invitation-now";
import { getDb } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import {
  dashboardRequestInclude,
  serializeDashboardRequest,
  type TDashboardRequest,
} from "@/lib/surfaces/dashboard/requests/dashboard-request-view";
import { lastRemindersOf } from "@/lib/core/requests/send-reminder-now";
import { getRequestTimeline, type TTimelineEntry } from "@/lib/core/requests/get-request-timeline";
import { describeEvents, type DescribedEvent } from "@/lib/surfaces/dashboard/describe-event";
import { actorNames, describeActor } from "@/lib/core/events/actor-name";
import { instructionSteps, roleLabel } from "@/lib/core/catalog/catalog-messages";
import { localeForLanguage, t } from "@/lib/infra/i18n/dictionary";
import {
  listRequestAssignments,
  type TRequestAssignment,
} from "@/lib/surfaces/dashboard/requests/list-request-assignments";

export interface TIntakeAnswerView {
  questionId: string;
  label: string;
  type: string;
  value: string | string[];
  answeredAt: string;
}

/** A timeline entry with its sentence; `technical` ones (updates, attempt reports) fold away. */
export type TDescribedTimelineEntry = TTimelineEntry & DescribedEvent & { technical: boolean };

/** Per service (same order as request.services): what staff read instead of raw values. */
export interface TServiceLabels {
  service: string;
  /** the role as the catalog names it ("Admin", "Read only"), null for role-less services */
  role: string | null;
  /** the agency accounts receiving access, by name */
  accounts: string[];
  /** granted assets' roles as labels, keyed by asset id */
  assetRoles: Record<string, string>;
  /**
   * The steps the client was shown instead of a one-click grant (a one-click service whose
   * platform is not live here and that has manual steps: Snapchat Ads); empty otherwise.
   */
  manualSteps: string[];
  /** the platform accepts this service's pending invitation with the agency's own token: "Accept now" */
  acceptNow: boolean;
}

/** The manual steps a one-click service falls back to on this installation, in English. */
function manualStepsOf(service: string, platform: string, agencyAccount: string): string[] {
  const catalog = getCatalogService(service);
  if (
    catalog?.clientFlow !== "one_click" ||
    catalog.instructions.length === 0 ||
    platformMode(platform) !== "unconfigured"
  )
    return [];
  return instructionSteps("en", service, agencyAccount);
}

export interface TDashboardRequestDetail {
  request: TDashboardRequest;
  labels: TServiceLabels[];
  intakeAnswers: TIntakeAnswerView[];
  timeline: TDescribedTimelineEntry[];
  /** when the last reminder email (manual or scheduled) was queued */
  lastReminderAt: string | null;
  /** the agency's people given (or not) the assets this request's grants shared, oldest first */
  assignments: TRequestAssignment[];
  /** the "Email" button's message to the client, in the client's language as the client pages are */
  inviteEmail: { subject: string; body: string };
}

// Events that say how the state moved rather than what a person did: kept, but folded.
// A failed or partial attempt stays in view: it carries the platform's words.
function isTechnical(type: string, described: DescribedEvent): boolean {
  return (
    (type === "request.updated" && described.text === "Access request updated") ||
    (type === "connection.attempt_completed" && described.tone === "good")
  );
}

interface AccountRow {
  internalAccountId: string;
  platform: string;
  displayName: string | null;
  email: string | null;
  platformAccountId: string | null;
  businessName: string | null;
}

export function accountName(link: Record<string, string | null>, account: AccountRow | undefined): string {
  const named = account?.displayName ?? account?.email ?? account?.businessName ?? account?.platformAccountId;
  if (named) return named;
  if (link.adsMccAccountId) return `Manager account ${link.adsMccAccountId}`;
  if (link.businessManagerId) return `Business Manager ${link.businessManagerId}`;
  const platform = account ? (getPlatform(account.platform)?.name ?? account.platform) : null;
  return platform ? `Your ${platform} account` : "An account no longer connected";
}

/** What the client types into the platform's invite box (as on the client page). */
function inviteTargetOf(account: AccountRow | undefined): string {
  return account?.email ?? account?.platformAccountId ?? account?.displayName ?? "";
}

export async function getRequestForDashboard(opts: {
  agencyId: string;
  id: string;
  now?: Date;
}): Promise<TDashboardRequestDetail> {
  const db = await getDb();
  const row = await db.accessRequest.findFirst({
    where: { id: opts.id, agencyId: opts.agencyId, isDemo: false },
    include: dashboardRequestInclude,
  });
  if (!row) throw notFound("Request");
  const request = serializeDashboardRequest(row, opts.now);
  const accountIds = [
    ...new Set(request.services.flatMap((s) => s.accounts.map((a) => a.internalAccountId)).filter(Boolean)),
  ];
  const [answers, questions, events, bodies, accounts, reminders, reminderEmails, assignments] = await Promise.all([
    db.intakeAnswer.findMany({
      where: { agencyId: opts.agencyId, requestId: row.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.intakeQuestion.findMany({ where: { agencyId: opts.agencyId }, select: { id: true, position: true } }),
    getRequestTimeline({ agencyId: opts.agencyId, requestId: row.id }),
    db.event.findMany({
      where: { agencyId: opts.agencyId, requestId: row.id, test: false },
      select: { id: true, body: true },
    }),
    db.connectedAccount.findMany({
      where: { agencyId: opts.agencyId, internalAccountId: { in: accountIds } },
      select: {
        internalAccountId: true,
        platform: true,
        displayName: true,
        email: true,
        platformAccountId: true,
        businessName: true,
      },
    }),
    lastRemindersOf([row.id]),
    db.email.findMany({
      where: { agencyId: opts.agencyId, requestId: row.id, kind: "reminder" },
      select: { id: true, to: true, createdAt: true },
    }),
    listRequestAssignments({ agencyId: opts.agencyId, requestId: row.id }),
  ]);
  const bodyOfEvent = new Map(bodies.map((b) => [b.id, b.body]));
  const staff = await actorNames(
    db,
    opts.agencyId,
    events.map((e) => e.actor),
  );
  const described = describeEvents(
    events.map((e) => ({ ...e, body: bodyOfEvent.get(e.id) ?? "{}" })),
    row.client.name,
    (a) => describeActor(a, { clientName: row.client.name, names: staff }),
  );
  // reminders are emails, not events: they join the timeline in time order
  const timeline: TDescribedTimelineEntry[] = [
    ...events.map((e, i) => ({ ...e, ...described[i]!, technical: isTechnical(e.type, described[i]!) })),
    ...reminderEmails.map((m) => ({
      id: `reminder-${m.id}`,
      type: "reminder.sent",
      createdAt: m.createdAt.toISOString(),
      stateVersion: null,
      status: null,
      service: null,
      actor: null,
      text: `Reminder emailed to ${m.to}`,
      tone: "neutral" as const,
      technical: false,
    })),
    // the agency's people given the shared assets (not events: nothing the API reports)
    ...assignments.map((a) => ({
      id: `assignment-${a.id}`,
      type: a.assigned ? "people.assigned" : "people.not_assigned",
      createdAt: a.createdAt,
      stateVersion: null,
      status: null,
      service: null,
      actor: null,
      text: a.text,
      tone: a.assigned ? ("good" as const) : ("bad" as const),
      technical: false,
    })),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const position = new Map(questions.map((q) => [q.id, q.position]));
  const accountOf = new Map(accounts.map((a) => [a.internalAccountId, a]));
  // the form's order; a question since removed from the form keeps its answer, last
  const ordered = [...answers].sort(
    (a, b) =>
      (position.get(a.questionId) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.questionId) ?? Number.MAX_SAFE_INTEGER),
  );
  return {
    request,
    labels: request.services.map((s) => ({
      service: s.service,
      role: roleLabel("en", s.service, s.accessLevel),
      accounts: s.accounts.map((a) => accountName(a, accountOf.get(a.internalAccountId))),
      assetRoles: Object.fromEntries(
        s.grantedAssets.flatMap((a) => {
          const label = a.accessLevel ? roleLabel("en", s.service, a.accessLevel) : null;
          return label ? [[a.id, label]] : [];
        }),
      ),
      manualSteps: manualStepsOf(
        s.service,
        s.platform,
        inviteTargetOf(accountOf.get(s.accounts[0]?.internalAccountId ?? "")),
      ),
      acceptNow: s.status === "granted" && s.invitation?.status === "pending" && acceptsNow(s.platform),
    })),
    intakeAnswers: ordered.map((a) => ({
      questionId: a.questionId,
      label: a.questionLabel,
      type: a.questionType,
      value: Array.isArray(a.value) ? (a.value as unknown[]).map(String) : String(a.value ?? ""),
      answeredAt: a.createdAt.toISOString(),
    })),
    timeline,
    lastReminderAt: reminders.get(row.id)?.toISOString() ?? null,
    assignments,
    inviteEmail: {
      subject: t(localeForLanguage(row.client.language), "inviteMail.subject"),
      body: t(localeForLanguage(row.client.language), "inviteMail.body", {
        name: row.client.name,
        url: request.inviteUrl,
      }),
    },
  };
}
