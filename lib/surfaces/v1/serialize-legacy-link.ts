// Maps the API's Request object to the V1 link view (see lib/legacy/schemas.ts). Built
// from the serialized V2 request, so status (the deadline applied) and every other value
// are exactly what V2 reports.
import type { TRequest } from "@/lib/core/requests/schemas";
import type { TLegacyLink } from "@/lib/surfaces/v1/schemas";
import { toV1RedirectUrl } from "@/lib/surfaces/v1/legacy-link-input";

type Account = TRequest["services"][number]["accounts"][number];

function toLegacyAccount(a: Account): TLegacyLink["requestedServices"][string]["requestedAccountLinks"][number] {
  const { internalAccountId, adsMccAccountId, businessManagerId, ...extra } = a;
  return {
    ...extra,
    internalAccountID: internalAccountId,
    adsMCCAccountID: adsMccAccountId,
    businessManagerID: businessManagerId,
  };
}

export function serializeLegacyLink(r: TRequest): TLegacyLink {
  return {
    id: r.id,
    clientID: r.clientId,
    status: r.status,
    stateVersion: r.stateVersion,
    inviteUrl: r.inviteUrl,
    embedUrl: r.embedUrl,
    intakeForm: r.intakeForm.requested,
    intakeFormComplete: r.intakeForm.complete,
    requestedServices: Object.fromEntries(
      r.services.map((s) => [
        s.service,
        {
          requested: true as const,
          platform: s.platform,
          accessLevel: s.accessLevel,
          optional: s.optional,
          status: s.status,
          requestedAccountLinks: s.accounts.map(toLegacyAccount),
          grantedAssets: s.grantedAssets,
        },
      ]),
    ),
    thankYouMessage: r.thankYouMessage,
    redirectURL: toV1RedirectUrl(r.redirectUrl),
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    expiresAt: r.expiresAt,
    cancelledAt: r.cancelledAt,
  };
}
