// Loads one page of the agency's requests for the API list (or one request by id, for GET
// /requests/{id} and the create's response) in a single SQL query: the
// request columns the Request object needs, the client's externalClientId by join, and the
// services as one JSON array per row (json_agg ordered by position). Prisma's include sent
// three queries per page (requests, clients, services) and built full rows for each; this
// sends one and builds only what serializeRequest reads. The filters are the same as the
// Prisma `where` they replace (afterCursor/beforeCursor in lib/core/common/cursor). The
// dashboard's list reads the same rows newest first, with its search, and the few columns
// more it shows (the client's name and contact, each service's confirmation and grant time).
import { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { jsonColumn } from "@/lib/infra/db/json-column";
import type { CursorPosition } from "@/lib/core/common/cursor";
import type { TListRequestsQuery } from "@/lib/core/requests/schemas";
import type { SerializableRequest } from "@/lib/core/requests/serialize-request";

/** A loaded row: what serializeRequest reads, and what the dashboard's view adds. */
export type LoadedRequest = Omit<SerializableRequest, "client" | "services"> & {
  isDemo: boolean;
  client: {
    id: string;
    externalClientId: string | null;
    name: string;
    email: string;
    company: string | null;
    isProspect: boolean;
  };
  services: (SerializableRequest["services"][number] & { awaitingConfirmation: boolean; grantedAt: Date | null })[];
};

interface PageRow {
  id: string;
  clientId: string;
  isDemo: boolean;
  externalClientId: string | null;
  clientName: string;
  clientEmail: string;
  clientCompany: string | null;
  clientIsProspect: boolean;
  status: SerializableRequest["status"];
  stateVersion: number;
  source: string;
  inviteToken: string | null;
  inviteTokenHash: string | null;
  inviteTokenSealed: string | null;
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

/** The status filter applies the deadline: status=expired includes open requests past expiresAt; pending/in_progress exclude them. */
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

/** The dashboard's search: the client's name, email, externalClientId or company contains it (case-insensitive). */
function searchSql(search: string | undefined): Prisma.Sql {
  const q = search?.trim();
  if (!q) return Prisma.empty;
  const lower = q.toLowerCase();
  return Prisma.sql`AND (strpos(lower(c."name"), ${lower}) > 0 OR strpos(c."emailNormalized", ${lower}) > 0
    OR strpos(lower(c."externalClientId"), ${lower}) > 0 OR strpos(lower(c."company"), ${lower}) > 0)`;
}

/** The SQL twin of beforeCursor (newest first). */
function beforeSql(pos: CursorPosition | null): Prisma.Sql {
  if (!pos) return Prisma.empty;
  return Prisma.sql`AND r."createdAt" <= ${pos.createdAt}::timestamptz AND (r."createdAt" < ${pos.createdAt}::timestamptz OR (r."createdAt" = ${pos.createdAt}::timestamptz AND r."id" < ${pos.id}::uuid))`;
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
  /** the dashboard's search on the client */
  search?: string;
  /** oldest first (the API) or newest first (the dashboard) */
  order?: "asc" | "desc";
  status?: TListRequestsQuery["status"];
  pos?: CursorPosition | null;
  take: number;
  now?: Date;
}): Promise<LoadedRequest[]> {
  const desc = opts.order === "desc";
  const db = opts.tx ?? (await getDb());
  const rows = await db.$queryRaw<PageRow[]>`
    SELECT r."id", r."clientId", r."isDemo", c."externalClientId", c."name" AS "clientName", c."email" AS "clientEmail",
           c."company" AS "clientCompany", c."isProspect" AS "clientIsProspect", r."status", r."stateVersion", r."source", r."inviteToken", r."inviteTokenHash", r."inviteTokenSealed",
           r."intakeRequested", r."intakeCompletedAt", r."thankYouMessage", r."redirectUrl",
           r."createdAt", r."completedAt", r."expiresAt", r."cancelledAt",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'serviceId', s."serviceId", 'platform', s."platform", 'accessLevel', s."accessLevel",
                      'optional', s."optional", 'status', s."status", 'accounts', s."accounts", 'grantedAssets', s."grantedAssets", 'forwardedTo', s."forwardedTo", 'invitation', s."invitation",
                      'awaitingConfirmation', s."awaitingConfirmation", 'grantedAt', s."grantedAt"
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
      ${searchSql(opts.search)}
      ${desc ? beforeSql(opts.pos ?? null) : afterSql(opts.pos ?? null)}
    ORDER BY ${desc ? Prisma.sql`r."createdAt" DESC, r."id" DESC` : Prisma.sql`r."createdAt" ASC, r."id" ASC`}
    LIMIT ${opts.take}`;
  return rows.map(({ externalClientId, clientName, clientEmail, clientCompany, clientIsProspect, services, ...r }) => ({
    ...r,
    client: {
      id: r.clientId,
      externalClientId,
      name: clientName,
      email: clientEmail,
      company: clientCompany,
      isProspect: clientIsProspect,
    },
    services: jsonColumn<(Omit<LoadedRequest["services"][number], "grantedAt"> & { grantedAt: string | null })[]>(
      services,
    ).map((s) => ({ ...s, grantedAt: s.grantedAt === null ? null : new Date(s.grantedAt) })),
  }));
}
