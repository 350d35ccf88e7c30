// The request as the dashboard shows it: the API's Request object plus what staff need
// beside it (the client's name, progress, service names, which client-sent invites wait
// for confirmation). Built from the same serializer as the API, so no rule is copied.
import type { Prisma } from "@/generated/prisma/client";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";
import { progress } from "@/lib/core/domain/request-state";
import type { TRequest } from "@/lib/core/requests/schemas";
import type { LoadedRequest } from "@/lib/core/requests/load-request-page";
import { serializeRequest } from "@/lib/core/requests/serialize-request";

export const dashboardRequestInclude = {
  client: {
    select: {
      id: true,
      externalClientId: true,
      name: true,
      email: true,
      company: true,
      isProspect: true,
      language: true,
    },
  },
  services: { orderBy: { position: "asc" } },
} satisfies Prisma.AccessRequestInclude;

export type DashboardRequestRow = Prisma.AccessRequestGetPayload<{ include: typeof dashboardRequestInclude }>;

export type TDashboardRequestService = TRequest["services"][number] & {
  name: string;
  platformName: string;
  awaitingConfirmation: boolean;
  grantedAt: string | null;
  /** Per granted asset id: whether the grant was confirmed by reading it back on the platform. */
  verification: Record<string, { verified: boolean | null; verifiedAt: string | null }>;
};

export interface TDashboardRequest extends Omit<TRequest, "services"> {
  services: TDashboardRequestService[];
  client: { id: string; name: string; email: string; company: string | null; isProspect: boolean };
  progress: { done: number; total: number };
  isDemo: boolean;
}

function verificationOf(stored: unknown): TDashboardRequestService["verification"] {
  const out: TDashboardRequestService["verification"] = {};
  for (const a of Array.isArray(stored)
    ? (stored as { id?: unknown; verified?: unknown; verifiedAt?: unknown }[])
    : []) {
    if (typeof a?.id !== "string") continue;
    out[a.id] = {
      verified: typeof a.verified === "boolean" ? a.verified : null,
      verifiedAt: typeof a.verifiedAt === "string" ? a.verifiedAt : null,
    };
  }
  return out;
}

/** A full row with its include, or a row of loadRequestPage (the list). */
export function serializeDashboardRequest(
  row: LoadedRequest | DashboardRequestRow,
  now = new Date(),
): TDashboardRequest {
  const base = serializeRequest(row, now);
  const services = base.services.map((s, i) => {
    const stored = row.services[i]!;
    return {
      ...s,
      name: getCatalogService(s.service)?.name ?? s.service,
      platformName: getPlatform(s.platform)?.name ?? s.platform,
      awaitingConfirmation: stored.awaitingConfirmation,
      grantedAt: stored.grantedAt?.toISOString() ?? null,
      verification: verificationOf(stored.grantedAssets),
    };
  });
  return {
    ...base,
    services,
    client: {
      id: row.client.id,
      name: row.client.name,
      email: row.client.email,
      company: row.client.company,
      isProspect: row.client.isProspect,
    },
    progress: progress({
      intakeRequested: row.intakeRequested,
      intakeCompleted: row.intakeCompletedAt !== null,
      services: row.services.map((s) => ({
        serviceId: s.serviceId,
        optional: s.optional,
        status: s.status,
        awaitingConfirmation: s.awaitingConfirmation,
      })),
    }),
    isDemo: row.isDemo,
  };
}
