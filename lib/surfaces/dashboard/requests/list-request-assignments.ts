// The request page's "People given access" list: each of the agency's people assigned (or
// not) to an asset the client shared, in words, with the manual step where the platform refused.
import { manualAssignStep } from "@/lib/core/accounts/assignee-rules";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { roleLabel } from "@/lib/core/catalog/catalog-messages";
import { getDb } from "@/lib/infra/db/db";

export interface TRequestAssignment {
  id: string;
  /** "Ana Buyer was given Analyst on Acme Main Ads (Meta Ad Account)." */
  text: string;
  assigned: boolean;
  /** what the platform said, for a refusal */
  reason: string | null;
  /** what the agency does by hand, for a refusal */
  manualStep: string | null;
  createdAt: string;
}

export function describeAssignment(row: {
  id: string;
  serviceId: string;
  assetId: string;
  assetName: string | null;
  personName: string;
  role: string;
  outcome: string;
  error: string | null;
  createdAt: Date;
}): TRequestAssignment {
  const service = getCatalogService(row.serviceId)?.name ?? row.serviceId;
  const asset = row.assetName ?? row.assetId;
  const role = roleLabel("en", row.serviceId, row.role) ?? row.role;
  const assigned = row.outcome === "assigned";
  return {
    id: row.id,
    text: assigned
      ? `${row.personName} was given ${role} on ${asset} (${service}).`
      : `${row.personName} could not be given ${role} on ${asset} (${service}).`,
    assigned,
    reason: assigned ? null : row.error,
    manualStep: assigned
      ? null
      : manualAssignStep({
          serviceId: row.serviceId,
          personName: row.personName,
          assetName: row.assetName,
          assetId: row.assetId,
          roleName: role,
        }),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRequestAssignments(opts: {
  agencyId: string;
  requestId: string;
}): Promise<TRequestAssignment[]> {
  const db = await getDb();
  const rows = await db.assetAssignment.findMany({
    where: { agencyId: opts.agencyId, requestId: opts.requestId },
    // one attempt's rows share a time: then by service, asset and person, for a stable read
    orderBy: [{ createdAt: "asc" }, { serviceId: "asc" }, { assetId: "asc" }, { personName: "asc" }],
    take: 200,
  });
  return rows.map(describeAssignment);
}
