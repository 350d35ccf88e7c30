// Instance administrators: whoever runs the installation, above every agency. A user is
// one when granted with the admin CLI (`user make-instance-admin`), when their email is in
// INSTANCE_ADMIN_EMAILS, or when they were the installation's first user. On an installation
// whose only administrator is the seeded demo user (it was the first user), the first person
// to sign up becomes one too: otherwise a new agency's owner would meet a dead end. Everyone
// else is refused the instance pages' actions; the pages say who administers and how an
// operator adds an administrator.
import { notFound, validationError } from "@/lib/core/common/api-error";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";

function listedEmails(): string[] {
  return (env().INSTANCE_ADMIN_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

/** The demo seed's user (`npm run admin -- demo seed`); never a real administrator. */
export const DEMO_USER_EMAIL = "demo@example.com";

/** The operator's command that makes someone an instance administrator. */
export const MAKE_ADMIN_COMMAND = "npm run admin -- user make-instance-admin --email EMAIL";

/**
 * Whether the installation is administered by the demo user alone: no administrator in
 * INSTANCE_ADMIN_EMAILS and none among the users but the demo user (who is one).
 */
export async function onlyDemoAdministers(tx: Pick<Tx, "user">): Promise<boolean> {
  if (listedEmails().length > 0) return false;
  const admins = await tx.user.findMany({ where: { instanceAdmin: true }, select: { email: true }, take: 2 });
  return admins.length === 1 && admins[0]!.email.toLowerCase() === DEMO_USER_EMAIL;
}

/** Who administers the installation (the demo user left out), for a page that refuses someone. */
export async function listInstanceAdmins(): Promise<string[]> {
  const users = await (
    await getDb()
  ).user.findMany({
    where: { instanceAdmin: true, email: { not: DEMO_USER_EMAIL } },
    select: { email: true },
    orderBy: { createdAt: "asc" },
    take: 10,
  });
  return [...new Set([...users.map((u) => u.email.toLowerCase()), ...listedEmails()])];
}

export async function isInstanceAdmin(userId: string): Promise<boolean> {
  const user = await (
    await getDb()
  ).user.findUnique({ where: { id: userId }, select: { email: true, instanceAdmin: true } });
  if (!user) return false;
  return user.instanceAdmin || listedEmails().includes(user.email.toLowerCase());
}

/** Throws NOT_FOUND for anyone but an instance administrator. */
export async function requireInstanceAdmin(userId: string): Promise<void> {
  if (!(await isInstanceAdmin(userId))) throw notFound("Page");
}

/** The admin CLI's `user make-instance-admin --email`. */
export async function makeInstanceAdmin({
  email,
  on = true,
}: {
  email: string;
  on?: boolean;
}): Promise<{ email: string; instanceAdmin: boolean }> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) throw validationError("email", "Required.");
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: normalized }, select: { id: true } });
  if (!user) throw notFound("User");
  await db.user.update({ where: { id: user.id }, data: { instanceAdmin: on } });
  return { email: normalized, instanceAdmin: on };
}
