"use client";
// Edits an open request's services (or asks a completed one for more access): the same
// service picker as a new request, prefilled with what the request asks today. Services
// whose role and accounts stay the same keep their progress; the client sees what is new.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { TEditRequestInput } from "@/lib/core/requests/edit-request";
import { useInvalidateRequests } from "@/components/requests/use-requests";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { expiryFromDate } from "@/components/requests/new-request-form";
import { ServicePicker, type PickedServices } from "@/components/services/service-picker";

export interface EditRequestFormProps {
  requestId: string;
  accounts: SerializedAccount[];
  /** the request's services as it asks them today */
  initial: PickedServices;
  /** the request is completed: saving reopens it ("Ask for more access") */
  reopening: boolean;
  /** the deadline has passed: a new one is required to reopen */
  needsDeadline: boolean;
  clientName: string;
  clientEmail: string;
  save: (
    input: TEditRequestInput,
  ) => Promise<ActionResult<{ id: string; changed: boolean; reopened: boolean; emailedTo: string | null }>>;
}

export function EditRequestForm({
  requestId,
  accounts,
  initial,
  reopening,
  needsDeadline,
  clientName,
  clientEmail,
  save,
}: EditRequestFormProps) {
  const router = useRouter();
  const invalidate = useInvalidateRequests();
  const [services, setServices] = useState<PickedServices>(initial);
  const [expiry, setExpiry] = useState("");
  // asking for more is pointless if the client never hears of it: on by default
  const [emailClient, setEmailClient] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const today = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const expiresAt = expiryFromDate(expiry);
        const input = {
          requestId,
          requestedServices: services,
          ...(expiresAt ? { expiresAt } : {}),
          ...(reopening ? { emailClient } : {}),
        };
        const saved = await runAction(() => save(input), { onFieldErrors: setErrors });
        setBusy(false);
        if (saved) {
          toast.success(
            saved.reopened
              ? saved.emailedTo
                ? `The request is open again; ${clientName} was emailed the link (${saved.emailedTo}).`
                : `The request is open again. ${clientName} was not emailed: send them the link or a reminder.`
              : saved.changed
                ? "Request updated."
                : "Nothing changed.",
          );
          await invalidate(requestId);
          router.push(`/dashboard/requests/${requestId}`);
        }
      }}
    >
      <Card
        title="Services"
        description="Add services or change roles and accounts. A service you leave as it is keeps its progress; a changed one is asked again."
      >
        <FieldError message={errors.requestedServices} />
        <ServicePicker accounts={accounts} value={services} onChange={setServices} errors={errors} />
      </Card>
      {reopening || needsDeadline ? (
        <Card title="Deadline">
          <Field
            id="expiresAt"
            label="New deadline"
            optional={!needsDeadline}
            hint={
              needsDeadline
                ? "The request's deadline has passed: choose a new one so the client can grant what is new."
                : "Leave empty to keep the current deadline."
            }
            error={errors.expiresAt}
          >
            <Input
              id="expiresAt"
              type="date"
              value={expiry}
              min={day(new Date(today.getTime() + 86_400_000))}
              max={day(new Date(today.getTime() + 364 * 86_400_000))}
              onChange={(e) => setExpiry(e.target.value)}
              invalid={!!errors.expiresAt}
              aria-describedby="expiresAt-error"
            />
          </Field>
        </Card>
      ) : null}
      {reopening ? (
        <Card title="Tell the client">
          <Checkbox
            id="emailClient"
            label={`Email ${clientName} the link`}
            hint={`Sent to ${clientEmail}, in their language. The link is the same; it now asks only for what is new.`}
            checked={emailClient}
            onChange={(e) => setEmailClient(e.target.checked)}
          />
        </Card>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} disabled={busy}>
          {reopening ? "Ask for more access" : "Save changes"}
        </Button>
        <Link
          href={`/dashboard/requests/${requestId}`}
          className="inline-flex items-center px-3 text-sm text-indigo-700 hover:underline"
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}
