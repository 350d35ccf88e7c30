// V1 response shapes. A V1 client is V2's Client unchanged (ZClient); a V1 link is the
// V2 Request with V1 names: `clientID`, `intakeForm` as a boolean, `redirectURL` without
// the https scheme, and `requestedServices` keyed by service id instead of a list.
import { z } from "zod";
import { REQUEST_STATUSES, SERVICE_STATUSES } from "@/lib/core/requests/schemas";

export const ZLegacyAccountLink = z
  .object({
    internalAccountID: z.string(),
    adsMCCAccountID: z.string().nullable(),
    businessManagerID: z.string().nullable(),
  })
  .catchall(z.string().nullable());

export const ZLegacyLinkService = z.object({
  requested: z.literal(true),
  platform: z.string(),
  accessLevel: z.string().nullable(),
  optional: z.boolean(),
  status: z.enum(SERVICE_STATUSES),
  requestedAccountLinks: z.array(ZLegacyAccountLink),
  grantedAssets: z.array(z.object({ id: z.string(), name: z.string().nullable(), accessLevel: z.string().nullable() })),
});

export const ZLegacyLink = z.object({
  id: z.uuid(),
  clientID: z.uuid(),
  status: z.enum(REQUEST_STATUSES),
  stateVersion: z.number().int(),
  inviteUrl: z.string(),
  embedUrl: z.string(),
  intakeForm: z.boolean(),
  intakeFormComplete: z.boolean(),
  requestedServices: z.record(z.string(), ZLegacyLinkService),
  thankYouMessage: z.string().nullable(),
  redirectURL: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type TLegacyLink = z.infer<typeof ZLegacyLink>;
