"use client";
// The static link page body: the link with copy and open, on/off, the intake toggle, the
// default services, and a new token when the old link must stop working. The link never
// reads "On" while visitors would be told it is unavailable: with nothing to ask for, the
// switch stays off and the panel says what is missing.
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import { useAccounts } from "@/components/accounts/use-accounts";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import { FieldError } from "@/components/ui/field-error";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import type { StaticLink, ZUpdateStaticLinkBody } from "@/lib/core/agencies/update-static-link";
import { staticLinkMissing } from "@/lib/core/domain/static-link";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { ServicePicker, type PickedServices } from "@/components/services/service-picker";
import { useSetStaticLink, useStaticLink } from "./use-static-link";

export interface StaticLinkActions {
  update: (input: z.input<typeof ZUpdateStaticLinkBody>) => Promise<ActionResult<StaticLink>>;
  regenerate: (input: Record<string, never>) => Promise<ActionResult<StaticLink>>;
}

export interface StaticLinkPanelProps {
  initialLink: StaticLink;
  initialAccounts: SerializedAccount[];
  canWrite: boolean;
  actions: StaticLinkActions;
}

export function StaticLinkPanel({ initialLink, initialAccounts, canWrite, actions }: StaticLinkPanelProps) {
  const { data: link = initialLink } = useStaticLink(initialLink);
  const { data: accounts = initialAccounts } = useAccounts(initialAccounts);
  const setLink = useSetStaticLink();
  const [enabled, setEnabled] = useState(link.enabled);
  const [intake, setIntake] = useState(link.intake);
  const [allowAllRoles, setAllowAllRoles] = useState(link.allowAllRoles);
  const [services, setServices] = useState<PickedServices>(link.services);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // what the settings on screen lack; the switch can only be on once this is null
  const missing = staticLinkMissing(services, intake, link.intakeFormReady);
  const switchedOn = enabled && missing === null;

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const saved = await runAction(() => actions.update({ enabled: switchedOn, intake, services, allowAllRoles }), {
        success: "Static link saved.",
        onFieldErrors: setErrors,
      });
      if (saved) {
        setLink(saved);
        setEnabled(saved.enabled);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <Card
        title="Your static link"
        description="Share it anywhere (website, email signature): each visitor enters their details and becomes a prospect with their own request."
        actions={
          <span data-testid="static-link-state">
            <Badge tone={link.live ? "green" : link.enabled ? "amber" : "gray"}>
              {link.live ? "On" : link.enabled ? "Not working" : "Off"}
            </Badge>
          </span>
        }
      >
        {link.enabled && link.missing ? (
          <p
            className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            data-testid="static-link-missing"
          >
            Visitors are told this link is unavailable. {link.missing}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
            data-testid="static-link-url"
          >
            {link.url}
          </code>
          <CopyButton value={link.url} label="Copy link" />
          <a href={link.url} target="_blank" rel="noreferrer" className={buttonClasses("secondary", "sm")}>
            Open
          </a>
          {canWrite ? (
            <ConfirmButton
              size="sm"
              variant="secondary"
              title="Make a new link?"
              description="The current link stops working at once. Requests already started from it are not affected."
              confirmLabel="Make a new link"
              onConfirm={async () => {
                const next = await runAction(() => actions.regenerate({}), {
                  success: "New link made; the old one no longer works.",
                });
                if (next) setLink(next);
              }}
            >
              New link
            </ConfirmButton>
          ) : null}
        </div>
      </Card>

      <Card title="Settings">
        <div className="space-y-3">
          <Checkbox
            id="static-enabled"
            label="Link is on"
            hint={missing ?? "When off, visitors see that the link is unavailable."}
            checked={switchedOn}
            disabled={!canWrite || missing !== null}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <FieldError message={errors.enabled} />
          <Checkbox
            id="static-intake"
            label="Ask the intake form"
            hint={
              link.intakeFormReady ? (
                "Visitors answer your intake form questions."
              ) : (
                <>
                  Turn the intake form on and add a question first:{" "}
                  <Link href="/dashboard/intake" className="text-indigo-700 underline underline-offset-2">
                    Intake form
                  </Link>
                  .
                </>
              )
            }
            checked={intake}
            disabled={!canWrite}
            onChange={(e) => setIntake(e.target.checked)}
          />
          <FieldError message={errors.intake} />
          <Checkbox
            id="static-allow-all-roles"
            label="Allow roles that are not read-only"
            hint="Off: visitors are asked only for read-only roles (such as Analyst or Viewer), since anyone can open the link."
            checked={allowAllRoles}
            disabled={!canWrite}
            onChange={(e) => setAllowAllRoles(e.target.checked)}
          />
          <FieldError message={errors.allowAllRoles} />
        </div>
      </Card>

      <Card
        title="Default services"
        description="What every visitor is asked to grant, with the role and the agency account that receives access."
      >
        <ServicePicker
          value={services}
          onChange={setServices}
          accounts={accounts}
          errors={errors}
          errorPath="services"
          disabled={!canWrite}
          readOnlyOnly={!allowAllRoles}
          expanded
        />
        <FieldError message={errors.services} />
      </Card>

      {canWrite ? (
        <div className="sticky bottom-0 flex justify-end border-t border-slate-200 bg-slate-50/95 py-3">
          <Button busy={busy} onClick={save}>
            Save static link
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Managers and owners change the static link.</p>
      )}
    </div>
  );
}
