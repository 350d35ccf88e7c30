// Creating an agency: its unique slug, the static link token, and the plan's starting
// allowances (PLAN_DEFAULTS, copied onto the row). A trial runs for TRIAL_DAYS from creation.
import crypto from "node:crypto";
import type { Agency } from "@/generated/prisma/client";
import { newLinkToken } from "@/lib/infra/secrets/link-token";
import { staticLinkTokenColumns } from "@/lib/core/agencies/update-static-link";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { PLAN_DEFAULTS, type PlanName } from "@/lib/core/domain/usage";
import { validationError } from "@/lib/core/common/api-error";

export const AGENCY_PLANS = ["trial", "starter", "pro", "agency"] as const satisfies readonly PlanName[];
export type AgencyPlan = PlanName;

export function isAgencyPlan(value: string): value is AgencyPlan {
  return (AGENCY_PLANS as readonly string[]).includes(value);
}

export const TRIAL_DAYS = 14;
export const MAX_AGENCY_NAME = 200;

export function trialEnd(from: Date): Date {
  return new Date(from.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}

const SLUG_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function slugSuffix(): string {
  // The modulo bias is irrelevant for a suffix whose only job is to make collisions unlikely.
  return Array.from(crypto.randomBytes(6), (b) => SLUG_ALPHABET[b % SLUG_ALPHABET.length]).join("");
}

export function slugBase(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return base || "agency";
}

export interface CreateAgencyOptions {
  name: string;
  plan?: string;
  apiAccess?: boolean;
  tx?: Tx;
  now?: Date;
}

export async function createAgency({ name, plan = "trial", apiAccess, tx, now }: CreateAgencyOptions): Promise<Agency> {
  const trimmed = name.trim();
  if (!trimmed) throw validationError("name", "Must not be empty.");
  if (trimmed.length > MAX_AGENCY_NAME) throw validationError("name", `At most ${MAX_AGENCY_NAME} characters.`);
  if (!isAgencyPlan(plan)) throw validationError("plan", `Must be one of ${AGENCY_PLANS.join(", ")}.`);
  const allowance = PLAN_DEFAULTS[plan];
  const isTrial = plan === "trial";
  const db = tx ?? (await getDb());
  // taken after the database is open, so the trial ends 14 days after createdAt
  const at = now ?? new Date();
  return db.agency.create({
    data: {
      name: trimmed,
      slug: `${slugBase(trimmed)}-${slugSuffix()}`,
      plan,
      trial: isTrial,
      trialEndsAt: isTrial ? trialEnd(at) : null,
      apiAccess: apiAccess ?? allowance.apiAccess,
      clientLimit: allowance.clientLimit,
      prospectLimit: allowance.prospectLimit,
      ...staticLinkTokenColumns(newLinkToken()),
    },
  });
}
