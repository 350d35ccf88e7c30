"use client";
// The Notifications page's Microsoft Teams card: the agency's Workflows webhook URL (managers
// and owners), saved like Slack's, and "Send a test message", which posts one Adaptive Card at
// once and says what Teams answered (its status and its own words when it refuses).
import { useState } from "react";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { TTeamsTestResult } from "@/lib/core/notifications/send-teams-messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";

type Outcome = { ok: boolean; text: string } | null;

export function TeamsSettingsCard({
  teamsUrl,
  canEdit,
  saveTeams,
  testTeams,
}: {
  teamsUrl: string | null;
  canEdit: boolean;
  saveTeams: (input: { url: string | null }) => Promise<ActionResult<string | null>>;
  testTeams: (input: { url: string | null }) => Promise<ActionResult<TTeamsTestResult>>;
}) {
  const [url, setUrl] = useState(teamsUrl ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [testing, setTesting] = useState(false);
  const value = () => (url.trim() === "" ? null : url.trim());
  return (
    <Card
      title="Microsoft Teams"
      description="The same events, posted to a Teams channel as cards with a button to the request."
    >
      <form
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setOutcome(null);
          const res = await saveTeams({ url: value() });
          setFieldError(res.ok ? null : (res.fieldErrors?.url ?? null));
          setOutcome(
            res.ok
              ? { ok: true, text: res.data ? "Saved. New events will be posted to Teams." : "Teams is off." }
              : res.fieldErrors?.url
                ? null
                : { ok: false, text: res.error },
          );
        }}
      >
        <Field
          id="teams-url"
          label="Workflow webhook URL"
          error={fieldError}
          hint={
            <>
              In the Teams channel: Workflows, then &ldquo;Post to a channel when a webhook request is received&rdquo;;
              paste the URL it gives.
            </>
          }
        >
          <Input
            id="teams-url"
            type="url"
            value={url}
            disabled={!canEdit}
            invalid={!!fieldError}
            aria-describedby={fieldError ? "teams-url-error" : undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        {outcome ? (
          outcome.ok ? (
            <p role="status" className="text-sm text-green-800">
              {outcome.text}
            </p>
          ) : (
            <FormAlert message={outcome.text} />
          )
        ) : null}
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              Save Teams URL
            </Button>
            <Button
              size="sm"
              variant="secondary"
              busy={testing}
              disabled={url.trim() === "" && !teamsUrl}
              onClick={async () => {
                setTesting(true);
                setOutcome(null);
                try {
                  const res = await testTeams({ url: value() });
                  setFieldError(res.ok ? null : (res.fieldErrors?.url ?? null));
                  if (res.ok) setOutcome({ ok: res.data.delivered, text: res.data.message });
                  else if (!res.fieldErrors?.url) setOutcome({ ok: false, text: res.error });
                } finally {
                  setTesting(false);
                }
              }}
            >
              Send a test message
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">Managers and owners set this.</p>
        )}
      </form>
    </Card>
  );
}
