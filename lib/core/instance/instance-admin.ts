// Instance administrators: whoever runs the installation, above every agency. A user is
// one when granted with the admin CLI (`user make-instance-admin`), when their email is in
// INSTANCE_ADMIN_EMAILS, or when they were the installation's first user. Everyone else
// gets 404 on the instance pages and their actions, as if they did not exist.
import { notFound, validationError } from "@/lib/core/common/api-error";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";

function listedEmails(): string[] {
  return (env().INSTANCE_ADMIN_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
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
