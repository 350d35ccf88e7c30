// One request for the dashboard's detail page: the dashboard view, the intake answers the
// client gave and the event timeline. Another agency's request reads as missing (404).
import { getDb } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { dashboardRequestInclude, serializeDashboardRequest, type TDashboardRequest } from "@/lib/surfaces/dashboard/requests/dashboard-request-view";
import { lastRemindersOf } from "@/lib/core/requests/send-reminder-now";
import { getRequestTimeline, type TTimelineEntry } from "@/lib/core/requests/get-request-timeline";

export interface TIntakeAnswerView {
  questionId: string;
  label: string;
  type: string;
  value: string | string[];
  answeredAt: string;
}

export interface TDashboardRequestDetail {
  request: TDashboardRequest;
  intakeAnswers: TIntakeAnswerView[];
  timeline: TTimelineEntry[];
  /** when the last reminder email (manual or scheduled) was queued */
  lastReminderAt: string | null;
}

export async function getRequestForDashboard(opts: { agencyId: string; id: string; now?: Date }): Promise<TDashboardRequestDetail> {
  const db = await getDb();
  const row = await db.accessRequest.findFirst({ where: { id: opts.id, agencyId: opts.agencyId, isDemo: false }, include: dashboardRequestInclude });
  if (!row) throw notFound("Request");
  const [answers, timeline, reminders] = await Promise.all([
    db.intakeAnswer.findMany({ where: { agencyId: opts.agencyId, requestId: row.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    getRequestTimeline({ agencyId: opts.agencyId, requestId: row.id }),
    lastRemindersOf([row.id]),
  ]);
  return {
    request: serializeDashboardRequest(row, opts.now),
    intakeAnswers: answers.map((a) => ({
      questionId: a.questionId,
      label: a.questionLabel,
      type: a.questionType,
      value: Array.isArray(a.value) ? (a.value as unknown[]).map(String) : String(a.value ?? ""),
      answeredAt: a.createdAt.toISOString(),
    })),
    timeline,
    lastReminderAt: reminders.get(row.id)?.toISOString() ?? null,
  };
}
