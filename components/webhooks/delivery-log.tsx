"use client";
// A webhook's delivery log: newest first, filterable by event type and outcome, every
// attempt with its time, status or error, duration, response excerpt and next retry.
import { useState } from "react";
import { useDeliveries } from "@/components/webhooks/use-webhooks";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import type { TDelivery, TDeliveryAttempt } from "@/lib/core/webhooks/schemas";
import { DateTime } from "@/components/ui/date-time";
import type { ReactNode } from "react";

const OUTCOMES = ["pending", "succeeded", "failed", "cancelled"] as const;
const OUTCOME_TONES: Record<string, BadgeTone> = {
  pending: "amber",
  succeeded: "green",
  failed: "red",
  cancelled: "gray",
};

function time(iso: string): ReactNode {
  return <DateTime value={iso} />;
}

export function DeliveryLog({ webhookId, eventTypes }: { webhookId: string; eventTypes: readonly string[] }) {
  const [eventType, setEventType] = useState("");
  const [outcome, setOutcome] = useState("");
  const log = useDeliveries(webhookId, { eventType, outcome });
  const deliveries = log.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Card
      title="Delivery log"
      description="Every delivery to this endpoint and each of its attempts. Refreshes every few seconds."
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <Field id="log-event-type" label="Event type">
          <Select id="log-event-type" value={eventType} onChange={(e) => setEventType(e.target.value)}>
            <option value="">All event types</option>
            {eventTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="log-outcome" label="Outcome">
          <Select id="log-outcome" value={outcome} onChange={(e) => setOutcome(e.target.value)}>
            <option value="">All outcomes</option>
            {OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {o.charAt(0).toUpperCase() + o.slice(1)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {log.isError ? <p className="text-sm text-red-700">{log.error.message}</p> : null}
      {deliveries.length === 0 && !log.isLoading ? (
        <EmptyState
          title="No deliveries"
          description={
            eventType || outcome ? "Nothing matches these filters." : "Send a test event, or wait for the next event."
          }
        />
      ) : (
        <ul className="space-y-3" aria-label="Deliveries">
          {deliveries.map((d) => (
            <DeliveryItem key={d.id} d={d} />
          ))}
        </ul>
      )}
      <Pagination
        hasMore={!!log.hasNextPage}
        loading={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
        shown={deliveries.length}
      />
    </Card>
  );
}

function DeliveryItem({ d }: { d: TDelivery }) {
  return (
    <li className="rounded-lg border border-slate-200" data-delivery={d.id} data-event-type={d.eventType}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
        <code className="text-sm font-medium text-slate-900">{d.eventType}</code>
        <Badge tone={OUTCOME_TONES[d.status] ?? "gray"}>{d.status.charAt(0).toUpperCase() + d.status.slice(1)}</Badge>
        <span className="text-xs text-slate-600">
          {d.attempts.length} attempt{d.attempts.length === 1 ? "" : "s"} · created {time(d.createdAt)}
          {d.nextAttemptAt ? <> · next attempt {time(d.nextAttemptAt)}</> : ""}
        </span>
        <code className="ml-auto text-xs text-slate-600">{d.eventId}</code>
      </div>
      {d.attempts.length ? (
        <div
          className="overflow-x-auto border-t border-slate-100"
          tabIndex={0}
          role="region"
          aria-label={`Attempts of ${d.eventId}`}
        >
          <table className="min-w-full text-sm">
            <caption className="sr-only">Attempts of {d.eventId}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-1.5">
                  #
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Time
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Result
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Duration
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Response
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Next retry
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.attempts.map((a) => (
                <AttemptRow key={a.id} a={a} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}

function AttemptRow({ a }: { a: TDeliveryAttempt }) {
  const ok = a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;
  return (
    <tr data-attempt={a.number}>
      <td className="px-3 py-1.5 tabular-nums text-slate-600">{a.number}</td>
      <td className="whitespace-nowrap px-3 py-1.5 text-slate-700">{time(a.startedAt)}</td>
      <td className="px-3 py-1.5">
        {a.statusCode !== null ? (
          <span className={ok ? "font-medium text-emerald-800" : "font-medium text-red-700"}>HTTP {a.statusCode}</span>
        ) : null}
        {a.error ? <span className="block text-red-700">{a.error}</span> : null}
      </td>
      <td className="whitespace-nowrap px-3 py-1.5 tabular-nums text-slate-700">{a.durationMs} ms</td>
      <td className="max-w-xs px-3 py-1.5">
        {a.responseExcerpt ? (
          <code className="line-clamp-2 break-all text-xs text-slate-700">{a.responseExcerpt}</code>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-1.5 text-slate-700">{a.nextAttemptAt ? time(a.nextAttemptAt) : "—"}</td>
    </tr>
  );
}
