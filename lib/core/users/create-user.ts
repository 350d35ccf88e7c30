// Creating a dashboard user together with their membership of one agency. Emails are
// unique across the service and stored lower-cased, so sign-in is case-insensitive.
import { z } from "zod";
import { ROLES, isRole, type Role } from "@/lib/core/auth/roles";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";
import { isUniqueViolation } from "@/lib/core/common/to-api-error";
import { MIN_PASSWORD_LENGTH, hashPassword } from "@/lib/core/users/password";

import { UUID } from "@/lib/core/common/uuid";
const ZEmail = z.email().max(320);
// argon2 hashes any length, but an unbounded input is a cheap way to burn CPU.
const MAX_PASSWORD_LENGTH = 256;

export interface CreateUserOptions {
  agencyId: string;
  email: string;
  password: string;
  name?: string;
  role?: string;
  /** accounts made by the operator (admin CLI, demo seed) count as verified */
  emailVerified?: boolean;
  tx?: Tx;
}

export interface CreatedUser {
  id: string;
  email: string;
  agencyId: string;
  role: Role;
  createdAt: string;
}

export async function createUser({
  agencyId,
  email,
  password,
  name,
  role = "owner",
  emailVerified = false,
  tx,
}: CreateUserOptions): Promise<CreatedUser> {
  const normalized = email.trim().toLowerCase();
  if (!ZEmail.safeParse(normalized).success) throw validationError("email", "Must be a valid email address.");
  if (password.length < MIN_PASSWORD_LENGTH)
    throw validationError("password", `At least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw validationError("password", `At most ${MAX_PASSWORD_LENGTH} characters.`);
  if (!isRole(role)) throw validationError("role", `Must be one of ${ROLES.join(", ")}.`);
  const trimmedName = name?.trim() || null;
  if (trimmedName && trimmedName.length > 200) throw validationError("name", "At most 200 characters.");
  if (!UUID.test(agencyId)) throw notFound("Agency");

  const db = tx ?? (await getDb());
  const agency = await db.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
  if (!agency) throw notFound("Agency");
  const conflict = () =>
    new ApiError("CONFLICT", "A user with this email already exists.", [
      { field: "email", message: "Already in use." },
    ]);
  if (await db.user.findUnique({ where: { email: normalized }, select: { id: true } })) throw conflict();

  const passwordHash = await hashPassword(password);
  try {
    // the first user of a fresh installation runs it: the instance pages are theirs
    const instanceAdmin = (await db.user.count()) === 0;
    const user = await db.user.create({
      data: {
        email: normalized,
        name: trimmedName,
        passwordHash,
        emailVerifiedAt: emailVerified ? new Date() : null,
        instanceAdmin,
        memberships: { create: { agencyId, role } },
      },
    });
    return { id: user.id, email: user.email, agencyId, role, createdAt: user.createdAt.toISOString() };
  } catch (err) {
    // two creates racing past the check above
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
