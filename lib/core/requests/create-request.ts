// Creates an access request (API, V1, dashboard, static link): validates services against
// the catalog and the agency's accounts, records request.created, queues the invite email
// and counts usage, all in one transaction (usage last: count-usage-unit.ts). Demo requests
// count nothing and record nothing.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { jsonColumn } from "@/lib/infra/db/json-column";
import { newLinkToken } from "@/lib/infra/secrets/link-token";
import { validateExpiresAt } from "@/lib/core/domain/expiry";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import { notFound, validationError } from "@/lib/core/common/api-error";
import { countUsageUnit } from "@/lib/core/usage/count-usage-unit";
import type { TCreateRequestBody } from "@/lib/core/requests/schemas";
import { validateRequestedServices } from "@/lib/core/requests/validate-requested-services";
import { serializeRequest, type SerializableRequest } from "@/lib/core/requests/serialize-request";
import { queueRequestEmail } from "@/lib/core/emails/queue-request-email";

/** What the create's statement returns of the request (the columns the Request object shows). */
type CreatedRow = Omit<SerializableRequest, "client" | "services">;
type CreatedService = SerializableRequest["services"][number] & { position: number };

export type RequestSource = "api" | "dashboard" | "static_link";

export interface CreateRequestOptions {
  agencyId: string;
  input: TCreateRequestBody;
  source: RequestSource;
  isDemo?: boolean;
  /** false for the demo agency's sample requests: recorded like any other (events, state versions) but never counted toward the allowance */
  countsUsage?: boolean;
  tx?: Tx;
  now?: Date;
}

export async function createRequest(opts: CreateRequestOptions) {
  const run = async (tx: Tx) => {
    const { input } = opts;
    const now = opts.now ?? new Date();
    const [client] = await tx.$queryRaw<{ id: string; externalClientId: string | null; isProspect: boolean }[]>`
      SELECT "id", "externalClientId", "isProspect" FROM "Client"
      WHERE "id" = ${input.clientId}::uuid AND "agencyId" = ${opts.agencyId}::uuid`;
    if (!client) throw notFound("Client");
    const intakeRequested = input.intakeForm?.requested ?? false;
    if (Object.keys(input.requestedServices).length === 0 && !intakeRequested) {
      throw validationError("requestedServices", "Request at least one service or the intake form.");
    }
    let expiresAt: Date | null = null;
    if (input.expiresAt) {
      expiresAt = new Date(input.expiresAt);
      const problem = validateExpiresAt(expiresAt, now);
      if (problem) throw validationError("expiresAt", problem);
    }
    if (intakeRequested) {
      const agency = await tx.agency.findUniqueOrThrow({
        where: { id: opts.agencyId },
        select: { intakeFormEnabled: true },
      });
      const questions = await tx.intakeQuestion.count({ where: { agencyId: opts.agencyId, archivedAt: null } });
      if (!agency.intakeFormEnabled || questions === 0) {
        throw validationError(
          "intakeForm.requested",
          "The agency's intake form is disabled or has no questions; enable it in the dashboard first.",
        );
      }
    }
    const services = await validateRequestedServices(tx, {
      agencyId: opts.agencyId,
      requestedServices: input.requestedServices,
    });
    // The request and its services are inserted in one statement with RETURNING of what the
    // Request object shows, and the response is built from that: no re-read of the rows just
    // written. Raw SQL: every create sends it, and Prisma's model queries cost its query
    // compiler on each call (docs/performance.md). `id` and `updatedAt` are the columns Prisma
    // fills in itself (@default(uuid()), @updatedAt); the database's defaults fill the rest.
    const { hash, sealed } = newLinkToken();
    const rows = await tx.$queryRaw<(CreatedRow & { services: unknown })[]>`
      WITH r AS (
        INSERT INTO "AccessRequest" ("id", "agencyId", "clientId", "source", "inviteTokenHash", "inviteTokenSealed", "isDemo",
          "countsUsage", "intakeRequested", "sendEmail", "thankYouMessage", "redirectUrl", "expiresAt", "createdAt", "updatedAt")
        VALUES (gen_random_uuid(), ${opts.agencyId}::uuid, ${client.id}::uuid, ${opts.source}, ${hash}, ${sealed},
          ${opts.isDemo ?? false}, ${!opts.isDemo && opts.countsUsage !== false}, ${intakeRequested}, ${input.sendEmail ?? false},
          ${input.thankYouMessage ?? null}, ${input.redirectUrl ?? null}, ${expiresAt}::timestamptz, ${now}::timestamptz,
          ${now}::timestamptz)
        RETURNING "id", "clientId", "status"::text AS "status", "stateVersion", "source", "inviteToken", "inviteTokenHash",
          "inviteTokenSealed", "intakeRequested", "intakeCompletedAt", "thankYouMessage", "redirectUrl", "createdAt",
          "completedAt", "expiresAt", "cancelledAt"
      ), s AS (
        INSERT INTO "RequestService" ("id", "agencyId", "requestId", "serviceId", "platform", "accessLevel", "optional",
          "accounts", "position", "createdAt", "updatedAt")
        SELECT gen_random_uuid(), ${opts.agencyId}::uuid, r."id", x."serviceId", x."platform", x."accessLevel", x."optional",
          x."accounts", x."position", ${now}::timestamptz, ${now}::timestamptz
        FROM r, jsonb_to_recordset(${JSON.stringify(
          services.map((svc, position) => ({ ...svc, position })),
        )}::jsonb) AS x("serviceId" text, "platform" text, "accessLevel" text, "optional" boolean, "accounts" jsonb, "position" int)
        RETURNING "serviceId", "platform", "accessLevel", "optional", "status"::text AS "status", "accounts", "grantedAssets",
          "position"
      )
      SELECT r.*, COALESCE((SELECT json_agg(s ORDER BY s."position") FROM s), '[]'::json) AS "services" FROM r`;
    const { services: createdJson, ...created } = rows[0]!;
    const createdServices = jsonColumn<CreatedService[]>(createdJson);
    const request = serializeRequest({
      ...created,
      client: { externalClientId: client.externalClientId },
      services: createdServices,
    });
    if (!opts.isDemo) {
      await recordAndReact(tx, {
        agencyId: opts.agencyId,
        type: "request.created",
        data: { request },
        requestId: created.id,
        now,
      });
      if (input.sendEmail)
        await queueRequestEmail(tx, { agencyId: opts.agencyId, requestId: created.id, kind: "invite" });
      // Counted last, so the month's counter row is locked only from here to the commit.
      // A refusal rolls everything above back.
      if (opts.countsUsage !== false)
        await countUsageUnit(tx, {
          agencyId: opts.agencyId,
          kind: client.isProspect ? "prospect" : "client",
          now,
        });
    }
    return request;
  };
  return inTransaction(run, { tx: opts.tx });
}
