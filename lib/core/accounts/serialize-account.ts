// The Connected account object of the API contract, and nothing more.
import type { ConnectedAccount } from "@/generated/prisma/client";

export interface SerializedAccount {
  internalAccountId: string;
  platform: string;
  displayName: string | null;
  email: string | null;
  platformAccountId: string | null;
  business: { id: string; name: string | null } | null;
  services: string[];
  status: "connected" | "disconnected";
  linkedAt: string;
}

export function serializeAccount(row: ConnectedAccount): SerializedAccount {
  return {
    internalAccountId: row.internalAccountId,
    platform: row.platform,
    displayName: row.displayName,
    email: row.email,
    platformAccountId: row.platformAccountId,
    business: row.businessId ? { id: row.businessId, name: row.businessName } : null,
    services: [...row.services],
    status: row.status === "disconnected" ? "disconnected" : "connected",
    linkedAt: row.linkedAt.toISOString(),
  };
}
