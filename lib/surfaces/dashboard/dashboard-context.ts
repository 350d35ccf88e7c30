// The signed-in dashboard user, their agency and role, read from the next-auth session
// and the database on every call (so a role change or removal takes effect at once).
import { getServerSession, type AuthOptions } from "next-auth";
import { headers } from "next/headers";
import { TAB_AGENCY_HEADER } from "@/lib/surfaces/dashboard/tab-agency-header";
import { getDb } from "@/lib/infra/db/db";
import { authOptions } from "@/lib/surfaces/dashboard/auth-options";
import { can, isRole, type Permission, type Role } from "@/lib/core/auth/roles";
import { ApiError } from "@/lib/core/common/api-error";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/core/common/to-api-error";
import { UUID } from "@/lib/core/common/uuid";
import { mustEnrolTwoFactor } from "@/lib/core/users/two-factor";

export interface DashboardContext {
  userId: string;
  email: string;
  agencyId: string;
  agencyName: string;
  role: Role;
}

export const NO_LONGER_A_MEMBER =
  "You are no longer a member of the agency this page shows. Reload the page to continue with an agency you belong to.";

export const AGENCY_NOT_NAMED =
  "This action did not say which agency it is for (the dashboard page sends it with every action). Reload the page and try again.";

export const SESSION_UNCHECKED =
  "We couldn't check your session just now (the database did not answer). Try again in a moment.";

function sessionUnchecked(): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", SESSION_UNCHECKED, [], {
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}

/** The agency the calling tab shows (its actions and fetches carry it), when there is one. */
async function tabAgencyId(): Promise<string | undefined> {
  try {
    const value = (await headers()).get(TAB_AGENCY_HEADER);
    return value && UUID.test(value) ? value : undefined;
  } catch {
    return undefined; // outside a request
  }
}

/**
 * The signed-in user's context. Pages fall back to the user's first agency when the one
 * the session names is gone. With `strict` (actions and dashboard route handlers) the
 * agency is the one the calling tab shows, else the session's, and must be one the user
 * belongs to: anything else is refused (FORBIDDEN, NO_LONGER_A_MEMBER) rather than run
 * against another agency of the user. With `tabRequired` (server actions) the tab's agency
 * must be named: an action posted without it (no script ran on the page) is refused
 * (FORBIDDEN, AGENCY_NOT_NAMED), never run in an agency chosen by default.
 */
export async function getDashboardContext(
  opts: { strict?: boolean; tabRequired?: boolean } = {},
): Promise<DashboardContext | null> {
  // The session callback puts the ids on the session (see auth-options); say which shape it is.
  const session = await getServerSession<AuthOptions, { userId?: string; agencyId?: string; unchecked?: boolean }>(
    authOptions(),
  );
  if (!session?.userId) return null;
  // the session could not be checked against the database (it did not answer): a 503, not a sign-out
  if (session.unchecked) throw sessionUnchecked();
  if (opts.strict) {
    const tab = await tabAgencyId();
    if (!tab && opts.tabRequired) throw new ApiError("FORBIDDEN", AGENCY_NOT_NAMED);
    const agencyId = tab ?? session.agencyId;
    if (agencyId) {
      const ctx = await contextFor({ userId: session.userId, agencyId, exact: true });
      if (!ctx) throw new ApiError("FORBIDDEN", NO_LONGER_A_MEMBER);
      return ctx;
    }
  }
  return contextFor({ userId: session.userId, agencyId: session.agencyId });
}

/**
 * The context of a user in the session's current agency (the agency switcher), or in
 * their first agency when the session names none or one they no longer belong to.
 */
export async function contextFor(opts: {
  userId: string;
  agencyId?: string;
  exact?: boolean;
}): Promise<DashboardContext | null> {
  const db = await getDb();
  const include = { user: { select: { email: true } }, agency: { select: { name: true } } } as const;
  const chosen =
    opts.agencyId && UUID.test(opts.agencyId)
      ? await db.membership.findFirst({ where: { userId: opts.userId, agencyId: opts.agencyId }, include })
      : null;
  if (!chosen && opts.exact) return null;
  const membership =
    chosen ??
    (await db.membership.findFirst({ where: { userId: opts.userId }, orderBy: { createdAt: "asc" }, include }));
  const session = { userId: opts.userId };
  if (!membership || !isRole(membership.role)) return null;
  return {
    userId: session.userId,
    email: membership.user.email,
    agencyId: membership.agencyId,
    agencyName: membership.agency.name,
    role: membership.role,
  };
}

/** For server actions and dashboard route handlers: the context, or ApiError 401/403. */
export async function requirePermission(
  permission: Permission = "read",
  opts: { tabRequired?: boolean } = {},
): Promise<DashboardContext> {
  const ctx = await getDashboardContext({ strict: true, tabRequired: opts.tabRequired });
  if (!ctx) throw new ApiError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
  if (!can(ctx.role, permission))
    throw new ApiError("FORBIDDEN", `Your role (${ctx.role}) cannot do this. Ask an owner or manager.`);
  if (await mustEnrolTwoFactor({ agencyId: ctx.agencyId, userId: ctx.userId })) {
    throw new ApiError("FORBIDDEN", "Your agency requires two-factor sign-in: turn it on under Security first.");
  }
  return ctx;
}

/** Every agency the user belongs to, for the agency switcher (oldest membership first). */
export async function listUserAgencies(userId: string): Promise<{ agencyId: string; name: string; role: string }[]> {
  const rows = await (
    await getDb()
  ).membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: { agency: { select: { name: true } } },
  });
  return rows.map((m) => ({ agencyId: m.agencyId, name: m.agency.name, role: m.role }));
}
