// The signed-in dashboard user, their agency and role, read from the next-auth session
// and the database on every call (so a role change or removal takes effect at once).
import { getServerSession } from "next-auth";
import { getDb } from "@/lib/infra/db/db";
import { authOptions } from "@/lib/surfaces/dashboard/auth-options";
import { can, isRole, type Permission, type Role } from "@/lib/core/auth/roles";
import { ApiError } from "@/lib/core/common/api-error";

export interface DashboardContext {
  userId: string;
  email: string;
  agencyId: string;
  agencyName: string;
  role: Role;
}

export async function getDashboardContext(): Promise<DashboardContext | null> {
  const session = (await getServerSession(authOptions())) as { userId?: string } | null;
  if (!session?.userId) return null;
  const db = await getDb();
  const membership = await db.membership.findFirst({
    where: { userId: session.userId },
    orderBy: { createdAt: "asc" },
    include: { user: { select: { email: true } }, agency: { select: { name: true } } },
  });
  if (!membership || !isRole(membership.role)) return null;
  return { userId: session.userId, email: membership.user.email, agencyId: membership.agencyId, agencyName: membership.agency.name, role: membership.role };
}

/** For server actions and dashboard route handlers: the context, or ApiError 401/403. */
export async function requirePermission(permission: Permission = "read"): Promise<DashboardContext> {
  const ctx = await getDashboardContext();
  if (!ctx) throw new ApiError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
  if (!can(ctx.role, permission)) throw new ApiError("FORBIDDEN", `Your role (${ctx.role}) cannot do this. Ask an owner or manager.`);
  return ctx;
}
