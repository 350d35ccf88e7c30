// Loads one page of the agency's requests for the API list (or one request by id, for GET
// /requests/{id} and the create's response) in a single SQL query: the
// request columns the Request object needs, the client's externalClientId by join, and the
// services as one JSON array per row (json_agg ordered by position). Prisma's include sent
// three queries per page (requests, clients, services) and built full rows for each; this
// sends one and builds only what serializeRequest reads. The filters are the same as the
// Prisma `where` they replace (statusWhere, afterCursor in lib/core/common/cursor).
import { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import type { CursorPosition } from "@/lib/core/common/cursor";
import type { TListRequestsQuery } from "@/lib/core/requests/schemas";
import type { SerializableRequest } from "@/lib/core/requests/serialize-request";

interface PageRow {
  id: string;
  clientId: string;
  externalClientId: string | null;
  status: SerializableRequest["status"];
  stateVersion: number;
  source: string;
  inviteToken: string;
  intakeRequested: boolean;
  intakeCompletedAt: Date | null;
  thankYouMessage: string | null;
  redirectUrl: string | null;
  createdAt: Date;
  completedAt: Date | null;
  expiresAt: Date | null;
  cancelledAt: Date | null;
  services: unknown;
}

/** The SQL twin of statusWhere: the deadline applies to open requests. */
function statusSql(status: TListRequestsQuery["status"], now: Date): Prisma.Sql {
  if (!status) return Prisma.empty;
  if (status === "expired") {
    return Prisma.sql`AND (r."status" = 'expired' OR (r."status" IN ('pending', 'in_progress') AND r."expiresAt" <= ${now}::timestamptz))`;
  }
  if (status === "pending" || status === "in_progress") {
    return Prisma.sql`AND r."status" = ${status}::"RequestStatus" AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now}::timestamptz)`;
  }
  return Prisma.sql`AND r."status" = ${status}::"RequestStatus"`;
}

/** The SQL twin of afterCursor: the redundant createdAt >= t lets the index scan start at the cursor. */
function afterSql(pos: CursorPosition | null): Prisma.Sql {
  if (!pos) return Prisma.empty;
  return Prisma.sql`AND r."createdAt" >= ${pos.createdAt}::timestamptz AND (r."createdAt" > ${pos.createdAt}::timestamptz OR (r."createdAt" = ${pos.createdAt}::timestamptz AND r."id" > ${pos.id}::uuid))`;
}

export async function loadRequestPage(opts: {
  agencyId: string;
  /** one request by id (GET /requests/{id}) */
  id?: string;
  /** demo requests too (never on the list) */
  includeDemo?: boolean;
  /** the caller's transaction, when there is one */
  tx?: Tx;
  clientId?: string;
  externalClientId?: string;
  status?: TListRequestsQuery["status"];
  pos?: CursorPosition | null;
  take: number;
  now?: Date;
}): Promise<SerializableRequest[]> {
  const db = opts.tx ?? (await getDb());
  const rows = await db.$queryRaw<PageRow[]>`
    SELECT r."id", r."clientId", c."externalClientId", r."status", r."stateVersion", r."source", r."inviteToken",
           r."intakeRequested", r."intakeCompletedAt", r."thankYouMessage", r."redirectUrl",
           r."createdAt", r."completedAt", r."expiresAt", r."cancelledAt",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'serviceId', s."serviceId", 'platform', s."platform", 'accessLevel', s."accessLevel",
                      'optional', s."optional", 'status', s."status", 'accounts', s."accounts", 'grantedAssets', s."grantedAssets"
                    ) ORDER BY s."position")
             FROM "RequestService" s WHERE s."requestId" = r."id"
           ), '[]'::json) AS "services"
    FROM "AccessRequest" r
    JOIN "Client" c ON c."id" = r."clientId"
    WHERE r."agencyId" = ${opts.agencyId}::uuid ${opts.includeDemo ? Prisma.empty : Prisma.sql`AND r."isDemo" = false`}
      ${opts.id !== undefined ? Prisma.sql`AND r."id" = ${opts.id}::uuid` : Prisma.empty}
      ${opts.clientId ? Prisma.sql`AND r."clientId" = ${opts.clientId}::uuid` : Prisma.empty}
      ${opts.externalClientId !== undefined ? Prisma.sql`AND c."externalClientId" = ${opts.externalClientId}` : Prisma.empty}
      ${statusSql(opts.status, opts.now ?? new Date())}
      ${afterSql(opts.pos ?? null)}
    ORDER BY r."createdAt" ASC, r."id" ASC
    LIMIT ${opts.take}`;
  return rows.map((r) => ({
    ...r,
    client: { externalClientId: r.externalClientId },
    services: (typeof r.services === "string" ? JSON.parse(r.services) : r.services) as SerializableRequest["services"],
  }));
}
