"use client";
// One webhook: its settings, the actions (send test, pause or resume, rotate the secret,
// delete), the edit form and the delivery log.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SecretNotice } from "@/components/api-keys/secret-notice";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { EventPicker, eventsError } from "@/components/webhooks/event-picker";
import { useWebhook, useWebhookCache } from "@/components/webhooks/use-webhooks";
import { eventsSummary } from "@/components/webhooks/webhooks-panel";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { TUpdateWebhookBody, TWebhook, TWebhookTestResult } from "@/lib/core/webhooks/schemas";
import { DateTime } from "@/components/ui/date-time";
import { webhookUrlMessage } from "@/lib/surfaces/dashboard/webhook-url-message";

type IdAction<T> = (input: { id: string }) => Promise<ActionResult<T>>;

export interface WebhookActions {
  update: (input: { id: string; input: TUpdateWebhookBody }) => Promise<ActionResult<TWebhook>>;
  pause: IdAction<TWebhook>;
  resume: IdAction<TWebhook>;
  remove: IdAction<{ id: string; deleted: true }>;
  rotate: IdAction<{ webhook: TWebhook; secret: string; previousSecretExpiresAt: string }>;
  test: IdAction<TWebhookTestResult>;
}

export interface WebhookDetailProps {
  initialWebhook: TWebhook;
  eventTypes: readonly string[];
  canWrite: boolean;
  actions: WebhookActions;
}

export function WebhookDetail({ initialWebhook, eventTypes, canWrite, actions }: WebhookDetailProps) {
  const id = initialWebhook.id;
  const { data: webhook = initialWebhook } = useWebhook(id, initialWebhook);
  const cache = useWebhookCache();
  const router = useRouter();
  const [test, setTest] = useState<TWebhookTestResult | null>(null);
  const [testing, setTesting] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [rotated, setRotated] = useState<{ secret: string; previousSecretExpiresAt: string } | null>(null);

  async function sendTest() {
    setTesting(true);
    try {
      const result = await runAction(() => actions.test({ id }));
      if (result) setTest(result);
      await cache.invalidateDeliveries(id);
    } finally {
      setTesting(false);
    }
  }

  async function togglePause() {
    setToggling(true);
    try {
      const paused = webhook.status === "paused";
      const next = await runAction(() => (paused ? actions.resume({ id }) : actions.pause({ id })), {
        success: paused ? "Webhook resumed." : "Webhook paused.",
      });
      if (next) await cache.setWebhook(next);
    } finally {
      setToggling(false);
    }
  }

  return (
    <div className="space-y-6">
      {rotated ? (
        <SecretNotice title="New signing secret" value={rotated.secret} onDone={() => setRotated(null)}>
          <p className="mt-2 text-sm text-emerald-900" data-testid="previous-secret-expiry">
            The previous secret keeps signing deliveries until <DateTime value={rotated.previousSecretExpiresAt} />, so
            you can switch without missing any.
          </p>
        </SecretNotice>
      ) : null}

      <Card
        title={<span className="break-all">{webhook.url}</span>}
        description={eventsSummary(webhook.events)}
        actions={<Badge status={webhook.status} />}
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Created</dt>
            <dd className="text-slate-900">
              <DateTime value={webhook.createdAt} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Last changed</dt>
            <dd className="text-slate-900">
              <DateTime value={webhook.updatedAt} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Previous secret</dt>
            <dd className="text-slate-900">
              {webhook.secretRotation.previousSecretExpiresAt ? (
                <>
                  Signs until <DateTime value={webhook.secretRotation.previousSecretExpiresAt} />
                </>
              ) : (
                "None: one secret signs"
              )}
            </dd>
          </div>
        </dl>
        {canWrite ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            <Button busy={testing} onClick={sendTest}>
              Send test event
            </Button>
            <Button variant="secondary" busy={toggling} onClick={togglePause}>
              {webhook.status === "paused" ? "Resume" : "Pause"}
            </Button>
            <ConfirmButton
              variant="secondary"
              title="Rotate the signing secret?"
              description="You get a new secret now. The current one keeps signing for 24 hours; rotating again within that time ends it at once."
              confirmLabel="Rotate secret"
              onConfirm={async () => {
                const result = await runAction(() => actions.rotate({ id }), { success: "Secret rotated." });
                if (result) {
                  setRotated({ secret: result.secret, previousSecretExpiresAt: result.previousSecretExpiresAt });
                  await cache.setWebhook(result.webhook);
                }
              }}
            >
              Rotate secret
            </ConfirmButton>
            <ConfirmButton
              title="Delete this webhook?"
              description="Its pending deliveries are cancelled and nothing more is sent to it."
              confirmLabel="Delete webhook"
              onConfirm={async () => {
                const done = await runAction(() => actions.remove({ id }), { success: "Webhook deleted." });
                if (done) {
                  await cache.invalidateList();
                  router.push("/dashboard/webhooks");
                }
              }}
            >
              Delete
            </ConfirmButton>
          </div>
        ) : null}
        {test ? <TestResult result={test} /> : null}
      </Card>

      {canWrite ? (
        <EditWebhookForm
          key={webhook.updatedAt}
          webhook={webhook}
          eventTypes={eventTypes}
          onSave={(input) => saveEdit(input)}
        />
      ) : null}

      <DeliveryLog webhookId={id} eventTypes={eventTypes} />
    </div>
  );

  async function saveEdit(input: TUpdateWebhookBody) {
    const fieldErrors: Record<string, string> = {};
    const next = await runAction(() => actions.update({ id, input }), {
      success: "Webhook saved.",
      onFieldErrors: (e) => Object.assign(fieldErrors, e),
    });
    if (next) await cache.setWebhook(next);
    return { ok: next !== null, fieldErrors };
  }
}

function TestResult({ result }: { result: TWebhookTestResult }) {
  return (
    <div
      role="status"
      data-testid="test-result"
      className={`mt-4 rounded-lg border px-3 py-2 text-sm ${result.delivered ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}
    >
      <p className="font-medium">
        {result.delivered ? "Test delivered" : "Test not delivered"}
        {result.statusCode !== null ? `: HTTP ${result.statusCode}` : ""} in {result.durationMs} ms
      </p>
      {result.error ? <p className="mt-0.5">{result.error}</p> : null}
    </div>
  );
}

interface EditWebhookFormProps {
  webhook: TWebhook;
  eventTypes: readonly string[];
  onSave: (input: TUpdateWebhookBody) => Promise<{ ok: boolean; fieldErrors: Record<string, string> }>;
}

function EditWebhookForm({ webhook, eventTypes, onSave }: EditWebhookFormProps) {
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<string[]>(webhook.events);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // each refused save: the first marked field takes the focus, so its error is in view (at 375 px
  // the form sits below the webhook's details and deliveries)
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refused]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const { fieldErrors } = await onSave({ url, events });
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) setRefused((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Edit">
      <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate>
        <Field id="edit-webhook-url" label="Endpoint URL" error={webhookUrlMessage(errors.url)}>
          <Input
            id="edit-webhook-url"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            invalid={!!errors.url}
          />
        </Field>
        <EventPicker
          idPrefix="edit-webhook-event"
          eventTypes={eventTypes}
          value={events}
          onChange={setEvents}
          error={eventsError(errors)}
        />
        <Button type="submit" busy={busy}>
          Save changes
        </Button>
      </form>
    </Card>
  );
}
