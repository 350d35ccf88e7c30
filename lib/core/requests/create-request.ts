// Creates an access request (API, V1, dashboard, static link): validates services against
// the catalog and the agency's accounts, records request.created, queues the invite email
// and counts usage, all in one transaction (usage last: count-usage-unit.ts). Demo requests
// count nothing and record nothing.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { newLinkToken } from "@/lib/infra/secrets/link-token";
import { validateExpiresAt } from "@/lib/core/domain/expiry";
import { recordEvent } from "@/lib/core/events/record-event";
import { notFound, validationError } from "@/lib/core/common/api-error";
import { countUsageUnit } from "@/lib/core/usage/count-usage-unit";
import type { TCreateRequestBody } from "@/lib/core/requests/schemas";
import { validateRequestedServices } from "@/lib/core/requests/validate-requested-services";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import { queueRequestEmail } from "@/lib/core/emails/queue-request-email";

const CREATED_SELECT = {
  id: true,
  clientId: true,
  status: true,
  stateVersion: true,
  source: true,
  inviteToken: true,
  inviteTokenHash: true,
  inviteTokenSealed: true,
  intakeRequested: true,
  intakeCompletedAt: true,
  thankYouMessage: true,
  redirectUrl: true,
  createdAt: true,
  completedAt: true,
  expiresAt: true,
  cancelledAt: true,
} as const;

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
    const client = await tx.client.findFirst({ where: { id: input.clientId, agencyId: opts.agencyId } });
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
    // The request and its services are inserted with RETURNING of what the Request object
    // shows, and the response is built from that: no re-read of the rows just written.
    const created = await tx.accessRequest.create({
      data: {
        agencyId: opts.agencyId,
        clientId: client.id,
        source: opts.source,
        // only the token's hash and a sealed copy are stored; reads rebuild the links from the copy
        ...(({ hash, sealed }) => ({ inviteTokenHash: hash, inviteTokenSealed: sealed }))(newLinkToken()),
        isDemo: opts.isDemo ?? false,
        countsUsage: !opts.isDemo && opts.countsUsage !== false,
        intakeRequested,
        sendEmail: input.sendEmail,
        thankYouMessage: input.thankYouMessage ?? null,
        redirectUrl: input.redirectUrl ?? null,
        expiresAt,
        createdAt: now,
      },
      select: CREATED_SELECT,
    });
    const createdServices =
      services.length === 0
        ? []
        : await tx.requestService.createManyAndReturn({
            data: services.map((s, position) => ({
              agencyId: opts.agencyId,
              requestId: created.id,
              serviceId: s.serviceId,
              platform: s.platform,
              accessLevel: s.accessLevel,
              optional: s.optional,
              accounts: s.accounts,
              position,
            })),
            select: {
              serviceId: true,
              platform: true,
              accessLevel: true,
              optional: true,
              status: true,
              accounts: true,
              grantedAssets: true,
              position: true,
            },
          });
    const request = serializeRequest({
      ...created,
      client: { externalClientId: client.externalClientId },
      services: [...createdServices].sort((a, b) => a.position - b.position),
    });
    if (!opts.isDemo) {
      await recordEvent(tx, {
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
