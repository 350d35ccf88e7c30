// Whether a user belongs to an agency (the agency switcher accepts only such an agency).
import { getDb } from "@/lib/infra/db/db";
import { UUID } from "@/lib/core/common/uuid";

export async function isMemberOf(userId: string, agencyId: unknown): Promise<boolean> {
  if (typeof agencyId !== "string" || !UUID.test(agencyId) || !UUID.test(userId)) return false;
  const m = await (
    await getDb()
  ).membership.findUnique({ where: { agencyId_userId: { agencyId, userId } }, select: { id: true } });
  return m !== null;
}
