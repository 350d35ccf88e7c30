// Monthly access-link usage: the UTC calendar month a count belongs to, whether
// one more client or prospect link is allowed (and billed), the default
// allowance of each plan, and the Usage object `GET /usage` returns.

export type UsageKind = "client" | "prospect";

export interface UsagePeriod {
  /** "YYYY-MM" of the UTC month, the key usage counters are stored under. */
  key: string;
  start: Date;
  /** The first instant of the next month, exclusive. */
  end: Date;
}

export function usagePeriod(now: Date): UsagePeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  // Date.UTC rolls month 12 over into January of the next year.
  const start = new Date(Date.UTC(year, month, 1));
  const end = new Date(Date.UTC(year, month + 1, 1));
  const key = `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}`;
  return { key, start, end };
}

export interface UsageDecisionInput {
  kind: UsageKind;
  /** Links already counted this period, not including the one being decided. */
  used: number;
  /** null: no limit. */
  limit: number | null;
  overageEnabled: boolean;
  /** Client links covered by the plan under overage billing; null: the client limit. */
  included: number | null;
}

export type UsageDecision = { allowed: true; billable: boolean } | { allowed: false };

/**
 * The client links overage billing covers before it bills: the agency's `included`
 * number, or when that is unset its client limit (the links the plan would otherwise
 * allow). null (no included number and no limit): nothing is ever billed.
 */
export function overageIncluded(included: number | null, clientLimit: number | null): number | null {
  return included ?? clientLimit;
}

/**
 * Whether one more link may be counted. Overage billing applies to client
 * links only: with it a client link is never refused, and is billed once the
 * included number (by default the client limit) is used up. Prospects always
 * meet their limit.
 */
export function decideUsage(input: UsageDecisionInput): UsageDecision {
  const { kind, used, limit, overageEnabled } = input;
  if (kind === "client" && overageEnabled) {
    const included = overageIncluded(input.included, limit);
    return { allowed: true, billable: included !== null && used >= included };
  }
  if (limit !== null && used >= limit) return { allowed: false };
  return { allowed: true, billable: false };
}

export type PlanName = "trial" | "starter" | "pro" | "agency";

export interface PlanAllowance {
  /** Client links per UTC month; null: no limit. */
  clientLimit: number | null;
  /** Prospect links per UTC month, counted separately; null: no limit. */
  prospectLimit: number | null;
  apiAccess: boolean;
  /** Whether the plan may turn on overage billing for client links. */
  overageAvailable: boolean;
}

/**
 * The allowance a new agency gets on each plan. The spec leaves the numbers
 * open, so these are ours; they are copied onto the agency row when the plan
 * is set, and an operator may change that row for a single agency afterwards.
 */
export const PLAN_DEFAULTS: Readonly<Record<PlanName, Readonly<PlanAllowance>>> = {
  trial: { clientLimit: 10, prospectLimit: 10, apiAccess: true, overageAvailable: false },
  starter: { clientLimit: 25, prospectLimit: 25, apiAccess: false, overageAvailable: false },
  pro: { clientLimit: 100, prospectLimit: 100, apiAccess: true, overageAvailable: false },
  agency: { clientLimit: null, prospectLimit: null, apiAccess: true, overageAvailable: true },
};

export interface UsageViewInput {
  plan: string | null;
  billingPeriod: string | null;
  trial: boolean;
  apiAccess: boolean;
  clientLimit: number | null;
  prospectLimit: number | null;
  overageEnabled: boolean;
  overageIncluded: number | null;
  clientsUsed: number;
  prospectsUsed: number;
  billableUnits: number;
  now: Date;
}

export interface UsageCounter {
  used: number;
  limit: number | null;
  remaining: number | null;
}

/** The spec's Usage object, field for field. */
export interface UsageView {
  plan: string | null;
  billingPeriod: string | null;
  trial: boolean;
  apiAccess: boolean;
  countingMode: "access_links";
  period: { start: string; end: string; timezone: "UTC" };
  clients: UsageCounter;
  prospects: UsageCounter;
  overage: { enabled: boolean; included: number | null; billableUnits: number };
}

function counter(used: number, limit: number | null): UsageCounter {
  // Overage or a lowered limit can put `used` above `limit`; remaining never goes negative.
  return { used, limit, remaining: limit === null ? null : Math.max(0, limit - used) };
}

export function usageView(input: UsageViewInput): UsageView {
  const period = usagePeriod(input.now);
  return {
    plan: input.plan,
    billingPeriod: input.billingPeriod,
    trial: input.trial,
    apiAccess: input.apiAccess,
    countingMode: "access_links",
    period: { start: period.start.toISOString(), end: period.end.toISOString(), timezone: "UTC" },
    clients: counter(input.clientsUsed, input.clientLimit),
    prospects: counter(input.prospectsUsed, input.prospectLimit),
    // what the billing rule applies, so the response and the rule agree when `included` is unset
    overage: {
      enabled: input.overageEnabled,
      included: input.overageEnabled
        ? overageIncluded(input.overageIncluded, input.clientLimit)
        : input.overageIncluded,
      billableUnits: input.billableUnits,
    },
  };
}
