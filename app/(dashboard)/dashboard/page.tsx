// The dashboard's home: what needs attention now. Requests waiting on the client (with
// their age), links with no activity for a few days (with a one-click reminder), grants
// that failed this week, this month's usage, and recent activity in plain language.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { RemindButton } from "@/components/home/remind-button";
import { can } from "@/lib/core/auth/roles";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import {
  getDashboardHome,
  STALLED_AFTER_DAYS,
  type HomeEvent,
  type HomeRequest,
} from "@/lib/surfaces/dashboard/home/get-dashboard-home";
import { dismissChecklistAction, sendReminderAction } from "@/app/(dashboard)/dashboard/home-actions";
import { FirstRunChecklist } from "@/components/home/first-run-checklist";
import { getFirstRunChecklist } from "@/lib/surfaces/dashboard/home/get-first-run-checklist";

export const metadata: Metadata = { title: "Home" };
export const dynamic = "force-dynamic";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "1 day ago", "12 days ago": computed on the server, so no zone or locale can differ. */
function age(iso: string, now: number): string {
  const days = Math.floor((now - Date.parse(iso)) / DAY_MS);
  return days <= 0 ? "today" : days === 1 ? "1 day ago" : `${days} days ago`;
}

function RequestRow({ r, now, remind }: { r: HomeRequest; now: number; remind: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <Link
          href={`/dashboard/requests/${r.id}`}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          {r.clientName}
        </Link>
        <p className="text-sm text-slate-600">
          Sent {age(r.createdAt, now)} · last activity {age(r.lastActivityAt, now)} · {r.progress.done} of{" "}
          {r.progress.total} done
          {r.lastReminderAt ? ` · reminded ${age(r.lastReminderAt, now)}` : ""}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Badge status={r.status} />
        {remind && r.canRemind ? (
          <RemindButton requestId={r.id} clientName={r.clientName} send={sendReminderAction} />
        ) : null}
      </div>
    </li>
  );
}

function EventRow({ e, now }: { e: HomeEvent; now: number }) {
  const dot = e.tone === "good" ? "bg-emerald-500" : e.tone === "bad" ? "bg-red-500" : "bg-slate-400";
  const text = e.requestId ? (
    <Link href={`/dashboard/requests/${e.requestId}`} className="text-slate-900 underline-offset-2 hover:underline">
      {e.text}
    </Link>
  ) : (
    e.text
  );
  return (
    <li className="flex items-start gap-2 py-1.5 text-sm">
      <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${dot}`} />
      <span className="min-w-0 flex-1">{text}</span>
      <span className="shrink-0 text-slate-600">{age(e.createdAt, now)}</span>
    </li>
  );
}

export default async function DashboardHomePage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard");
  const [home, checklist] = await Promise.all([
    getDashboardHome({ agencyId: ctx.agencyId }),
    getFirstRunChecklist({ agencyId: ctx.agencyId }),
  ]);
  // eslint-disable-next-line react-hooks/purity -- a server component renders once per request
  const now = Date.now();
  const remind = can(ctx.role, "requests:write");
  const { clients, prospects } = home.usage;
  const limitText = (c: { used: number; limit: number | null }) =>
    c.limit === null ? `${c.used} (no limit)` : `${c.used} of ${c.limit}`;
  return (
    <>
      <PageHeader title="Home" description="What needs your attention today." />
      {checklist.show ? <FirstRunChecklist checklist={checklist} dismiss={dismissChecklistAction} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={`Waiting on the client (${home.waiting.total})`} description="Open requests, oldest first.">
          {home.waiting.oldest.length === 0 ? (
            <p className="text-sm text-slate-600">No request is waiting on a client.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="home-waiting">
              {home.waiting.oldest.map((r) => (
                <RequestRow key={r.id} r={r} now={now} remind={false} />
              ))}
            </ul>
          )}
        </Card>
        <Card
          title={`Stalled links (${home.stalled.length})`}
          description={`No activity for ${STALLED_AFTER_DAYS} days or more: a reminder often helps.`}
        >
          {home.stalled.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing has stalled.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="home-stalled">
              {home.stalled.map((r) => (
                <RequestRow key={r.id} r={r} now={now} remind={remind} />
              ))}
            </ul>
          )}
        </Card>
        <Card title={`Grants that failed this week (${home.failedGrants.length})`}>
          {home.failedGrants.length === 0 ? (
            <p className="text-sm text-slate-600">No failed grants in the last 7 days.</p>
          ) : (
            <ul data-testid="home-failed">
              {home.failedGrants.map((e) => (
                <EventRow key={e.id} e={e} now={now} />
              ))}
            </ul>
          )}
        </Card>
        <Card
          title="This month's usage"
          actions={
            <Link href="/dashboard/usage" className="text-sm text-indigo-700 underline">
              Usage & plan
            </Link>
          }
        >
          <dl className="grid grid-cols-2 gap-4 text-sm" data-testid="home-usage">
            <div>
              <dt className="text-slate-600">Client links</dt>
              <dd className="text-lg font-semibold text-slate-900">{limitText(clients)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Prospects</dt>
              <dd className="text-lg font-semibold text-slate-900">{limitText(prospects)}</dd>
            </div>
          </dl>
        </Card>
        <Card title="Recent activity" className="lg:col-span-2">
          {home.recent.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing has happened yet.</p>
          ) : (
            <ul data-testid="home-recent">
              {home.recent.map((e) => (
                <EventRow key={e.id} e={e} now={now} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
