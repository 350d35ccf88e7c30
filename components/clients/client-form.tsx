"use client";
// Create or edit a client with the API's fields. On edit, externalClientId can be set once
// and is locked afterwards. Field errors come back from the server keyed by field name.
// Inside another form (New request) it must not be a <form> of its own: a form nested in a
// form is invalid HTML, and a browser may then submit the outer one as a GET with the fields
// in the URL. There it is a group whose button and Enter key create the client by script.
import { useRef, useState, type KeyboardEvent } from "react";
import type { TClient, TCreateClientBody } from "@/lib/core/clients/schemas";
import { LANGUAGES } from "@/lib/core/clients/schemas";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

/** Each language in its own name too, so a Spanish or Dutch speaker finds theirs. */
const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  English: "English",
  Spanish: "Spanish (Español)",
  Dutch: "Dutch (Nederlands)",
};

export type ClientFormValues = Pick<TCreateClientBody, "name" | "email"> & {
  company: string;
  website: string;
  language: (typeof LANGUAGES)[number];
  externalClientId: string;
};

export interface ClientFormProps {
  /** the client being edited; absent to create */
  client?: TClient;
  idPrefix?: string;
  submitLabel?: string;
  compact?: boolean;
  /** inside another form: a group, not a <form>; Enter and the button submit it by script */
  nested?: boolean;
  submit: (values: ClientFormValues) => Promise<ActionResult<TClient>>;
  onSaved?: (client: TClient) => void;
  onCancel?: () => void;
}

/** `patch` field names come back prefixed on edit; strip it so errors land on the inputs. */
function unprefix(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^patch\./, ""), v]));
}

export function ClientForm({
  client,
  idPrefix = "client",
  submitLabel,
  compact,
  nested,
  submit,
  onSaved,
  onCancel,
}: ClientFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const container = useRef<HTMLElement | null>(null);
  const id = (f: string) => `${idPrefix}-${f}`;
  const lockedExternalId = client?.externalClientId ?? null;
  const field = (
    name: keyof ClientFormValues,
    label: string,
    opts: { type?: string; optional?: boolean; hint?: string } = {},
  ) => (
    <Field id={id(name)} label={label} optional={opts.optional} hint={opts.hint} error={errors[name]}>
      <Input
        id={id(name)}
        name={name}
        type={opts.type ?? "text"}
        defaultValue={client ? ((client[name as keyof TClient] as string | null) ?? "") : ""}
        invalid={!!errors[name]}
        aria-describedby={`${id(name)}-error`}
      />
    </Field>
  );
  const valueOf = (name: string): string => {
    const el = container.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
    return el?.value ?? "";
  };
  const send = async () => {
    if (busy) return;
    const values: ClientFormValues = {
      name: valueOf("name"),
      email: valueOf("email"),
      company: valueOf("company"),
      website: valueOf("website"),
      language: (valueOf("language") || "English") as ClientFormValues["language"],
      externalClientId: lockedExternalId ?? valueOf("externalClientId"),
    };
    setBusy(true);
    const saved = await runAction(() => submit(values), {
      success: client ? "Client saved." : "Client created.",
      onFieldErrors: (f) => setErrors(unprefix(f)),
    });
    setBusy(false);
    if (saved) onSaved?.(saved);
  };
  const className = compact ? "space-y-3" : "grid gap-4 sm:grid-cols-2";
  const fields = (
    <>
      {field("name", "Contact name")}
      {field("email", "Email", { type: "email" })}
      {field("company", "Company", { optional: true })}
      {field("website", "Website", { optional: true, type: "url" })}
      {/* every form has the language: without it an edit would send English back */}
      <Field id={id("language")} label="Language of pages and emails" error={errors.language}>
        <Select
          id={id("language")}
          name="language"
          defaultValue={client?.language ?? "English"}
          options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
        />
      </Field>
      <Field
        id={id("externalClientId")}
        label="Your client ID"
        optional
        hint={
          lockedExternalId
            ? "Set once; it cannot be changed."
            : "Your own identifier (CRM id). Once set it cannot be changed."
        }
        error={errors.externalClientId}
      >
        <Input
          id={id("externalClientId")}
          name="externalClientId"
          defaultValue={lockedExternalId ?? ""}
          disabled={lockedExternalId !== null}
          invalid={!!errors.externalClientId}
          aria-describedby={`${id("externalClientId")}-error`}
        />
      </Field>
      <div className={`flex gap-2 ${compact ? "" : "sm:col-span-2"}`}>
        <Button type={nested ? "button" : "submit"} busy={busy} onClick={nested ? () => void send() : undefined}>
          {submitLabel ?? (client ? "Save changes" : "Create client")}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </>
  );
  if (nested) {
    return (
      <div
        ref={(el) => {
          container.current = el;
        }}
        role="group"
        aria-label={client ? "Edit client" : "New client"}
        className={className}
        onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
          // Enter in a text field would submit the outer form: here it creates the client
          if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            e.stopPropagation();
            void send();
          }
        }}
      >
        {fields}
      </div>
    );
  }
  return (
    <form
      ref={(el) => {
        container.current = el;
      }}
      noValidate
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {fields}
    </form>
  );
}

/** The create body from the form: blank optional fields are left out. */
export function toCreateBody(v: ClientFormValues) {
  return {
    name: v.name,
    email: v.email,
    language: v.language,
    ...(v.company.trim() ? { company: v.company } : {}),
    ...(v.website.trim() ? { website: v.website } : {}),
    ...(v.externalClientId.trim() ? { externalClientId: v.externalClientId } : {}),
  };
}

/** The edit patch from the form: blank company/website clear them; a locked id is not resent. */
export function toUpdatePatch(v: ClientFormValues, client: TClient) {
  return {
    name: v.name,
    email: v.email,
    language: v.language,
    company: v.company.trim() ? v.company : null,
    website: v.website.trim() ? v.website : null,
    ...(client.externalClientId === null && v.externalClientId.trim() ? { externalClientId: v.externalClientId } : {}),
  };
}
