"use client";
// The Platforms page's "Staff sign-in" section: per identity provider (Google, Microsoft,
// an OpenID Connect provider) the redirect URI to register, its fields (environment values
// shown as such and locked), Save and Verify with its last answer and time.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { StaffProviderCard } from "@/lib/core/sso/staff-sso-settings";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export interface StaffSignInActions {
  save: (input: {
    provider: string;
    values: Record<string, string | null>;
  }) => Promise<ActionResult<{ saved: boolean }>>;
  verify: (input: { provider: string }) => Promise<ActionResult<{ ok: boolean; message: string; at: string }>>;
}

function ProviderCard({ card, actions }: { card: StaffProviderCard; actions: StaffSignInActions }) {
  const router = useRouter();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);

  async function run<T>(what: string, call: () => Promise<ActionResult<T>>, success?: string) {
    setBusy(what);
    const data = await runAction(call, {
      success,
      onFieldErrors: (fe) =>
        setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k.replace(/^values\./, ""), v]))),
    });
    setBusy(null);
    if (data !== null) router.refresh();
    return data;
  }

  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          {card.name}
          <Badge tone={card.inUse ? "green" : "gray"}>{card.inUse ? "On the sign-in page" : "Off"}</Badge>
        </span>
      }
      description={
        card.provider === "oidc"
          ? "Any OpenID Connect provider by its issuer URL: Okta, Auth0, Keycloak, Authentik, JumpCloud and others."
          : `Staff sign in with their ${card.name} work account.`
      }
    >
      <div data-staff-provider={card.provider} className="grid gap-6 text-sm lg:grid-cols-2">
        <section aria-label={`Register on ${card.name}`} className="min-w-0 space-y-2">
          <h3 className="font-semibold text-slate-900">1. Register this installation</h3>
          <p className="text-slate-700">Redirect URI (a web application, authorization code flow):</p>
          <div className="flex items-start gap-2 rounded-md bg-slate-50 px-2 py-1.5">
            <code translate="no" className="min-w-0 flex-1 text-xs [overflow-wrap:anywhere]">
              {card.redirectUri}
            </code>
            <CopyButton value={card.redirectUri} label="Copy" className="shrink-0" />
          </div>
          {card.issuer ? (
            <p className="text-slate-700">
              Issuer: <code className="text-xs [overflow-wrap:anywhere]">{card.issuer}</code>
            </p>
          ) : null}
          {card.consoleUrl ? (
            <a
              className="font-medium text-indigo-700 underline"
              href={card.consoleUrl}
              target="_blank"
              rel="noreferrer"
            >
              Open the {card.name} console
            </a>
          ) : null}
        </section>
        <section aria-label={`${card.name} settings`} className="min-w-0 space-y-3">
          <h3 className="font-semibold text-slate-900">2. Enter its values</h3>
          <form
            className="space-y-3"
            noValidate
            onSubmit={async (ev) => {
              ev.preventDefault();
              const changed = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));
              const ok = await run(
                "save",
                () => actions.save({ provider: card.provider, values: changed }),
                "Saved. Verify to put it on the sign-in page.",
              );
              if (ok) setValues({});
            }}
          >
            {card.fields.map((f) => {
              const id = `${card.provider}-${f.key}`;
              const locked = f.source === "environment";
              return (
                <Field
                  key={f.key}
                  id={id}
                  label={f.label}
                  hint={
                    locked
                      ? `Set by the environment (${f.key}): ${f.display ?? ""}`
                      : [f.display ? `Saved: ${f.display}.` : "Not set.", f.hint].filter(Boolean).join(" ")
                  }
                  error={errors[f.key]}
                >
                  <Input
                    id={id}
                    name={f.key}
                    type={f.secret ? "password" : "text"}
                    autoComplete="off"
                    disabled={locked}
                    value={values[f.key] ?? ""}
                    onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                  />
                </Field>
              );
            })}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={busy === "save"}>
                Save
              </Button>
              <Button
                type="button"
                variant="secondary"
                busy={busy === "verify"}
                onClick={() => void run("verify", () => actions.verify({ provider: card.provider }))}
              >
                Verify
              </Button>
            </div>
          </form>
          {card.verification ? (
            <p
              role="status"
              className={card.verification.ok ? "text-emerald-800" : "text-red-700"}
              data-verify-ok={card.verification.ok}
            >
              {card.verification.ok ? "Verified: " : "Verify failed: "}
              {card.verification.message} <DateTime value={card.verification.at} />
              {card.verification.current ? null : " (the values changed since: verify again)"}
            </p>
          ) : null}
        </section>
      </div>
    </Card>
  );
}

export function StaffSignInCards({ cards, actions }: { cards: StaffProviderCard[]; actions: StaffSignInActions }) {
  return (
    <section aria-labelledby="staff-sign-in" className="mt-10 space-y-4">
      <div>
        <h2 id="staff-sign-in" className="text-lg font-semibold text-slate-900">
          Staff sign-in
        </h2>
        <p className="text-sm text-slate-600">
          Let agency staff sign in with Google, Microsoft or your own identity provider. Values in the environment win
          over what is saved here; saved values are used once Verify passes.
        </p>
      </div>
      {cards.map((c) => (
        <ProviderCard key={c.provider} card={c} actions={actions} />
      ))}
    </section>
  );
}
