"use client";
// The notifications page: the member's list (mark read), their choices (which events, email
// instantly, as a daily digest or not at all), and the agency's Slack and Teams URLs for managers.
import Link from "next/link";
import { useState } from "react";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { TNotificationPreferences } from "@/lib/core/notifications/notification-settings";
import {
  NOTIFY_EVENT_LABELS,
  NOTIFY_EVENT_TYPES,
  type NotifyEmailMode,
  type NotifyEventType,
} from "@/lib/core/notifications/notification-types";
import type { TTeamsTestResult } from "@/lib/core/notifications/send-teams-messages";
import { useInvalidateNotifications, useNotifications } from "@/components/notifications/use-notifications";
import { TeamsSettingsCard } from "@/components/notifications/teams-settings-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { DateTime } from "@/components/ui/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";

export function NotificationsPanel({
  preferences,
  slackUrl,
  canEditSlack,
  savePreferences,
  markRead,
  saveSlack,
  teamsUrl,
  saveTeams,
  testTeams,
}: {
  preferences: TNotificationPreferences;
  slackUrl: string | null;
  canEditSlack: boolean;
  savePreferences: (input: TNotificationPreferences) => Promise<ActionResult<TNotificationPreferences>>;
  markRead: (input: { ids?: string[] }) => Promise<ActionResult<number>>;
  saveSlack: (input: { url: string | null }) => Promise<ActionResult<string | null>>;
  teamsUrl: string | null;
  saveTeams: (input: { url: string | null }) => Promise<ActionResult<string | null>>;
  testTeams: (input: { url: string | null }) => Promise<ActionResult<TTeamsTestResult>>;
}) {
  const list = useNotifications();
  const invalidate = useInvalidateNotifications();
  const [events, setEvents] = useState<NotifyEventType[]>(preferences.events);
  const [email, setEmail] = useState<NotifyEmailMode>(preferences.email);
  const [prefMsg, setPrefMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [slack, setSlack] = useState(slackUrl ?? "");
  const [slackMsg, setSlackMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader title="Notifications" description="What your team hears about when clients act." />
      <div className="grid gap-6 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="notification-list">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 id="notification-list" className="text-base font-semibold">
              Latest ({list.data?.unread ?? 0} unread)
            </h2>
            {(list.data?.unread ?? 0) > 0 ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={async () => {
                  await markRead({});
                  await invalidate();
                }}
              >
                Mark all read
              </Button>
            ) : null}
          </div>
          {list.isPending ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : rows.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing yet. You will see here when clients grant, skip or finish.</p>
          ) : (
            <ul
              className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
              data-testid="notification-items"
            >
              {rows.map((n) => (
                <li
                  key={n.id}
                  className={`flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm ${n.read ? "text-slate-700" : "font-semibold text-slate-900"}`}
                >
                  <span>
                    {n.clientId ? (
                      <Link href={`/dashboard/clients/${n.clientId}`} className="text-indigo-700 hover:underline">
                        {n.message}
                      </Link>
                    ) : (
                      n.message
                    )}{" "}
                    <span className="font-normal text-slate-600">
                      · <DateTime value={n.createdAt} />
                    </span>
                  </span>
                  {!n.read ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={async () => {
                        await markRead({ ids: [n.id] });
                        await invalidate();
                      }}
                    >
                      Mark read
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="space-y-6">
          <Card title="What you receive">
            <form
              className="space-y-3"
              onSubmit={async (e) => {
                e.preventDefault();
                const res = await savePreferences({ events, email });
                setPrefMsg(res.ok ? { ok: true, text: "Saved." } : { ok: false, text: res.error });
              }}
            >
              <fieldset className="space-y-2">
                <legend className="mb-1 text-sm font-medium text-slate-900">Notify me when</legend>
                {NOTIFY_EVENT_TYPES.map((t) => (
                  <Checkbox
                    key={t}
                    id={`notify-${t}`}
                    label={NOTIFY_EVENT_LABELS[t]}
                    checked={events.includes(t)}
                    onChange={(e) =>
                      setEvents((prev) => (e.target.checked ? [...prev, t] : prev.filter((x) => x !== t)))
                    }
                  />
                ))}
              </fieldset>
              <Field id="notify-email" label="Email">
                <Select
                  id="notify-email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value as NotifyEmailMode)}
                  options={[
                    { value: "instant", label: "At once" },
                    { value: "digest", label: "Daily digest" },
                    { value: "off", label: "No email (in the app only)" },
                  ]}
                />
              </Field>
              {prefMsg ? (
                prefMsg.ok ? (
                  <p role="status" className="text-sm text-green-800">
                    {prefMsg.text}
                  </p>
                ) : (
                  <FormAlert message={prefMsg.text} />
                )
              ) : null}
              <Button type="submit" size="sm">
                Save choices
              </Button>
            </form>
          </Card>
          <Card title="Slack" description="The same events, posted to a Slack channel through an incoming webhook.">
            <form
              className="space-y-3"
              onSubmit={async (e) => {
                e.preventDefault();
                const res = await saveSlack({ url: slack.trim() === "" ? null : slack.trim() });
                setSlackMsg(
                  res.ok
                    ? { ok: true, text: res.data ? "Saved. New events will be posted." : "Slack is off." }
                    : { ok: false, text: res.fieldErrors?.url ?? res.error },
                );
              }}
            >
              <Field id="slack-url" label="Incoming-webhook URL" hint="https://hooks.slack.com/services/…">
                <Input
                  id="slack-url"
                  type="url"
                  value={slack}
                  disabled={!canEditSlack}
                  onChange={(e) => setSlack(e.target.value)}
                />
              </Field>
              {slackMsg ? (
                slackMsg.ok ? (
                  <p role="status" className="text-sm text-green-800">
                    {slackMsg.text}
                  </p>
                ) : (
                  <FormAlert message={slackMsg.text} />
                )
              ) : null}
              {canEditSlack ? (
                <Button type="submit" size="sm">
                  Save Slack URL
                </Button>
              ) : (
                <p className="text-sm text-slate-600">Managers and owners set this.</p>
              )}
            </form>
          </Card>
          <TeamsSettingsCard teamsUrl={teamsUrl} canEdit={canEditSlack} saveTeams={saveTeams} testTeams={testTeams} />
        </div>
      </div>
    </>
  );
}
