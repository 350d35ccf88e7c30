// Serializes team changes per agency (row lock on the agency), so two owners demoting each
// other at the same moment cannot leave the agency without an owner.
import type { Tx } from "@/lib/infra/db/db";
import { ApiError } from "@/lib/core/common/api-error";

export async function lockTeam(tx: Tx, agencyId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Agency" WHERE "id" = ${agencyId}::uuid FOR UPDATE`;
}

export function lastOwnerError(): ApiError {
  return new ApiError("INVALID_STATE", "An agency needs at least one owner. Make someone else an owner first.");
}
