// The request's event timeline (oldest first) and the client's intake answers.
import type { TIntakeAnswerView } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import type { TTimelineEntry } from "@/lib/core/requests/get-request-timeline";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";

const EVENT_LABELS: Record<string, string> = {
  "request.created": "Request created",
  "request.updated": "Request updated",
  "service.granted": "Service granted",
  "service.skipped": "Service skipped",
  "service.grant_failed": "Grant failed",
  "connection.attempt_completed": "Grant attempt finished",
  "intake.completed": "Intake form submitted",
  "request.completed": "Request completed",
  "request.cancelled": "Request cancelled",
  "request.expired": "Request expired",
};

export function RequestTimeline({ entries }: { entries: TTimelineEntry[] }) {
  return (
    <Card title="Timeline">
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">No events yet.</p>
      ) : (
        <ol className="space-y-3" data-testid="timeline">
          {entries.map((e) => (
            <li key={e.id} className="relative border-l-2 border-indigo-200 pl-3" data-event-type={e.type}>
              <p className="text-sm font-medium">
                {EVENT_LABELS[e.type] ?? e.type}
                {e.service ? <span className="font-normal text-slate-600"> · {e.service}</span> : null}
              </p>
              <p className="text-xs text-slate-600">
                <LocalTime iso={e.createdAt} /> · <code>{e.type}</code>
                {e.stateVersion !== null ? ` · version ${e.stateVersion}` : ""}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function IntakeAnswers({ requested, complete, answers }: { requested: boolean; complete: boolean; answers: TIntakeAnswerView[] }) {
  if (!requested) return null;
  return (
    <Card title="Intake answers" description={complete ? "Submitted by the client." : "Not submitted yet."}>
      {answers.length === 0 ? (
        <p className="text-sm text-slate-600">No answers yet.</p>
      ) : (
        <dl className="space-y-3" data-testid="intake-answers">
          {answers.map((a) => (
            <div key={a.questionId}>
              <dt className="text-sm font-medium">{a.label}</dt>
              <dd className="whitespace-pre-wrap text-sm text-slate-700">{Array.isArray(a.value) ? a.value.join(", ") : a.value || "—"}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
