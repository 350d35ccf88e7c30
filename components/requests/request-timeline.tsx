"use client";
// The request's timeline in plain language ("Maria granted Meta Ad Account · 7:51"),
// oldest first, with the technical entries (updates, successful attempt reports, event
// names and versions) folded under "Details"; and the client's intake answers in the
// form's order.
import type {
  TDescribedTimelineEntry,
  TIntakeAnswerView,
} from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";

const DOT = { good: "bg-green-500", bad: "bg-red-500", neutral: "bg-slate-400" } as const;

export function RequestTimeline({ entries }: { entries: TDescribedTimelineEntry[] }) {
  const main = entries.filter((e) => !e.technical);
  return (
    <Card title="Timeline">
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing has happened yet.</p>
      ) : (
        <>
          <ol className="space-y-3" data-testid="timeline">
            {main.map((e) => (
              <li key={e.id} className="flex gap-2" data-tone={e.tone}>
                <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${DOT[e.tone]}`} />
                <p className="min-w-0 text-sm">
                  <span className="break-words">{e.text}</span>
                  {e.link ? (
                    <>
                      {" · "}
                      <a href={e.link.href} className="font-medium underline underline-offset-2">
                        {e.link.label}
                      </a>
                    </>
                  ) : null}
                  <span className="text-slate-600">
                    {" · "}
                    <DateTime value={e.createdAt} />
                  </span>
                </p>
              </li>
            ))}
          </ol>
          <details className="mt-4 text-sm" data-testid="timeline-details">
            <summary className="cursor-pointer text-slate-700">
              Details ({entries.length} {entries.length === 1 ? "event" : "events"})
            </summary>
            <ol className="mt-2 space-y-1.5">
              {entries.map((e) => (
                <li key={e.id} className="text-xs text-slate-600" data-event-type={e.type}>
                  <code className="text-slate-800">{e.type}</code>
                  {e.stateVersion !== null ? ` · version ${e.stateVersion}` : ""}
                  {e.status ? ` · ${e.status}` : ""} · <DateTime value={e.createdAt} zone />
                </li>
              ))}
            </ol>
          </details>
        </>
      )}
    </Card>
  );
}

export function IntakeAnswers({
  requested,
  complete,
  answers,
}: {
  requested: boolean;
  complete: boolean;
  answers: TIntakeAnswerView[];
}) {
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
              <dd className="whitespace-pre-wrap text-sm text-slate-700">
                {Array.isArray(a.value) ? a.value.join(", ") : a.value || "—"}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
