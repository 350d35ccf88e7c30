// Two-factor sign-in against a real database: enrolment with a first code, the sealed
// secret, sign-in through the next-auth credentials provider asking for the code, each
// code once, recovery codes once each, wrong codes limited, turning it off, and the team
// requirement (owners only with their own second factor; members must enrol).
import type { Role } from "@/lib/core/auth/roles";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { getDb } from "@/lib/infra/db/db";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { hashPassword } from "@/lib/core/users/password";
import {
  beginTwoFactorEnrolment,
  checkSecondFactor,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  mustEnrolTwoFactor,
  setTeamTwoFactorRequirement,
  twoFactorStatus,
} from "@/lib/core/users/two-factor";
import { authOptions, TWO_FACTOR_INVALID, TWO_FACTOR_REQUIRED } from "@/lib/surfaces/dashboard/auth-options";

const PASSWORD = "correct horse battery staple 42";
let agencyId: string;

async function newUser(email: string, role: Role = "owner") {
  const db = await getDb();
  const user = await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD) } });
  await db.membership.create({ data: { agencyId, userId: user.id, role } });
  return user.id;
}
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
let address = 0;
const authorize = (credentials: Record<string, string>) => {
  const provider = authOptions().providers[0] as unknown as { options: CredentialsConfig };
  address += 1;
  return provider.options.authorize(credentials, { headers: { "x-forwarded-for": `10.9.0.${address}` } });
};

beforeAll(async () => {
  agencyId = (await createAgency({ name: "Secure Agency" })).id;
});

describe("two-factor sign-in", () => {
  it("enrols with a first valid code, stores the secret sealed, and gives ten recovery codes", async () => {
    const userId = await newUser("enrol@2fa.test");
    const { secret, otpauthUri } = await beginTwoFactorEnrolment({ userId });
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const row = await (await getDb()).user.findUniqueOrThrow({ where: { id: userId } });
    expect(row.totpSecret).not.toContain(secret);
    await expect(
      confirmTwoFactorEnrolment({
        userId,
        code: "000000" === (await codeAt(secret, new Date())) ? "111111" : "000000",
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    const { recoveryCodes } = await confirmTwoFactorEnrolment({ userId, code: await codeAt(secret, new Date()) });
    expect(recoveryCodes).toHaveLength(10);
    const stored = (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId } })).recoveryCodeHashes;
    expect(stored).toHaveLength(10);
    expect(stored).not.toContain(recoveryCodes[0]);
    expect(await twoFactorStatus(userId)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("asks for the code at sign-in, accepts each code once and each recovery code once", async () => {
    const userId = await newUser("signin@2fa.test");
    const { secret } = await beginTwoFactorEnrolment({ userId });
    const t0 = new Date();
    const { recoveryCodes } = await confirmTwoFactorEnrolment({ userId, code: await codeAt(secret, t0), now: t0 });

    await expect(authorize({ email: "signin@2fa.test", password: PASSWORD })).rejects.toThrow(TWO_FACTOR_REQUIRED);
    await expect(authorize({ email: "signin@2fa.test", password: PASSWORD, code: "12345" })).rejects.toThrow(
      TWO_FACTOR_INVALID,
    );
    // wrong password: the generic failure, never a hint about the second factor
    expect(await authorize({ email: "signin@2fa.test", password: "wrong password here" })).toBeNull();

    const later = new Date(t0.getTime() + 60_000);
    const code = await codeAt(secret, later);
    expect(await checkSecondFactor({ userId, code, now: later })).toBe("ok");
    expect(await checkSecondFactor({ userId, code, now: later })).toBe("invalid"); // replay
    expect(await authorize({ email: "signin@2fa.test", password: PASSWORD, code: recoveryCodes[0]! })).toMatchObject({
      id: userId,
    });
    await expect(authorize({ email: "signin@2fa.test", password: PASSWORD, code: recoveryCodes[0]! })).rejects.toThrow(
      TWO_FACTOR_INVALID,
    );
    expect((await twoFactorStatus(userId)).recoveryCodesLeft).toBe(9);
  });

  it("limits wrong codes per account", async () => {
    const userId = await newUser("limit@2fa.test");
    const { secret } = await beginTwoFactorEnrolment({ userId });
    await confirmTwoFactorEnrolment({ userId, code: await codeAt(secret, new Date()) });
    for (let i = 0; i < 5; i++) expect(await checkSecondFactor({ userId, code: "abcdefghij" })).toBe("invalid");
    expect(await checkSecondFactor({ userId, code: await codeAt(secret, new Date(Date.now() + 30_000)) })).toBe(
      "throttled",
    );
  });

  it("lets the owner require it for the team only with their own second factor; members must enrol", async () => {
    const owner = await newUser("owner@2fa.test");
    const member = await newUser("member@2fa.test", "member");
    await expect(setTeamTwoFactorRequirement({ agencyId, userId: owner, required: true })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    const { secret } = await beginTwoFactorEnrolment({ userId: owner });
    await confirmTwoFactorEnrolment({ userId: owner, code: await codeAt(secret, new Date()) });
    await setTeamTwoFactorRequirement({ agencyId, userId: owner, required: true });
    expect(await mustEnrolTwoFactor({ agencyId, userId: member })).toBe(true);
    expect(await mustEnrolTwoFactor({ agencyId, userId: owner })).toBe(false);
    // cannot be turned off while required
    await expect(
      disableTwoFactor({ userId: owner, code: await codeAt(secret, new Date(Date.now() + 30_000)) }),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
    await setTeamTwoFactorRequirement({ agencyId, userId: owner, required: false });
    await disableTwoFactor({ userId: owner, code: await codeAt(secret, new Date(Date.now() + 30_000)) });
    expect((await twoFactorStatus(owner)).enabled).toBe(false);
  });
});
