"use client";
// The usage page body: this month's client and prospect links against the plan's limits,
// overage units, the daily chart, the plan and trial state, and (for owners) the plan change.
import dynamic from "next/dynamic";
import { useState } from "react";
import { useInvalidateUsage, useUsage } from "@/components/usage/use-usage";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { SerializedAgency } from "@/lib/core/agencies/serialize-agency";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { PLAN_DEFAULTS, type PlanName, type UsageCounter } from "@/lib/core/domain/usage";
import type { UsageOverview } from "@/lib/core/usage/get-usage-overview";
import { formatUtc } from "@/components/ui/date-time";

const UsageChart = dynamic(() => import("@/components/usage/usage-chart"), {
  ssr: false,
  loading: () => <div className="h-72 animate-pulse rounded-lg bg-slate-100" aria-hidden />,
});

const PLAN_NAMES: Record<PlanName, string> = { trial: "Trial", starter: "Starter", pro: "Pro", agency: "Agency" };

function limitText(n: number | null): string {
  return n === null ? "no limit" : String(n);
}

function Meter({ label, counter }: { label: string; counter: UsageCounter }) {
  const pct =
    counter.limit === null || counter.limit === 0 ? 0 : Math.min(100, Math.round((counter.used / counter.limit) * 100));
  const full = counter.limit !== null && counter.used >= counter.limit;
  return (
    <div data-testid={`usage-${label.toLowerCase()}`}>
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-medium text-slate-800">{label}</span>
        <span className="text-sm tabular-nums text-slate-700">
          <span className="text-2xl font-semibold text-slate-900" data-testid={`usage-${label.toLowerCase()}-used`}>
            {counter.used}
          </span>{" "}
          / {limitText(counter.limit)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} links used this month`}
        aria-valuemin={0}
        aria-valuemax={counter.limit ?? counter.used}
        aria-valuenow={counter.used}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${full ? "bg-red-600" : "bg-indigo-600"}`}
          style={{ width: `${counter.limit === null ? 0 : pct}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {counter.remaining === null ? "No monthly limit" : `${counter.remaining} left this month`}
      </p>
    </div>
  );
}

function trialText(agency: SerializedAgency): string {
  if (!agency.trial) return "Not on a trial";
  if (!agency.trialEndsAt) return "Trial without an end date";
  const end = new Date(agency.trialEndsAt);
  const days = Math.ceil((end.getTime() - Date.now()) / 86_400_000);
  const ends = formatUtc(agency.trialEndsAt, true);
  return days > 0 ? `Trial: ${days} day${days === 1 ? "" : "s"} left (ends ${ends})` : `Trial ended ${ends}`;
}

export interface UsagePanelProps {
  initialOverview: UsageOverview;
  canChangePlan: boolean;
  changePlan: (input: {
    plan: PlanName;
    billingPeriod: "monthly" | "yearly";
  }) => Promise<ActionResult<SerializedAgency>>;
}

export function UsagePanel({ initialOverview, canChangePlan, changePlan }: UsagePanelProps) {
  const { data = initialOverview } = useUsage(initialOverview);
  const { usage, history, agency } = data;
  const start = new Date(usage.period.start);
  const end = new Date(new Date(usage.period.end).getTime() - 1);

  return (
    <div className="space-y-6">
      <Card
        title="This month"
        description={`${formatUtc(start.toISOString(), true)} – ${formatUtc(end.toISOString(), true)} (UTC). Each new request counts once; the demo's sample requests and previews as the client never count.`}
      >
        <div className="grid gap-6 md:grid-cols-3">
          <Meter label="Clients" counter={usage.clients} />
          <Meter label="Prospects" counter={usage.prospects} />
          <div>
            <span className="text-sm font-medium text-slate-800">Overage</span>
            <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid="usage-overage">
              {usage.overage.billableUnits}
            </p>
            <p className="text-xs text-slate-600">
              {usage.overage.enabled
                ? `Billable client links beyond ${usage.overage.included ?? 0} included.`
                : "Overage billing is off: at the limit, new links are refused."}
            </p>
          </div>
        </div>
      </Card>

      <Card
        title="Daily access links"
        description="The last three months, clients and prospects. The demo's sample requests and previews as the client are not counted, as in the meters above."
      >
        <UsageChart days={history.days} />
      </Card>

      <Card
        title="Plan"
        actions={
          <Badge tone={agency.trial ? "amber" : "green"}>{PLAN_NAMES[agency.plan as PlanName] ?? agency.plan}</Badge>
        }
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Trial</dt>
            <dd className="text-slate-900">{trialText(agency)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">API access</dt>
            <dd className="text-slate-900">{usage.apiAccess ? "Included" : "Not included"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Billing</dt>
            <dd className="text-slate-900">
              {agency.billingPeriod
                ? `${agency.billingPeriod.charAt(0).toUpperCase()}${agency.billingPeriod.slice(1)}`
                : "None"}
            </dd>
          </div>
        </dl>
        {canChangePlan ? (
          <PlanChange agency={agency} changePlan={changePlan} />
        ) : (
          <p className="mt-4 text-sm text-slate-600">Only owners change the plan.</p>
        )}
      </Card>
    </div>
  );
}

function PlanChange({
  agency,
  changePlan,
}: {
  agency: SerializedAgency & { billingPeriod: string | null };
  changePlan: UsagePanelProps["changePlan"];
}) {
  const invalidate = useInvalidateUsage();
  const current = agency.plan as PlanName;
  const [plan, setPlan] = useState<PlanName>(current === "trial" ? "pro" : current);
  const [billingPeriod, setBillingPeriod] = useState<"monthly" | "yearly">(
    agency.billingPeriod === "yearly" ? "yearly" : "monthly",
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const onTrial = current === "trial" && agency.trial;

  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Change plan</h3>
      <p className="mt-0.5 text-sm text-slate-600">
        Billing is simulated: the plan and its allowances change at once, nothing is charged.
      </p>
      <fieldset className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">Plan</legend>
        {(Object.keys(PLAN_DEFAULTS) as PlanName[]).map((p) => {
          const a = PLAN_DEFAULTS[p];
          const disabled = p === "trial" && !onTrial;
          return (
            <label
              key={p}
              className={`rounded-lg border p-3 text-sm ${plan === p ? "border-indigo-600 ring-1 ring-indigo-600" : "border-slate-300"} ${disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer"}`}
            >
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                <input
                  type="radio"
                  name="plan"
                  value={p}
                  checked={plan === p}
                  disabled={disabled}
                  onChange={() => setPlan(p)}
                  className="accent-indigo-600"
                />
                {PLAN_NAMES[p]}
                {p === current ? <span className="text-xs font-normal text-slate-600">(current)</span> : null}
              </span>
              <span className="mt-1 block text-slate-700">
                {limitText(a.clientLimit)} client / {limitText(a.prospectLimit)} prospect links a month
              </span>
              <span className="block text-slate-700">{a.apiAccess ? "API access" : "No API access"}</span>
            </label>
          );
        })}
      </fieldset>
      {errors.plan ? (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {errors.plan}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field id="billing-period" label="Billing period" error={errors.billingPeriod}>
          <Select
            id="billing-period"
            value={billingPeriod}
            disabled={plan === "trial"}
            onChange={(e) => setBillingPeriod(e.target.value as "monthly" | "yearly")}
          >
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </Select>
        </Field>
        <Button
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              const done = await runAction(() => changePlan({ plan, billingPeriod }), {
                success: `Plan changed to ${PLAN_NAMES[plan]}.`,
                onFieldErrors: setErrors,
              });
              if (done) await invalidate();
            } finally {
              setBusy(false);
            }
          }}
        >
          Change plan
        </Button>
      </div>
    </div>
  );
}
