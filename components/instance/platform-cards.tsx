"use client";
// The Platforms page's cards: per platform its status, what to register on the platform's
// side (with copy buttons), the credential fields (environment values shown as such and
// locked), Verify with its last answer and time, the sandbox switch and "use without
// verifying". Each action refreshes the page's server data. The parts the Staff sign-in
// cards share are in settings-card-parts.tsx.
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyRow, SettingFields, useSettingsCard, VerificationNote } from "@/components/instance/settings-card-parts";
import type { PlatformCard, PlatformStatus } from "@/lib/core/instance/platform-settings";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export interface PlatformActions {
  save: (input: {
    platform: string;
    values: Record<string, string | null>;
  }) => Promise<ActionResult<{ saved: boolean }>>;
  verify: (input: { platform: string }) => Promise<ActionResult<{ ok: boolean; message: string; at: string }>>;
  switches: (input: {
    platform: string;
    sandbox?: boolean | null;
    forcedLive?: boolean;
  }) => Promise<ActionResult<{ saved: boolean }>>;
}

const STATUS: Record<PlatformStatus, { label: string; tone: BadgeTone; help: string }> = {
  live: {
    label: "Live",
    tone: "green",
    help: "Clients sign in with the real platform and access is granted for real.",
  },
  sandbox: {
    label: "Sandbox",
    tone: "indigo",
    help: "Sign-in and grants are simulated: nothing reaches the platform.",
  },
  not_set_up: {
    label: "Not set up",
    tone: "gray",
    help: "Credentials are missing: clients are shown the manual steps instead.",
  },
  unverified: { label: "Not verified yet", tone: "amber", help: "Verify the credentials to take the platform live." },
  failing: {
    label: "Failing verification",
    tone: "red",
    help: "The platform refused these credentials: correct them and verify again.",
  },
};

/** A platform's text with its permission names (`ads_management`) as copyable code. */
export function WithCodeNames({ text }: { text: string }) {
  const parts = text.split(/\b([a-z][a-z0-9]*(?:[._][a-z0-9]+)+)\b/);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <code key={i} translate="no" className="rounded bg-white/60 px-1 text-xs">
            {p}
          </code>
        ) : (
          p
        ),
      )}
    </>
  );
}

function PlatformCardView({
  card,
  production,
  actions,
}: {
  card: PlatformCard;
  production: boolean;
  actions: PlatformActions;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const { errors, busy, run } = useSettingsCard();
  const status = STATUS[card.status];
  const editable = card.fields.filter((f) => f.source !== "environment");

  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          {card.name}
          <Badge tone={status.tone}>{status.label}</Badge>
        </span>
      }
      description={
        card.status === "failing" && card.inUse
          ? "The platform refused these credentials, which come from the environment and are in use: clients' sign-ins fail until they are corrected there."
          : status.help
      }
    >
      <div data-platform-card={card.platform} data-status={card.status} className="grid gap-6 lg:grid-cols-2">
        <section aria-label={`Register on ${card.name}`} className="min-w-0 space-y-3 text-sm">
          <h3 className="font-semibold text-slate-900">1. Register on {card.name}</h3>
          <div>
            <p className="mb-1 text-slate-700">Redirect URIs of this installation:</p>
            <ul className="space-y-1">
              {card.redirectUris.map((u) => (
                <CopyRow key={u.uri} label="Redirect URI" value={u.uri} note={u.use} />
              ))}
            </ul>
          </div>
          {card.scopes.length ? (
            <div>
              <p className="mb-1 text-slate-700">Scopes or permissions to request:</p>
              <ul className="space-y-1">
                <CopyRow label="Scopes" value={card.scopes.join(" ")} lines={card.scopes} />
              </ul>
              {card.scopeNote ? (
                <p className="mt-1 text-slate-600">
                  <WithCodeNames text={card.scopeNote} />
                </p>
              ) : null}
            </div>
          ) : null}
          {card.products.length ? (
            <div>
              <p className="mb-1 text-slate-700">Products and APIs to add:</p>
              <ul className="space-y-1">
                {card.products.map((p) => (
                  <CopyRow key={p} label="Product" value={p} />
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-slate-700">
            <span className="font-medium">Review:</span> <WithCodeNames text={card.review} />
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            {card.consoleUrl ? (
              <a
                className="font-medium text-indigo-700 underline"
                href={card.consoleUrl}
                target="_blank"
                rel="noreferrer"
              >
                Open the developer console
              </a>
            ) : null}
            {card.reviewDocsUrl ? (
              <a
                className="font-medium text-indigo-700 underline"
                href={card.reviewDocsUrl}
                target="_blank"
                rel="noreferrer"
              >
                Review documentation
              </a>
            ) : null}
          </p>
        </section>

        <section aria-label={`${card.name} credentials`} className="min-w-0 space-y-3 text-sm">
          <h3 className="font-semibold text-slate-900">2. Enter the credentials</h3>
          <form
            className="space-y-3"
            onSubmit={async (ev) => {
              ev.preventDefault();
              const changed = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));
              const ok = await run(
                "save",
                () => actions.save({ platform: card.platform, values: changed }),
                `${card.name} credentials saved`,
              );
              if (ok) setValues({});
            }}
          >
            <SettingFields
              idPrefix={card.platform}
              fields={card.fields}
              values={values}
              errors={errors}
              onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
            />
            {editable.length ? (
              <Button type="submit" size="sm" busy={busy === "save"}>
                Save
              </Button>
            ) : (
              <p className="text-slate-600">Every value is set by the environment.</p>
            )}
          </form>

          <h3 className="pt-2 font-semibold text-slate-900">3. Verify and go live</h3>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              variant="secondary"
              busy={busy === "verify"}
              onClick={() => run("verify", () => actions.verify({ platform: card.platform }))}
            >
              Verify
            </Button>
            {(card.status === "unverified" || card.status === "failing") && !card.inUse ? (
              <Button
                size="sm"
                variant="ghost"
                busy={busy === "force"}
                onClick={() =>
                  run(
                    "force",
                    () => actions.switches({ platform: card.platform, forcedLive: true }),
                    `${card.name} is live without verification`,
                  )
                }
              >
                Use without verifying
              </Button>
            ) : null}
            {card.forcedLive ? (
              <Button
                size="sm"
                variant="ghost"
                busy={busy === "unforce"}
                onClick={() => run("unforce", () => actions.switches({ platform: card.platform, forcedLive: false }))}
              >
                Require verification again
              </Button>
            ) : null}
          </div>
          <VerificationNote
            verification={card.verification}
            testId={`verify-result-${card.platform}`}
            changedNote="the credentials changed since"
          >
            {card.verification ? <WithCodeNames text={card.verification.message} /> : null}
          </VerificationNote>
          {card.forcedLive ? (
            <p className="text-amber-800">Live without a passing verification, on your say-so.</p>
          ) : null}

          <h3 className="pt-2 font-semibold text-slate-900">Sandbox</h3>
          {card.sandbox.source === "environment" ? (
            <p className="text-slate-700">
              SANDBOX_PLATFORMS is set by the environment:{" "}
              {card.sandbox.on ? "this platform is simulated" : "this platform is real"}.
            </p>
          ) : (
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={card.sandbox.on}
                disabled={busy === "sandbox"}
                onChange={(ev) =>
                  run(
                    "sandbox",
                    () => actions.switches({ platform: card.platform, sandbox: ev.target.checked }),
                    ev.target.checked ? `${card.name} uses the sandbox` : `${card.name} uses the real platform`,
                  )
                }
              />
              <span>Simulate {card.name} (sandbox)</span>
            </label>
          )}
          {production && card.sandbox.on ? (
            <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
              This is a production installation: with the sandbox on, clients&apos; grants are simulated and no access
              is given.
            </p>
          ) : null}
        </section>
      </div>
    </Card>
  );
}

export function PlatformCards({
  cards,
  production,
  actions,
}: {
  cards: PlatformCard[];
  production: boolean;
  actions: PlatformActions;
}) {
  return (
    <div className="space-y-6">
      {cards.map((c) => (
        <PlatformCardView key={c.platform} card={c} production={production} actions={actions} />
      ))}
    </div>
  );
}
