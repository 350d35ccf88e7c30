// Dashboard password hashing: argon2id through @node-rs/argon2 with its default cost
// (19 MiB, 2 passes). The PHC string it returns carries its own salt and parameters,
// so stored hashes stay verifiable if the defaults are raised later.
import { hash, verify } from "@node-rs/argon2";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** A new password's length rule, its messages naming `field` (sign-up, invite accept, password change). */
export const passwordField = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .min(MIN_PASSWORD_LENGTH, `${field} must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `${field} must be at most ${MAX_PASSWORD_LENGTH} characters.`);

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let checks = 0;

/** How many passwords this process has checked (tests count them to prove a throttle holds). */
export function passwordChecksSoFar(): number {
  return checks;
}

/** False for a wrong password and for a malformed stored hash (never throws on those). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  checks++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// zxcvbn-ts with its language-neutral dictionaries: tens of thousands of common passwords,
// keyboard patterns, repeats, sequences and dates. Score 3 of 4 ("safely unguessable") is
// the minimum for a new password; the user's own email and name count as guessable words.
export const MIN_PASSWORD_SCORE = 3;
export const WEAK_PASSWORD_MESSAGE =
  "Too easy to guess: avoid common words, names, repeats and keyboard patterns (a few unrelated words work well).";

let strength: ZxcvbnFactory | undefined;

/** True when `password` is strong enough to be chosen as a new password. */
export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  strength ??= new ZxcvbnFactory({ dictionary: { ...zxcvbnCommon.dictionary }, graphs: zxcvbnCommon.adjacencyGraphs });
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[^A-Za-z0-9]+/)]).filter((v) => v.length >= 3);
  return strength.check(password.slice(0, 256), inputs).score >= MIN_PASSWORD_SCORE;
}
