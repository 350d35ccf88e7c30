"use client";
// The new-request form: client, services (roles, optional flag, account links), intake
// form, expiry, thank-you message, redirect URL and email. The server validates with the
// API's schema; its field errors are shown where they belong. "Preview as client" opens a
// demo request with the same choices in a new tab.
import { useRouter } from "next/navigation";
import Link from "next/link";
import { useState } from "react";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import type { TClient } from "@/lib/core/clients/schemas";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { z } from "zod";
import type { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { useInvalidateRequests } from "@/components/requests/use-requests";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import type { toCreateBody } from "@/components/clients/client-form";
import { ClientPicker } from "@/components/requests/client-picker";
import { ServicePicker, type PickedServices } from "@/components/services/service-picker";

type RequestBodyInput = z.input<typeof ZCreateRequestBody>;

export interface NewRequestFormProps {
  accounts: SerializedAccount[];
  intakeAvailable: boolean;
  initialClient: TClient | null;
  createClient: (input: ReturnType<typeof toCreateBody>) => Promise<ActionResult<TClient>>;
  createRequest: (input: RequestBodyInput) => Promise<ActionResult<{ id: string; inviteUrl: string }>>;
  previewRequest: (input: RequestBodyInput) => Promise<ActionResult<{ inviteUrl: string }>>;
}

function dateInputValue(d: Date) {
  return d.toISOString().slice(0, 10);
}

/** The end of the chosen day in the user's time zone, as the API's datetime. */
export function expiryFromDate(date: string): string | undefined {
  if (!date) return undefined;
  const d = new Date(`${date}T23:59:59`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function NewRequestForm({
  accounts,
  intakeAvailable,
  initialClient,
  createClient,
  createRequest,
  previewRequest,
}: NewRequestFormProps) {
  const router = useRouter();
  const invalidate = useInvalidateRequests();
  const [client, setClient] = useState<TClient | null>(initialClient);
  const [services, setServices] = useState<PickedServices>({});
  const [intake, setIntake] = useState(false);
  const [expiry, setExpiry] = useState("");
  const [thankYou, setThankYou] = useState("");
  const [redirectUrl, setRedirectUrl] = useState("");
  // on by default: an owner who creates a request expects the client to hear of it
  const [sendEmail, setSendEmail] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // raised on each refused create, so the summary beside the button takes the focus again
  const [refused, setRefused] = useState(0);
  const [busy, setBusy] = useState<"create" | "preview" | null>(null);
  const today = new Date();

  const body = (): RequestBodyInput => ({
    clientId: client?.id ?? "",
    requestedServices: services,
    ...(intake ? { intakeForm: { requested: true } } : {}),
    sendEmail,
    ...(thankYou.trim() ? { thankYouMessage: thankYou } : {}),
    ...(redirectUrl.trim() ? { redirectUrl: redirectUrl.trim() } : {}),
    ...(expiryFromDate(expiry) ? { expiresAt: expiryFromDate(expiry) } : {}),
  });

  const showErrors = (f: Record<string, string>) => {
    setErrors(f);
    if (Object.keys(f).length > 0) setRefused((n) => n + 1);
  };

  const validateLocally = (): boolean => {
    if (!client) {
      setErrors({ clientId: "Choose a client or create one." });
      setRefused((n) => n + 1);
      return false;
    }
    return true;
  };

  const count = Object.keys(services).length;
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!validateLocally()) return;
        setBusy("create");
        const created = await runAction(() => createRequest(body()), { onFieldErrors: showErrors });
        setBusy(null);
        if (created) {
          toast.success("Request created.");
          await invalidate();
          router.push(`/dashboard/requests/${created.id}`);
        }
      }}
    >
      <Card title="1. Client">
        <ClientPicker value={client} onChange={setClient} error={errors.clientId} createClient={createClient} />
      </Card>

      <Card
        title="2. Services"
        description="Pick what you need access to, the role for each, and which of your accounts gets it."
      >
        <FieldError message={errors.requestedServices} />
        <ServicePicker accounts={accounts} value={services} onChange={setServices} errors={errors} />
        <p className="mt-3 text-sm text-slate-600">
          {count ? `${count} service${count === 1 ? "" : "s"} selected.` : "No service selected yet."}
        </p>
      </Card>

      <Card title="3. Options">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Checkbox
              id="intake"
              label="Ask the intake form"
              hint={
                intakeAvailable ? (
                  "The client answers your intake questions as part of the request."
                ) : (
                  <>
                    Turn on your intake form and add questions first:{" "}
                    <Link href="/dashboard/intake" className="text-indigo-700 underline underline-offset-2">
                      Intake form
                    </Link>
                    .
                  </>
                )
              }
              checked={intake}
              disabled={!intakeAvailable}
              onChange={(e) => setIntake(e.target.checked)}
            />
            <FieldError message={errors["intakeForm.requested"] ?? errors.intakeForm} />
          </div>
          <Field
            id="expiresAt"
            label="Expires on"
            optional
            hint="After this day no new grants are accepted. At most one year ahead."
            error={errors.expiresAt}
          >
            <Input
              id="expiresAt"
              type="date"
              value={expiry}
              min={dateInputValue(new Date(today.getTime() + 86_400_000))}
              max={dateInputValue(new Date(today.getTime() + 364 * 86_400_000))}
              onChange={(e) => setExpiry(e.target.value)}
              invalid={!!errors.expiresAt}
              aria-describedby="expiresAt-error"
            />
          </Field>
          <Field
            id="redirectUrl"
            label="Redirect when done"
            optional
            hint="Where the client goes after finishing (http or https)."
            error={errors.redirectUrl}
          >
            <Input
              id="redirectUrl"
              type="url"
              placeholder="https://"
              value={redirectUrl}
              onChange={(e) => setRedirectUrl(e.target.value)}
              invalid={!!errors.redirectUrl}
              aria-describedby="redirectUrl-error"
            />
          </Field>
          <Field
            id="thankYouMessage"
            label="Thank-you message"
            optional
            className="sm:col-span-2"
            error={errors.thankYouMessage}
          >
            <Textarea
              id="thankYouMessage"
              value={thankYou}
              maxLength={2000}
              onChange={(e) => setThankYou(e.target.value)}
              invalid={!!errors.thankYouMessage}
              aria-describedby="thankYouMessage-error"
            />
          </Field>
          <div className="sm:col-span-2">
            <Checkbox
              id="sendEmail"
              label="Email the link to the client"
              hint={client ? `Sent to ${client.email}.` : undefined}
              checked={sendEmail}
              onChange={(e) => setSendEmail(e.target.checked)}
            />
          </div>
        </div>
      </Card>

      <ErrorSummary errors={errors} attempt={refused} title="The request was not created. Fix what is marked above:">
        {Object.values(errors).some((m) => /Accounts page/.test(m)) ? (
          <p className="mt-2" data-testid="next-step">
            Next:{" "}
            <Link href="/dashboard/accounts" target="_blank" className="font-medium underline underline-offset-2">
              connect the missing account on Connected accounts (opens in a new tab)
            </Link>
            , then create the request again: what you typed here stays.
          </p>
        ) : null}
      </ErrorSummary>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy === "create"} disabled={busy !== null}>
          Create request
        </Button>
        <Button
          variant="secondary"
          busy={busy === "preview"}
          disabled={busy !== null}
          onClick={async () => {
            if (!validateLocally()) return;
            // opened before the await so the browser does not block it as a pop-up
            const tab = window.open("about:blank", "_blank");
            setBusy("preview");
            const demo = await runAction(() => previewRequest(body()), { onFieldErrors: showErrors });
            setBusy(null);
            if (demo && tab) tab.location.href = demo.inviteUrl;
            else if (demo) window.open(demo.inviteUrl, "_blank", "noopener");
            else tab?.close();
          }}
        >
          Preview as client
        </Button>
      </div>
    </form>
  );
}
