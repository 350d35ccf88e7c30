// Dashboard password hashing: argon2id through @node-rs/argon2 with its default cost
// (19 MiB, 2 passes). The PHC string it returns carries its own salt and parameters,
// so stored hashes stay verifiable if the defaults are raised later.
import { hash, verify } from "@node-rs/argon2";

export const MIN_PASSWORD_LENGTH = 8;

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a malformed stored hash (never throws on those). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
