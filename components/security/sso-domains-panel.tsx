"use client";
// The Security page's single sign-on domains (Owners): claim a domain with a DNS TXT record
// published at the domain (the claim form takes the domain alone) or, where this
// installation sends email, with a code sent to one of the domain's administrative
// addresses (never shown in the Mailbox); confirm it, choose the role people at the domain
// join with, and require single sign-on for them (an Owner with two-factor sign-in keeps the
// password as the way back in, recorded in the audit log). A claim whose earlier
// verification no longer counts says why, and waits to be proved again.
import { staffProvidersInWords } from "@/lib/infra/sso/staff-provider-names";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { CopyButton } from "@/components/ui/copy-button";
import { FormAlert } from "@/components/ui/form-alert";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { AgencyDomainView } from "@/lib/core/sso/agency-domains";
import { ADMIN_MAILBOXES, REPROVE_REASONS } from "@/lib/core/sso/domain-proof-rules";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export interface SsoDomainActions {
  claim: (input: { email: string }) => Promise<ActionResult<{ domain: string }>>;
  claimByDns: (input: { domain: string }) => Promise<ActionResult<AgencyDomainView>>;
  confirm: (input: { domain: string; code: string }) => Promise<ActionResult<AgencyDomainView>>;
  checkTxt: (input: { domain: string }) => Promise<ActionResult<AgencyDomainView>>;
  policy: (input: {
    domain: string;
    joinRole?: "owner" | "manager" | "member" | "viewer";
    requireSso?: boolean;
  }) => Promise<ActionResult<{ saved: boolean }>>;
  remove: (input: { domain: string }) => Promise<ActionResult<{ removed: boolean }>>;
}

const ROLE_OPTIONS = [
  { value: "viewer", label: "Viewer (reads only)" },
  { value: "member", label: "Member" },
  { value: "manager", label: "Manager" },
];

/** A name or value to publish, with its copy button beside it. */
function RecordPart({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-start gap-2 rounded-md bg-slate-50 px-2 py-1.5">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-600">{label}</p>
        <code translate="no" className="block text-xs text-slate-800 [overflow-wrap:anywhere]">
          {value}
        </code>
      </div>
      <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} size="sm" className="shrink-0" />
    </div>
  );
}

function DomainRow({ d, actions }: { d: AgencyDomainView; actions: SsoDomainActions }) {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [dnsError, setDnsError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(
    call: () => Promise<ActionResult<T>>,
    success: string,
    onError: (message: string | undefined) => void = setError,
  ) => {
    setBusy(true);
    const data = await runAction(call, { success, onFieldErrors: (fe) => onError(Object.values(fe)[0]) });
    setBusy(false);
    if (data !== null) router.refresh();
    return data;
  };
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-3" data-sso-domain={d.domain}>
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
        {d.domain}
        <Badge tone={d.verified ? "green" : "amber"}>
          {d.verified
            ? "Verified"
            : d.reproveReason
              ? "Prove it again"
              : d.codeSentTo
                ? "Waiting for the code"
                : "Waiting for the DNS record"}
        </Badge>
        {d.requireSso && d.verified ? <Badge tone="indigo">Single sign-on required</Badge> : null}
      </p>
      {d.reproveReason ? (
        <p className="text-amber-800" data-reprove={d.reproveReason}>
          {REPROVE_REASONS[d.reproveReason] ?? REPROVE_REASONS.readable_code}
        </p>
      ) : null}
      {d.verified ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`role-${d.id}`} label="People at this domain join as">
            <Select
              id={`role-${d.id}`}
              value={d.joinRole}
              disabled={busy}
              options={ROLE_OPTIONS}
              onChange={(e) =>
                void run(
                  () =>
                    actions.policy({
                      domain: d.domain,
                      joinRole: e.target.value as "viewer" | "member" | "manager",
                    }),
                  "Role saved.",
                )
              }
            />
          </Field>
          <Checkbox
            id={`require-${d.id}`}
            checked={d.requireSso}
            disabled={busy}
            label="Require single sign-on"
            hint="Passwords are refused for team members at this domain. An Owner with two-factor sign-in can still use their password."
            onChange={(e) =>
              void run(() => actions.policy({ domain: d.domain, requireSso: e.target.checked }), "Saved.")
            }
          />
        </div>
      ) : (
        <div className="space-y-3">
          {d.codeSentTo ? (
            <form
              className="flex flex-wrap items-end gap-2"
              noValidate
              onSubmit={async (e) => {
                e.preventDefault();
                if (await run(() => actions.confirm({ domain: d.domain, code }), `${d.domain} is verified.`))
                  setCode("");
              }}
            >
              <Field
                id={`code-${d.id}`}
                label="Code from the email"
                hint={d.codeSentTo ? `Sent to ${d.codeSentTo}.` : undefined}
                error={error}
              >
                <Input
                  id={`code-${d.id}`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </Field>
              <Button type="submit" busy={busy}>
                Verify domain
              </Button>
            </form>
          ) : null}
          {d.txtRecord ? (
            <section aria-label={`DNS record for ${d.domain}`} className="space-y-2" data-dns-proof>
              <p className="text-slate-700">
                {d.codeSentTo ? "Or publish" : "Publish"} this TXT record in {d.domain}&apos;s DNS, then check it:
              </p>
              <div className="grid gap-2 md:grid-cols-2">
                <RecordPart label="Name" value={d.txtRecord.name} />
                <RecordPart label="Value" value={d.txtRecord.value} />
              </div>
              <FormAlert message={dnsError} />
              <Button
                type="button"
                variant="secondary"
                size="sm"
                busy={busy}
                onClick={() =>
                  void run(() => actions.checkTxt({ domain: d.domain }), `${d.domain} is verified.`, setDnsError)
                }
              >
                Check DNS record
              </Button>
            </section>
          ) : null}
        </div>
      )}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={busy}
        onClick={() => void run(() => actions.remove({ domain: d.domain }), `${d.domain} removed.`)}
      >
        Remove {d.domain}
      </Button>
    </li>
  );
}

export function SsoDomainsPanel({
  domains,
  actions,
  emailProof,
}: {
  domains: AgencyDomainView[];
  actions: SsoDomainActions;
  /** whether this installation has a mail server, so a code can prove a domain */
  emailProof: boolean;
}) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Card
      title="Single sign-on domains"
      description={`People who sign in with ${staffProvidersInWords("your identity provider")} with a verified email at a domain you claim join this agency with the role you choose.`}
    >
      {domains.length ? (
        <ul className="mb-4 space-y-3 text-sm">
          {domains.map((d) => (
            <DomainRow key={d.id} d={d} actions={actions} />
          ))}
        </ul>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          const value = email.trim();
          // an address gets a code; the domain alone is proved by a DNS record
          const data = value.includes("@")
            ? await runAction(() => actions.claim({ email: value }), {
                success: "Code sent to the address you entered: enter it in the domain's row above.",
                onFieldErrors: (fe) => setError(fe.email),
              })
            : await runAction(() => actions.claimByDns({ domain: value }), {
                success: "Publish the TXT record shown in the domain's row above, then check it.",
                onFieldErrors: (fe) => setError(fe.domain),
              });
          setBusy(false);
          if (data) {
            setEmail("");
            router.refresh();
          }
        }}
      >
        <Field
          id="sso-claim-email"
          label="Claim a domain"
          hint={
            emailProof
              ? `The domain alone, such as youragency.com, to prove it with a DNS TXT record; or one of its administrative addresses (${ADMIN_MAILBOXES.map((m) => `${m}@`).join(", ")}) to be sent a one-time code.`
              : "The domain alone, such as youragency.com: you prove it with a DNS TXT record. (This installation sends no email, so a code cannot prove it.)"
          }
          error={error}
        >
          <Input
            id="sso-claim-email"
            type="text"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" busy={busy}>
          Claim domain
        </Button>
      </form>
    </Card>
  );
}
