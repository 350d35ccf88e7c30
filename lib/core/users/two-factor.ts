// Two-factor sign-in (TOTP, RFC 6238, through otplib) with recovery codes.
// Enrolment: beginTwoFactorEnrolment stores a new secret (sealed with the app's encryption
// key) and returns the otpauth URI for the QR code; confirmTwoFactorEnrolment turns it on
// with a first valid code and returns ten recovery codes once (only their sha256 hashes are
// stored; each works once). At sign-in, checkSecondFactor accepts a current code (one step
// either side, each step once) or an unused recovery code; wrong codes are limited to
// TWO_FACTOR_MAX_FAILURES per account per 15 minutes. Owners can require it for the team.
import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { getDb } from "@/lib/infra/db/db";
import { consumeRateLimit, refundRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";

export const TWO_FACTOR_ISSUER = "Access Requests";
export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const PERIOD = 30;

const hashCode = (code: string) => createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString("hex");
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

async function userOrThrow(userId: string) {
  const user = await (
    await getDb()
  ).user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      totpSecret: true,
      totpEnabledAt: true,
      totpLastStep: true,
      recoveryCodeHashes: true,
    },
  });
  if (!user) throw notFound("User");
  return user;
}

/** The time step a 6-digit code matches (current, previous or next), or null. */
async function matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: PERIOD });
  if (!result.valid) return null;
  const r = result as { timeStep?: number; delta?: number };
  return r.timeStep ?? Math.floor(epoch / PERIOD) + (r.delta ?? 0);
}

export async function twoFactorStatus(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const user = await userOrThrow(userId);
  return { enabled: user.totpEnabledAt !== null, recoveryCodesLeft: user.recoveryCodeHashes.length };
}

export async function beginTwoFactorEnrolment(opts: {
  userId: string;
}): Promise<{ secret: string; otpauthUri: string }> {
  const user = await userOrThrow(opts.userId);
  if (user.totpEnabledAt)
    throw new ApiError("INVALID_STATE", "Two-factor sign-in is already on. Turn it off first to enrol a new device.");
  const secret = generateSecret();
  await (
    await getDb()
  ).user.update({
    where: { id: user.id },
    data: { totpSecret: encryptText(secret, loadSecrets().encryptionKey), totpLastStep: null },
  });
  return { secret, otpauthUri: generateURI({ issuer: TWO_FACTOR_ISSUER, label: user.email, secret }) };
}

export async function confirmTwoFactorEnrolment(opts: {
  userId: string;
  code: string;
  now?: Date;
}): Promise<{ recoveryCodes: string[] }> {
  const user = await userOrThrow(opts.userId);
  if (user.totpEnabledAt) throw new ApiError("INVALID_STATE", "Two-factor sign-in is already on.");
  const secret = user.totpSecret ? decryptText(user.totpSecret, loadSecrets().encryptionKey) : null;
  if (!secret) throw new ApiError("INVALID_STATE", "Start the enrolment first.");
  const limit = ["two-factor-fail", user.id, TWO_FACTOR_MAX_FAILURES, FAILURE_WINDOW_SECONDS] as const;
  if (!(await consumeRateLimit(...limit)).allowed) {
    await refundRateLimit(...limit);
    throw validationError("code", "Too many wrong codes. Try again in 15 minutes.");
  }
  const step = await matchingStep(secret, opts.code.trim(), opts.now ?? new Date());
  if (step === null)
    throw validationError("code", "That code is not valid. Enter the 6-digit code your app shows now.");
  await refundRateLimit(...limit);
  const recoveryCodes = newRecoveryCodes();
  await (
    await getDb()
  ).user.update({
    where: { id: user.id },
    data: {
      totpEnabledAt: opts.now ?? new Date(),
      totpLastStep: step,
      recoveryCodeHashes: recoveryCodes.map(hashCode),
      sessionVersion: { increment: 1 },
    },
  });
  return { recoveryCodes };
}

/** Whether the user must give a second factor at sign-in. */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  return (await userOrThrow(userId)).totpEnabledAt !== null;
}

/**
 * A current TOTP code (each time step accepted once) or an unused recovery code (then used
 * up). `throttled` after too many wrong codes for the account. The attempt takes its slot
 * with the limiter's atomic consume before the code is checked, so of any number of
 * concurrent tries at most TWO_FACTOR_MAX_FAILURES are checked; a right code gives its
 * slot back, a refused try too.
 */
export async function checkSecondFactor(opts: {
  userId: string;
  code: string;
  now?: Date;
}): Promise<"ok" | "invalid" | "throttled"> {
  const now = opts.now ?? new Date();
  const limit = ["two-factor-fail", opts.userId, TWO_FACTOR_MAX_FAILURES, FAILURE_WINDOW_SECONDS] as const;
  const slot = await consumeRateLimit(...limit);
  if (!slot.allowed) {
    await refundRateLimit(...limit);
    return "throttled";
  }
  const result = await checkCode(opts.userId, opts.code.trim(), now);
  if (result === "ok") await refundRateLimit(...limit);
  return result;
}

async function checkCode(userId: string, code: string, now: Date): Promise<"ok" | "invalid"> {
  const user = await userOrThrow(userId);
  if (!user.totpEnabledAt || !user.totpSecret) return "ok";
  const db = await getDb();
  const secret = decryptText(user.totpSecret, loadSecrets().encryptionKey);
  const step = secret ? await matchingStep(secret, code, now) : null;
  if (step !== null) {
    // Conditional update: two sign-ins racing with the same code cannot both pass.
    const used = await db.user.updateMany({
      where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return used.count === 1 ? "ok" : "invalid";
  }
  const hash = hashCode(code);
  if (code.length >= 10 && user.recoveryCodeHashes.includes(hash)) {
    const left = user.recoveryCodeHashes.filter((h) => h !== hash);
    const used = await db.user.updateMany({
      where: { id: user.id, recoveryCodeHashes: { has: hash } },
      data: { recoveryCodeHashes: left },
    });
    return used.count === 1 ? "ok" : "invalid";
  }
  return "invalid";
}

/** Turns two-factor off (with a valid code), unless one of the user's agencies requires it. */
export async function disableTwoFactor(opts: { userId: string; code: string; now?: Date }): Promise<void> {
  const db = await getDb();
  const required = await db.membership.count({ where: { userId: opts.userId, agency: { requireTwoFactor: true } } });
  if (required > 0)
    throw new ApiError("INVALID_STATE", "Your agency requires two-factor sign-in; it cannot be turned off.");
  const check = await checkSecondFactor(opts);
  if (check !== "ok")
    throw validationError(
      "code",
      check === "throttled" ? "Too many wrong codes. Try again in 15 minutes." : "That code is not valid.",
    );
  await db.user.update({
    where: { id: opts.userId },
    data: {
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      recoveryCodeHashes: [],
      sessionVersion: { increment: 1 },
    },
  });
}

/** Owners: require a second factor from every member (members without one must enrol). */
export async function setTeamTwoFactorRequirement(opts: {
  agencyId: string;
  userId: string;
  required: boolean;
}): Promise<{ required: boolean }> {
  if (opts.required && !(await hasTwoFactor(opts.userId))) {
    throw validationError(
      "required",
      "Turn on two-factor sign-in for your own account before requiring it from the team.",
    );
  }
  await (await getDb()).agency.update({ where: { id: opts.agencyId }, data: { requireTwoFactor: opts.required } });
  return { required: opts.required };
}

/** Whether the user must enrol before using this agency's dashboard. */
export async function mustEnrolTwoFactor(opts: { agencyId: string; userId: string }): Promise<boolean> {
  const db = await getDb();
  const [agency, user] = await Promise.all([
    db.agency.findUnique({ where: { id: opts.agencyId }, select: { requireTwoFactor: true } }),
    db.user.findUnique({ where: { id: opts.userId }, select: { totpEnabledAt: true } }),
  ]);
  return !!agency?.requireTwoFactor && !user?.totpEnabledAt;
}
