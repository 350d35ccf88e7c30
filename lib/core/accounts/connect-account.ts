// Connecting one of the agency's own platform accounts without a platform sign-in
// (sandbox, admin CLI, demo seed). The internalAccountId it gets is what requests
// name in requestedAccountLinks.
import { z } from "zod";
import { randomToken } from "@/lib/core/api-keys/api-key-token";
import { serializeAccount, type SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { getPlatform, listPlatformServices } from "@/lib/core/catalog/catalog";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound, validationError } from "@/lib/core/common/api-error";

import { UUID } from "@/lib/core/common/uuid";
import { sealAgencyToken } from "@/lib/core/request-records/granted-assets";
const ZEmail = z.email().max(320);

export interface ConnectAccountOptions {
  agencyId: string;
  platform: string;
  /** default: every catalog service of the platform */
  services?: readonly string[];
  displayName?: string | null;
  email?: string | null;
  platformAccountId?: string | null;
  business?: { id: string; name?: string | null } | null;
  /** The agency's own platform token from its sign-in, stored sealed (access checks, offboarding). */
  accessToken?: string | null;
  tx?: Tx;
}

function optionalText(field: string, value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.length > max) throw validationError(field, `At most ${max} characters.`);
  return trimmed;
}

export async function connectAccount(options: ConnectAccountOptions): Promise<SerializedAccount> {
  const { agencyId, platform, tx } = options;
  const catalogPlatform = getPlatform(platform);
  if (!catalogPlatform) throw validationError("platform", `Unknown platform "${platform}".`);
  const offered = listPlatformServices(platform).map((s) => s.id as string);
  const services = options.services === undefined ? offered : [...new Set(options.services)];
  if (services.length === 0) throw validationError("services", "At least one service is required.");
  const foreign = services.find((s) => !offered.includes(s));
  if (foreign !== undefined)
    throw validationError(
      "services",
      `"${foreign}" is not a service of ${platform}. Its services: ${offered.join(", ")}.`,
    );

  const displayName = optionalText("displayName", options.displayName, 200);
  const email = optionalText("email", options.email, 320);
  if (email !== null && !ZEmail.safeParse(email).success)
    throw validationError("email", "Must be a valid email address.");
  const platformAccountId = optionalText("platformAccountId", options.platformAccountId, 255);
  let business: { id: string; name: string | null } | null = null;
  if (options.business) {
    const id = optionalText("business.id", options.business.id, 255);
    if (id === null) throw validationError("business.id", "Required when business is given.");
    business = { id, name: optionalText("business.name", options.business.name, 200) };
  }
  if (!UUID.test(agencyId)) throw notFound("Agency");

  const db = tx ?? (await getDb());
  const agency = await db.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
  if (!agency) throw notFound("Agency");
  const internalAccountId = `acc_${randomToken(12)}`;
  const row = await db.connectedAccount.create({
    data: {
      agencyId,
      internalAccountId,
      accessToken: options.accessToken ? sealAgencyToken(options.accessToken) : null,
      platform,
      displayName: displayName ?? `${catalogPlatform.name} account`,
      email,
      platformAccountId,
      businessId: business?.id ?? null,
      businessName: business?.name ?? null,
      services,
    },
  });
  return serializeAccount(row);
}
