// The agency's static access link (`/l/{token}`): on or off, the services every visitor
// is asked for (the same shape as POST /requests requestedServices, checked against the
// catalog and the agency's accounts), whether the intake form is asked for, and a new
// token when the old link has to stop working.
import { z } from "zod";
import { newLinkToken, openLinkToken, type StoredLinkToken } from "@/lib/infra/secrets/link-token";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { env } from "@/lib/infra/env";
import { notFound, validationError } from "@/lib/core/common/api-error";
import { ZRequestedServices, type TRequestedService } from "@/lib/core/requests/schemas";
import { validateRequestedServices } from "@/lib/core/requests/validate-requested-services";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { isReadOnlyAccess } from "@/lib/core/catalog/access-level";

import { UUID } from "@/lib/core/common/uuid";
import { staticLinkMissing } from "@/lib/core/domain/static-link";

export const ZUpdateStaticLinkBody = z.strictObject({
  enabled: z.boolean().optional(),
  services: ZRequestedServices.optional(),
  intake: z.boolean().optional(),
  /** offer roles that are not read-only to prospects (off by default) */
  allowAllRoles: z.boolean().optional(),
});
export type TUpdateStaticLinkBody = z.infer<typeof ZUpdateStaticLinkBody>;

export interface StaticLink {
  enabled: boolean;
  token: string;
  url: string;
  services: Record<string, TRequestedService>;
  intake: boolean;
  /** false: only the catalog's read-only roles are offered to prospects */
  allowAllRoles: boolean;
  /** whether the agency's intake form is on and has questions, so `intake` can work */
  intakeFormReady: boolean;
  /** on, and asks for something a visitor can do: what the dashboard may call "On" */
  live: boolean;
  /** why the link cannot work yet (no services, intake form not ready), null when it can */
  missing: string | null;
}

/** What an agency row stores for its static link's token: a hash for lookups and a sealed copy, never the token. */
export function staticLinkTokenColumns(stored: StoredLinkToken) {
  return { staticLinkTokenHash: stored.hash, staticLinkTokenSealed: stored.sealed, staticLinkToken: null };
}

export function staticLinkUrl(token: string): string {
  return `${env().appUrl}/l/${token}`;
}

function storedServices(value: unknown): Record<string, TRequestedService> {
  // written by this module only; anything unreadable shows as no services
  const parsed = ZRequestedServices.safeParse(value);
  return parsed.success ? parsed.data : {};
}

async function intakeFormReady(db: Tx, agencyId: string, enabled: boolean): Promise<boolean> {
  if (!enabled) return false;
  return (await db.intakeQuestion.count({ where: { agencyId, archivedAt: null } })) > 0;
}

async function read(db: Tx, agencyId: string): Promise<StaticLink> {
  const row = await db.agency.findUnique({
    where: { id: agencyId },
    select: {
      staticLinkEnabled: true,
      staticLinkToken: true,
      staticLinkTokenHash: true,
      staticLinkTokenSealed: true,
      staticLinkServices: true,
      staticLinkIntake: true,
      intakeFormEnabled: true,
      staticLinkAllowAllRoles: true,
    },
  });
  if (!row) throw notFound("Agency");
  const services = storedServices(row.staticLinkServices);
  const ready = await intakeFormReady(db, agencyId, row.intakeFormEnabled);
  const missing = staticLinkMissing(services, row.staticLinkIntake, ready);
  const token = openLinkToken({
    hash: row.staticLinkTokenHash,
    sealed: row.staticLinkTokenSealed,
    legacy: row.staticLinkToken,
  });
  return {
    enabled: row.staticLinkEnabled,
    token,
    url: staticLinkUrl(token),
    services,
    intake: row.staticLinkIntake,
    allowAllRoles: row.staticLinkAllowAllRoles,
    intakeFormReady: ready,
    live: row.staticLinkEnabled && missing === null,
    missing,
  };
}

export async function getStaticLink({ agencyId, tx }: { agencyId: string; tx?: Tx }): Promise<StaticLink> {
  if (!UUID.test(agencyId)) throw notFound("Agency");
  return read(tx ?? (await getDb()), agencyId);
}

export async function updateStaticLink({
  agencyId,
  input,
  tx,
}: {
  agencyId: string;
  input: TUpdateStaticLinkBody;
  tx?: Tx;
}): Promise<StaticLink> {
  const parsed = ZUpdateStaticLinkBody.parse(input);
  if (!UUID.test(agencyId)) throw notFound("Agency");
  const run = async (db: Tx) => {
    const current = await read(db, agencyId);
    const services = parsed.services ?? current.services;
    const intake = parsed.intake ?? current.intake;
    const enabled = parsed.enabled ?? current.enabled;
    const allowAllRoles = parsed.allowAllRoles ?? current.allowAllRoles;
    if (parsed.services !== undefined) {
      // the same checks a request gets, so a visitor never meets a link that cannot be created
      await validateRequestedServices(db, { agencyId, requestedServices: services, fieldPrefix: "services" });
    }
    if (!allowAllRoles) {
      for (const [serviceId, wanted] of Object.entries(services)) {
        const service = getCatalogService(serviceId);
        if (service && !isReadOnlyAccess(service, wanted.accessLevel)) {
          const readOnly = service.roles.filter((r) => r.readOnly).map((r) => r.value);
          throw validationError(
            `services.${serviceId}.accessLevel`,
            readOnly.length
              ? `Prospects are offered read-only roles only (${readOnly.join(", ")}); choose one, or allow all roles on the static link.`
              : `${service.name} has no read-only role; leave it out, or allow all roles on the static link.`,
          );
        }
      }
    }
    if (enabled && intake && !current.intakeFormReady) {
      throw validationError("intake", "Turn the intake form on and add a question first (Intake form page).");
    }
    const missing = staticLinkMissing(services, intake, current.intakeFormReady);
    if (enabled && missing) throw validationError("services", missing);
    await db.agency.update({
      where: { id: agencyId },
      data: {
        staticLinkEnabled: enabled,
        staticLinkServices: services,
        staticLinkIntake: intake,
        staticLinkAllowAllRoles: allowAllRoles,
      },
    });
    return read(db, agencyId);
  };
  return inTransaction(run, { tx });
}

/** A new token: the old link stops working at once. */
export async function regenerateStaticLinkToken({ agencyId, tx }: { agencyId: string; tx?: Tx }): Promise<StaticLink> {
  if (!UUID.test(agencyId)) throw notFound("Agency");
  const db = tx ?? (await getDb());
  const exists = await db.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
  if (!exists) throw notFound("Agency");
  await db.agency.update({ where: { id: agencyId }, data: staticLinkTokenColumns(newLinkToken()) });
  return read(db, agencyId);
}
