// A client's removal links for the dashboard: platform, status (expired read from the
// deadline), when sent, signed in and completed, and what the removal did.
import { getDb } from "@/lib/infra/db/db";

export type RemovalLinkStatus = "sent" | "signed_in" | "completed" | "replaced" | "expired";

export interface RemovalLinkView {
  id: string;
  platform: string;
  status: RemovalLinkStatus;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  signedInAt: string | null;
  completedAt: string | null;
  removed: number;
  failed: number;
}

export function removalLinkStatus(row: { status: string; expiresAt: Date }, now: Date): RemovalLinkStatus {
  if ((row.status === "sent" || row.status === "signed_in") && row.expiresAt.getTime() <= now.getTime())
    return "expired";
  return row.status as RemovalLinkStatus;
}

export async function listRemovalLinks(opts: {
  agencyId: string;
  clientId: string;
  now?: Date;
}): Promise<RemovalLinkView[]> {
  const now = opts.now ?? new Date();
  const rows = await (
    await getDb()
  ).removalLink.findMany({
    where: { agencyId: opts.agencyId, clientId: opts.clientId },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return rows.map((r) => {
    const result = (r.result ?? {}) as { removed?: unknown[]; failed?: unknown[] };
    return {
      id: r.id,
      platform: r.platform,
      status: removalLinkStatus(r, now),
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      signedInAt: r.signedInAt?.toISOString() ?? null,
      completedAt: r.completedAt?.toISOString() ?? null,
      removed: Array.isArray(result.removed) ? result.removed.length : 0,
      failed: Array.isArray(result.failed) ? result.failed.length : 0,
    };
  });
}
