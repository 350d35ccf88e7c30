"use client";
// The Platforms page's "Staff sign-in" section: per identity provider (Google, Microsoft,
// an OpenID Connect provider) the redirect URI to register, its fields (environment values
// shown as such and locked), Save and Verify (of what the form holds) with its last answer
// and time, through the parts the platform cards use (settings-card-parts.tsx).
import { staffProvidersInWords } from "@/lib/infra/sso/staff-provider-names";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyRow, SettingFields, useSettingsCard, VerificationNote } from "@/components/instance/settings-card-parts";
import type { StaffProviderCard } from "@/lib/core/sso/staff-sso-settings";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export interface StaffSignInActions {
  save: (input: {
    provider: string;
    values: Record<string, string | null>;
  }) => Promise<ActionResult<{ saved: boolean }>>;
  verify: (input: {
    provider: string;
    values?: Record<string, string | null>;
  }) => Promise<ActionResult<{ ok: boolean; message: string; at: string }>>;
}

function ProviderCard({ card, actions }: { card: StaffProviderCard; actions: StaffSignInActions }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const { errors, busy, run } = useSettingsCard();

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
        <section
          aria-label={`Register this installation on ${card.name} for staff sign-in`}
          className="min-w-0 space-y-2"
        >
          <h3 className="font-semibold text-slate-900">1. Register this installation</h3>
          <ul>
            <CopyRow
              label="Redirect URI"
              value={card.redirectUri}
              note="Redirect URI (a web application, authorization code flow)"
            />
          </ul>
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
            <SettingFields
              idPrefix={`sso-${card.provider}`}
              fields={card.fields}
              values={values}
              errors={errors}
              onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={busy === "save"}>
                Save
              </Button>
              <Button
                type="button"
                variant="secondary"
                busy={busy === "verify"}
                onClick={async () => {
                  // what the form holds is verified (and saved), not only what was saved before
                  const typed = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));
                  const done = await run("verify", () => actions.verify({ provider: card.provider, values: typed }));
                  if (done) setValues({});
                }}
              >
                Verify
              </Button>
            </div>
          </form>
          <VerificationNote
            verification={card.verification}
            testId={`verify-result-sso-${card.provider}`}
            changedNote="the values changed since: verify again"
          />
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
          Let agency staff sign in with {staffProvidersInWords("your own identity provider")}. Values in the environment
          win over what is saved here; saved values are used once Verify passes.
        </p>
      </div>
      {cards.map((c) => (
        <ProviderCard key={c.provider} card={c} actions={actions} />
      ))}
    </section>
  );
}
