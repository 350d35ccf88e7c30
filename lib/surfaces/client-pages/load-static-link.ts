// The agency's static access link as its page needs it: the agency's branding and
// whether the link can start a session now. It cannot when it is turned off, asks for
// nothing usable (no services, no ready intake form), or this month's prospect
// allowance is used up; the page then says the link is unavailable.

import type { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { hashToken } from "@/lib/infra/secrets/link-token";
import { decideUsage, usagePeriod } from "@/lib/core/domain/usage";
import { ZRequestedServices, type TRequestedService } from "@/lib/core/requests/schemas";
import { accentColors, type AccentColors } from "@/lib/surfaces/client-pages/accent-color";
import { isTokenShaped } from "@/lib/surfaces/client-pages/find-request-by-token";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { isReadOnlyAccess } from "@/lib/core/catalog/access-level";
import { agencyLogoUrl } from "@/lib/core/agencies/agency-logo-url";

export const staticLinkAgencySelect = {
  id: true,
  name: true,
  accentColor: true,
  logoMimeType: true,
  updatedAt: true,
  staticLinkEnabled: true,
  staticLinkServices: true,
  staticLinkIntake: true,
  intakeFormEnabled: true,
  prospectLimit: true,
  staticLinkAllowAllRoles: true,
} satisfies Prisma.AgencySelect;

export type StaticLinkAgency = Prisma.AgencyGetPayload<{ select: typeof staticLinkAgencySelect }>;

export interface StaticLinkPlan {
  services: Record<string, TRequestedService>;
  intake: boolean;
}

export interface StaticLinkView {
  agency: { id: string; name: string; logoUrl: string | null; accent: AccentColors };
  available: boolean;
}

export async function findStaticLinkAgency(token: string, db?: Tx): Promise<StaticLinkAgency | null> {
  if (!isTokenShaped(token)) return null;
  const client = db ?? (await getDb());
  // by hash: the raw token is not stored
  return client.agency.findUnique({ where: { staticLinkTokenHash: hashToken(token) }, select: staticLinkAgencySelect });
}

/** What a session on this link asks for, or null when it would ask for nothing. */
export async function staticLinkPlan(db: Tx, agency: StaticLinkAgency): Promise<StaticLinkPlan | null> {
  const parsed = ZRequestedServices.safeParse(agency.staticLinkServices);
  const stored = parsed.success ? parsed.data : {};
  // Prospects get read-only roles only unless the agency allows more; a service saved before
  // the rule (or while it was allowed) and not read-only is left out rather than offered.
  const services = agency.staticLinkAllowAllRoles
    ? stored
    : Object.fromEntries(
        Object.entries(stored).filter(([id, s]) => {
          const service = getCatalogService(id);
          return service !== undefined && isReadOnlyAccess(service, s.accessLevel);
        }),
      );
  let intake = false;
  if (agency.staticLinkIntake && agency.intakeFormEnabled) {
    intake = (await db.intakeQuestion.count({ where: { agencyId: agency.id, archivedAt: null } })) > 0;
  }
  return Object.keys(services).length > 0 || intake ? { services, intake } : null;
}

async function prospectAllowanceLeft(db: Tx, agency: StaticLinkAgency, now: Date): Promise<boolean> {
  if (agency.prospectLimit === null) return true;
  const counter = await db.usageCounter.findUnique({
    where: { agencyId_period_kind: { agencyId: agency.id, period: usagePeriod(now).key, kind: "prospect" } },
    select: { used: true },
  });
  return decideUsage({
    kind: "prospect",
    used: counter?.used ?? 0,
    limit: agency.prospectLimit,
    overageEnabled: false,
    included: null,
  }).allowed;
}

export async function loadStaticLink(opts: { token: string; now?: Date }): Promise<StaticLinkView | null> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const agency = await findStaticLinkAgency(opts.token, db);
  if (!agency) return null;
  const available =
    agency.staticLinkEnabled &&
    (await staticLinkPlan(db, agency)) !== null &&
    (await prospectAllowanceLeft(db, agency, now));
  return {
    agency: {
      id: agency.id,
      name: agency.name,
      logoUrl: agencyLogoUrl(agency),
      accent: accentColors(agency.accentColor),
    },
    available,
  };
}
