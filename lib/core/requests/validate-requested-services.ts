// Checks requestedServices against the catalog and the agency's connected accounts:
// known service ids, roles, account links on the service's platform, required and
// extra link fields. Shared by V2, V1, the dashboard and the static link.
import type { Tx } from "@/lib/infra/db/db";
import { getCatalogService, getPlatform, needsAgencyAccount, needsAgencyBusinessId } from "@/lib/core/catalog/catalog";
import { parseAccessLevel } from "@/lib/core/catalog/access-level";
import { ApiError, type ErrorDetail } from "@/lib/core/common/api-error";
import type { TRequestedService } from "@/lib/core/requests/schemas";

export interface ValidatedService {
  serviceId: string;
  platform: string;
  accessLevel: string | null;
  optional: boolean;
  accounts: Record<string, string | null>[];
}

const BASE_LINK_FIELDS = new Set(["internalAccountId", "adsMccAccountId", "businessManagerId"]);

interface AccountRow {
  internalAccountId: string;
  platform: string;
  status: string;
  services: string[];
  businessId: string | null;
}

export async function validateRequestedServices(
  tx: Tx,
  opts: { agencyId: string; requestedServices: Record<string, TRequestedService>; fieldPrefix?: string },
): Promise<ValidatedService[]> {
  const prefix = opts.fieldPrefix ?? "requestedServices";
  const details: ErrorDetail[] = [];
  const entries = Object.entries(opts.requestedServices);
  const accountIds = [...new Set(entries.flatMap(([, s]) => s.requestedAccountLinks.map((l) => l.internalAccountId)))];
  // raw: every create of a request sends it (see create-request.ts)
  const accounts = accountIds.length
    ? await tx.$queryRaw<AccountRow[]>`
        SELECT "internalAccountId", "platform", "status"::text AS "status", "services", "businessId"
        FROM "ConnectedAccount" WHERE "agencyId" = ${opts.agencyId}::uuid AND "internalAccountId" = ANY(${accountIds}::text[])`
    : [];
  const byId = new Map(accounts.map((a) => [a.internalAccountId, a]));
  const out: ValidatedService[] = [];
  for (const [serviceId, svc] of entries) {
    const field = `${prefix}.${serviceId}`;
    const cat = getCatalogService(serviceId);
    if (!cat) {
      details.push({
        field,
        message: `Unknown service "${serviceId.slice(0, 100)}". See GET /services for the catalog.`,
      });
      continue;
    }
    // The client follows steps that name the agency's account ("enter {agencyAccount}"):
    // without a linked account the page would tell them to enter nothing (needsAgencyAccount).
    if (svc.requestedAccountLinks.length === 0 && needsAgencyAccount(cat)) {
      details.push({
        field: `${field}.requestedAccountLinks`,
        message:
          cat.clientFlow === "one_click"
            ? `${cat.name} invites the agency's account, and where ${cat.platform} is not set up the client's steps name it: link one of the agency's ${cat.platform} accounts (see GET /accounts).`
            : `${cat.name} is granted by the client following steps that name the agency's account: link one of the agency's ${cat.platform} accounts (see GET /accounts).`,
      });
    }
    const level = parseAccessLevel(cat, svc.accessLevel);
    if (!level.ok) details.push({ field: `${field}.accessLevel`, message: level.message });
    const allowed = new Set([...BASE_LINK_FIELDS, ...cat.accountLinkFields.map((f) => f.name)]);
    const links = svc.requestedAccountLinks.map((link, i) => {
      const lf = `${field}.requestedAccountLinks[${i}]`;
      for (const k of Object.keys(link)) {
        if (!allowed.has(k)) details.push({ field: `${lf}.${k}`, message: `Unknown field for ${serviceId}.` });
      }
      for (const f of cat.accountLinkFields) {
        if (f.required && !(link as Record<string, unknown>)[f.name])
          details.push({ field: `${lf}.${f.name}`, message: `Required for ${serviceId}.` });
      }
      const acc = byId.get(link.internalAccountId);
      if (!acc)
        details.push({
          field: `${lf}.internalAccountId`,
          message: "Not one of the agency's connected accounts (see GET /accounts).",
        });
      else if (acc.platform !== cat.platform)
        details.push({
          field: `${lf}.internalAccountId`,
          message: `This account is on ${acc.platform}, not ${cat.platform}.`,
        });
      else if (acc.status !== "connected")
        details.push({ field: `${lf}.internalAccountId`, message: "This account is disconnected." });
      else if (!acc.services.includes(serviceId)) {
        details.push({
          field: `${lf}.internalAccountId`,
          message: `This account does not offer ${serviceId}; its services: ${acc.services.join(", ")} (see GET /accounts).`,
        });
      } else if (needsAgencyBusinessId(cat) && !acc.businessId && !link.businessManagerId) {
        // The client's steps assign the agency by Business ID: this account has none to show.
        details.push({
          field: `${lf}.businessManagerId`,
          message: `${cat.name} is assigned to the agency by its Business ID, and this account has none: give the agency's Business ID here, or link a ${getPlatform(cat.platform)?.name ?? cat.platform} account connected with its business (see GET /accounts).`,
        });
      }
      return {
        ...link,
        internalAccountId: link.internalAccountId,
        adsMccAccountId: link.adsMccAccountId ?? null,
        businessManagerId: link.businessManagerId ?? null,
      };
    });
    const seen = new Set<string>();
    links.forEach((l, i) => {
      const key = JSON.stringify(l);
      if (seen.has(key))
        details.push({ field: `${field}.requestedAccountLinks[${i}]`, message: "Duplicate account link." });
      seen.add(key);
    });
    out.push({
      serviceId,
      platform: cat.platform,
      accessLevel: level.ok ? level.value : null,
      optional: svc.optional,
      accounts: links,
    });
  }
  if (details.length) {
    const first = details[0]!;
    throw new ApiError(
      "VALIDATION_FAILED",
      `${first.field}: ${first.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ""}`,
      details,
    );
  }
  return out;
}
