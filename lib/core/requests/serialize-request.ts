// Maps a request row (with its client and services) to the API's Request object, applying
// the deadline: a request past expiresAt that was not completed or cancelled reads expired.
import type { Prisma } from "@/generated/prisma/client";
import { effectiveStatus } from "@/lib/core/domain/request-state";
import type { TRequest } from "@/lib/core/requests/schemas";
import { publicInvitation } from "@/lib/core/request-records/stored-invitation";
import { publicGrantedAssets } from "@/lib/core/request-records/granted-assets";
import { embedUrl, inviteUrl, requestLinkToken } from "@/lib/core/request-records/request-links";

export const requestInclude = {
  client: { select: { externalClientId: true } },
  services: { orderBy: { position: "asc" } },
} satisfies Prisma.AccessRequestInclude;

export type RequestWithServices = Prisma.AccessRequestGetPayload<{ include: typeof requestInclude }>;

/** What serializeRequest reads: a full row with its include, or the list page's narrower row. */
export type SerializableRequest = Pick<
  RequestWithServices,
  | "id"
  | "clientId"
  | "status"
  | "stateVersion"
  | "source"
  | "inviteToken"
  | "inviteTokenHash"
  | "inviteTokenSealed"
  | "intakeRequested"
  | "intakeCompletedAt"
  | "thankYouMessage"
  | "redirectUrl"
  | "createdAt"
  | "completedAt"
  | "expiresAt"
  | "cancelledAt"
> & {
  client: { externalClientId: string | null };
  services: (Pick<
    RequestWithServices["services"][number],
    "serviceId" | "platform" | "accessLevel" | "optional" | "status" | "accounts" | "grantedAssets"
  > & {
    forwardedTo?: RequestWithServices["services"][number]["forwardedTo"];
    invitation?: RequestWithServices["services"][number]["invitation"];
  })[];
};

/** The colleague a service was handed to, as the API shows it (the forward's id stays inside). */
function publicForwardedTo(value: unknown): TRequest["services"][number]["forwardedTo"] {
  const v = value as { name?: unknown; email?: unknown; at?: unknown } | null | undefined;
  if (!v || typeof v.name !== "string" || typeof v.email !== "string" || typeof v.at !== "string") return null;
  return { name: v.name, email: v.email, forwardedAt: v.at };
}

export function serializeRequest(r: SerializableRequest, now = new Date()): TRequest {
  const token = requestLinkToken(r);
  return {
    id: r.id,
    clientId: r.clientId,
    externalClientId: r.client.externalClientId,
    status: effectiveStatus({ status: r.status, expiresAt: r.expiresAt }, now),
    stateVersion: r.stateVersion,
    source: r.source as TRequest["source"],
    inviteUrl: inviteUrl(token),
    embedUrl: embedUrl(token),
    intakeForm: { requested: r.intakeRequested, complete: r.intakeCompletedAt !== null },
    services: r.services.map((s) => ({
      service: s.serviceId,
      platform: s.platform,
      accessLevel: s.accessLevel,
      optional: s.optional,
      status: s.status,
      accounts: ((s.accounts ?? []) as Record<string, string | null>[]).map((a) => ({
        ...a,
        internalAccountId: a.internalAccountId ?? "",
        adsMccAccountId: a.adsMccAccountId ?? null,
        businessManagerId: a.businessManagerId ?? null,
      })),
      grantedAssets: publicGrantedAssets(s.grantedAssets),
      forwardedTo: publicForwardedTo(s.forwardedTo),
      invitation: publicInvitation(s.invitation),
    })),
    thankYouMessage: r.thankYouMessage,
    redirectUrl: r.redirectUrl,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  };
}
