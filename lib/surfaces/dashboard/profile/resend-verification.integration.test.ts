// "Send a new verification email": a fresh link lands in the outbox (the Email table the
// worker sends from), earlier links stop working, the signed-out answer is the same for a
// known, an unknown and a verified address, and both throttles hold (per account, per
// client address).
import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { signUp } from "@/lib/core/team/sign-up";
import { ZSignUpBody } from "@/lib/core/team/schemas";
import { verifyEmailToken } from "@/lib/core/users/email-verification";
import {
  RESEND_NEUTRAL_MESSAGE,
  RESEND_PER_ACCOUNT,
  RESEND_PER_ADDRESS,
  resendVerificationByEmail,
  resendVerificationForUser,
} from "@/lib/surfaces/dashboard/profile/resend-verification";

beforeEach(() => resetRateLimiters());

const address = () => `198.51.100.${crypto.randomInt(1, 250)}`;

async function newAccount() {
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@agency.test`;
  const res = await signUp({
    input: ZSignUpBody.parse({ agencyName: "Verify Co", email, password: "a-long-enough-passphrase" }),
  });
  return { email, userId: res.created!.userId };
}

/** The verification links sent to `email`, oldest first, from the outbox. */
async function linksTo(email: string): Promise<string[]> {
  const rows = await (
    await getDb()
  ).email.findMany({ where: { to: email, kind: "verify_email" }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => /\/verify-email\/([A-Za-z0-9._-]+)/.exec(r.text)![1]!);
}

async function isVerified(userId: string) {
  return (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId } })).emailVerifiedAt !== null;
}

describe("resend verification email", () => {
  it("sends a fresh link from the signed-out page; the earlier link stops working, the new one verifies", async () => {
    const { email, userId } = await newAccount();
    const [first] = await linksTo(email);
    expect(await resendVerificationByEmail({ email: email.toUpperCase(), address: address() })).toEqual({
      message: RESEND_NEUTRAL_MESSAGE,
    });
    const links = await linksTo(email);
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(first);
    expect(await verifyEmailToken({ token: first! })).toBe(false);
    expect(await isVerified(userId)).toBe(false);
    expect(await verifyEmailToken({ token: links[1]! })).toBe(true);
    expect(await isVerified(userId)).toBe(true);
  });

  it("answers the same for an unknown and a verified address, and sends nothing to them", async () => {
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@agency.test`;
    expect(await resendVerificationByEmail({ email: unknown, address: address() })).toEqual({
      message: RESEND_NEUTRAL_MESSAGE,
    });
    expect(await (await getDb()).email.count({ where: { to: unknown } })).toBe(0);

    const { email, userId } = await newAccount();
    expect(await verifyEmailToken({ token: (await linksTo(email))[0]! })).toBe(true);
    expect(await resendVerificationByEmail({ email, address: address() })).toEqual({ message: RESEND_NEUTRAL_MESSAGE });
    expect(await linksTo(email)).toHaveLength(1);
    expect(await resendVerificationForUser({ userId, email, address: address() })).toEqual({ sent: false });
  });

  it("throttles per account: past the limit the signed-out answer stays neutral and nothing is sent", async () => {
    const { email, userId } = await newAccount();
    for (let i = 0; i < RESEND_PER_ACCOUNT + 2; i++) {
      expect(await resendVerificationByEmail({ email, address: address() })).toEqual({
        message: RESEND_NEUTRAL_MESSAGE,
      });
    }
    // the sign-up email plus RESEND_PER_ACCOUNT resends, from several client addresses
    expect(await linksTo(email)).toHaveLength(1 + RESEND_PER_ACCOUNT);
    // the signed-in button shares the account's limit and says so
    await expect(resendVerificationForUser({ userId, email, address: address() })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });

  it("throttles per client address, whichever addresses are asked for", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < RESEND_PER_ADDRESS; i++)
      await resendVerificationByEmail({ email: `x${i}-${crypto.randomUUID().slice(0, 6)}@agency.test`, address: ip });
    await expect(resendVerificationByEmail({ email: "another@agency.test", address: ip })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    const { email } = await newAccount();
    await expect(resendVerificationByEmail({ email, address: ip })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await linksTo(email)).toHaveLength(1);
  });

  it("sends from the dashboard notice for the signed-in account", async () => {
    const { email, userId } = await newAccount();
    expect(await resendVerificationForUser({ userId, email, address: address() })).toEqual({ sent: true });
    const links = await linksTo(email);
    expect(links).toHaveLength(2);
    expect(await verifyEmailToken({ token: links[0]! })).toBe(false);
    expect(await verifyEmailToken({ token: links[1]! })).toBe(true);
  });
});
