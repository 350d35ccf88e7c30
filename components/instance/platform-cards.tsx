"use client";
// The Platforms page's cards: per platform its status, what to register on the platform's
// side (with copy buttons), the credential fields (environment values shown as such and
// locked), Verify with its last answer and time, the sandbox switch and "use without
// verifying". Each action refreshes the page's server data.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { runAction } from "@/components/ui/action-feedback";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
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

function SourceNote({ source }: { source: "environment" | "saved" | null }) {
  if (source === "environment")
    return <span className="text-xs font-medium text-slate-700">Set by the environment</span>;
  if (source === "saved") return <span className="text-xs text-slate-600">Saved here</span>;
  return <span className="text-xs text-slate-600">Not set</span>;
}

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

/** One value to paste on the platform's side, with its copy button beside it (never below). */
function CopyRow({
  label,
  value,
  lines,
  note,
}: {
  label: string;
  value: string;
  /** shown one per line instead of `value` (scopes) */
  lines?: string[];
  note?: string;
}) {
  return (
    <li className="flex items-start gap-2 rounded-md bg-slate-50 px-2 py-1.5">
      <div className="min-w-0 flex-1">
        {note ? <p className="text-xs text-slate-600">{note}</p> : null}
        <code translate="no" className="block text-xs text-slate-800 [overflow-wrap:anywhere]" aria-label={label}>
          {lines
            ? lines.map((l) => (
                <span key={l} className="block">
                  {l}
                </span>
              ))
            : value}
        </code>
      </div>
      <CopyButton value={value} label="Copy" className="shrink-0" />
    </li>
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
  const router = useRouter();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const status = STATUS[card.status];
  const editable = card.fields.filter((f) => f.source !== "environment");

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
              {card.scopeNote ? <p className="mt-1 text-slate-600">{card.scopeNote}</p> : null}
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
            {card.fields.map((f) => {
              const id = `${card.platform}-${f.key}`;
              const env = f.source === "environment";
              return (
                <Field
                  key={f.key}
                  id={id}
                  label={f.label}
                  optional={!f.required}
                  error={errors[f.key]}
                  hint={
                    <span className="flex flex-wrap gap-x-2">
                      <SourceNote source={f.source} />
                      {f.display ? <span>Current: {f.display}</span> : null}
                      {f.hint ? <span>{f.hint}</span> : null}
                    </span>
                  }
                >
                  <Input
                    id={id}
                    name={f.key}
                    type={f.secret ? "password" : "text"}
                    autoComplete="off"
                    disabled={env}
                    placeholder={
                      env ? "Set by the environment" : f.source === "saved" ? "Leave empty to keep the saved value" : ""
                    }
                    value={values[f.key] ?? ""}
                    invalid={!!errors[f.key]}
                    aria-describedby={`${id}-error`}
                    onChange={(ev) => setValues((v) => ({ ...v, [f.key]: ev.target.value }))}
                  />
                </Field>
              );
            })}
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
          {card.verification ? (
            <p
              role="status"
              data-testid={`verify-result-${card.platform}`}
              className={`rounded-md px-3 py-2 [overflow-wrap:anywhere] ${card.verification.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
            >
              {card.verification.ok ? "Verified: " : "Verification failed: "}
              <WithCodeNames text={card.verification.message} />{" "}
              <span className="text-xs">
                (<DateTime value={card.verification.at} />
                {card.verification.current ? "" : "; the credentials changed since"})
              </span>
            </p>
          ) : (
            <p className="text-slate-600">Not verified yet.</p>
          )}
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
