"use client";
// The webhooks page body: register an endpoint (URL and event types; the signing secret
// shown once) and the list of endpoints with their status.
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { SecretNotice } from "@/components/api-keys/secret-notice";
import { EventPicker, eventsError } from "@/components/webhooks/event-picker";
import { useWebhookCache, useWebhookList } from "@/components/webhooks/use-webhooks";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { Page } from "@/lib/surfaces/dashboard/dashboard-fetch";
import type { TCreateWebhookBody, TWebhook } from "@/lib/core/webhooks/schemas";
import { DateTime } from "@/components/ui/date-time";
import { webhookUrlMessage } from "@/lib/surfaces/dashboard/webhook-url-message";

export function eventsSummary(events: string[]): string {
  if (events.length === 1 && events[0] === "*") return "All events";
  if (events.includes("*")) return `All events, ${events.filter((e) => e !== "*").join(", ")}`;
  return events.length <= 2 ? events.join(", ") : `${events.slice(0, 2).join(", ")} +${events.length - 2} more`;
}

export interface WebhooksPanelProps {
  initialPage: Page<TWebhook>;
  eventTypes: readonly string[];
  canWrite: boolean;
  limit: number;
  create: (input: TCreateWebhookBody) => Promise<ActionResult<{ webhook: TWebhook; secret: string }>>;
}

export function WebhooksPanel({ initialPage, eventTypes, canWrite, limit, create }: WebhooksPanelProps) {
  const list = useWebhookList(initialPage);
  const cache = useWebhookCache();
  const [created, setCreated] = useState<{ webhook: TWebhook; secret: string } | null>(null);
  const webhooks = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="space-y-6">
      {created ? (
        <SecretNotice title="Signing secret of your new webhook" value={created.secret} onDone={() => setCreated(null)}>
          <p className="mt-2 text-sm text-emerald-900">
            Verify each delivery&apos;s <code>Service-Signature</code> header with it.{" "}
            <Link className="font-medium underline" href={`/dashboard/webhooks/${created.webhook.id}`}>
              Open the webhook
            </Link>{" "}
            to send a test event.
          </p>
        </SecretNotice>
      ) : null}
      {canWrite ? (
        <CreateWebhookForm
          eventTypes={eventTypes}
          disabled={webhooks.length >= limit}
          limit={limit}
          onCreate={async (input) => {
            const fieldErrors: Record<string, string> = {};
            const result = await runAction(() => create(input), {
              success: "Webhook created.",
              onFieldErrors: (e) => Object.assign(fieldErrors, e),
            });
            if (result) {
              setCreated(result);
              await cache.invalidateList();
            }
            return { ok: result !== null, fieldErrors };
          }}
        />
      ) : (
        <p className="text-sm text-slate-600">Managers and owners add and change webhooks.</p>
      )}

      {webhooks.length === 0 ? (
        <EmptyState
          title="No webhooks yet"
          description="Add an HTTPS endpoint to be told when clients grant access, requests complete and more."
        />
      ) : (
        <Table caption="Webhooks">
          <THead>
            <tr>
              <Th>Endpoint</Th>
              <Th>Events</Th>
              <Th>Status</Th>
              <Th>Created</Th>
            </tr>
          </THead>
          <TBody>
            {webhooks.map((w) => (
              <Tr key={w.id}>
                <Td>
                  <Link
                    href={`/dashboard/webhooks/${w.id}`}
                    className="break-all font-medium text-indigo-700 hover:underline"
                  >
                    {w.url}
                  </Link>
                </Td>
                <Td className="text-slate-700">{eventsSummary(w.events)}</Td>
                <Td>
                  <Badge status={w.status} />
                </Td>
                <Td className="whitespace-nowrap text-slate-600">
                  <DateTime value={w.createdAt} style="date" />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <Pagination
        hasMore={!!list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}

interface CreateWebhookFormProps {
  eventTypes: readonly string[];
  disabled: boolean;
  limit: number;
  onCreate: (input: TCreateWebhookBody) => Promise<{ ok: boolean; fieldErrors: Record<string, string> }>;
}

function CreateWebhookForm({ eventTypes, disabled, limit, onCreate }: CreateWebhookFormProps) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["*"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const result = await onCreate({ url, events });
      setErrors(result.fieldErrors);
      if (result.ok) {
        setUrl("");
        setEvents(["*"]);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Add a webhook"
      description={`HTTPS on port 443, reachable on the public internet. Up to ${limit} per agency.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="webhook-url" label="Endpoint URL" error={webhookUrlMessage(errors.url)}>
          <Input
            id="webhook-url"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            invalid={!!errors.url}
            placeholder="https://example.com/webhooks/access"
          />
        </Field>
        <EventPicker
          idPrefix="new-webhook-event"
          eventTypes={eventTypes}
          value={events}
          onChange={setEvents}
          error={eventsError(errors)}
        />
        <Button type="submit" busy={busy} disabled={disabled}>
          Add webhook
        </Button>
        {disabled ? (
          <p className="text-sm text-amber-800">This agency has {limit} webhooks; delete one to add another.</p>
        ) : null}
      </form>
    </Card>
  );
}
