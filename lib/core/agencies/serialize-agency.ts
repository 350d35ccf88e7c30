// The agency as the admin CLI and the dashboard show it: plan, trial, allowances and
// overage settings, datetimes as ISO strings.
import type { Agency } from "@/generated/prisma/client";

export interface SerializedAgency {
  id: string;
  name: string;
  slug: string;
  plan: string;
  trial: boolean;
  trialEndsAt: string | null;
  apiAccess: boolean;
  clientLimit: number | null;
  prospectLimit: number | null;
  overage: { enabled: boolean; included: number | null };
  intakeFormEnabled: boolean;
  createdAt: string;
}

export function serializeAgency(row: Agency): SerializedAgency {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: row.plan,
    trial: row.trial,
    trialEndsAt: row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
    apiAccess: row.apiAccess,
    clientLimit: row.clientLimit,
    prospectLimit: row.prospectLimit,
    overage: { enabled: row.overageEnabled, included: row.overageIncluded },
    intakeFormEnabled: row.intakeFormEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}
