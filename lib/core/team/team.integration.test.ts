// Team rules against a real database: sign-up makes a trial agency with API access and an
// owner, answers a taken email like a new one and refuses weak passwords; invite links are
// stored hashed, expire after 7 days and work once; accepting works for new and existing
// accounts, through the sign-in throttle, with one message for every refused password,
// and locks the link after 5 refusals; the last owner can be neither demoted nor removed; every
// change is scoped to the agency.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { ApiError } from "@/lib/core/common/api-error";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { verifyPassword } from "@/lib/core/users/password";
import { signUp } from "@/lib/core/team/sign-up";
import { createTeamInvite, hashInviteToken, INVITE_TTL_MS } from "@/lib/core/team/create-team-invite";
import { getTeamInviteByToken } from "@/lib/core/team/get-team-invite-by-token";
import {
  acceptTeamInvite,
  INVITE_PASSWORD_REFUSED,
  MAX_INVITE_FAILED_ATTEMPTS,
} from "@/lib/core/team/accept-team-invite";
import { checkCredentials, LOGIN_THROTTLE } from "@/lib/core/users/check-credentials";
import { listTeam } from "@/lib/core/team/list-team";
import { changeMemberRole } from "@/lib/core/team/change-member-role";
import { removeMember } from "@/lib/core/team/remove-member";
import { revokeTeamInvite } from "@/lib/core/team/revoke-team-invite";
import { ZSignUpBody } from "@/lib/core/team/schemas";

let n = 0;
const email = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`;

/** Signs up a new address and returns its agency and owner (the page itself is not told). */
async function signUpNew(input: Parameters<typeof signUp>[0]["input"]) {
  const res = await signUp({ input });
  expect(res.created).not.toBeNull();
  return { email: res.email, ...res.created! };
}

async function expectCode(p: Promise<unknown>, code: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe(code);
  return err as ApiError;
}

describe("sign-up", () => {
  it("creates a trial agency with API access and an owner who can sign in", async () => {
    const input = ZSignUpBody.parse({
      agencyName: "  Fresh Agency ",
      email: email("Owner").toUpperCase(),
      password: "long-enough-pw",
    });
    const res = await signUpNew(input);
    const db = await getDb();
    const agency = await db.agency.findUniqueOrThrow({ where: { id: res.agencyId } });
    expect(agency).toMatchObject({ name: "Fresh Agency", plan: "trial", trial: true, apiAccess: true });
    expect(agency.trialEndsAt).not.toBeNull();
    const m = await db.membership.findFirstOrThrow({ where: { agencyId: res.agencyId }, include: { user: true } });
    expect(m.role).toBe("owner");
    expect(m.user.email).toBe(input.email);
    expect(m.user.email).toBe(m.user.email.toLowerCase());
    expect(await verifyPassword(m.user.passwordHash, "long-enough-pw")).toBe(true);
  });

  it("answers a taken email like a new one, makes no second agency and mails the owner instead", async () => {
    const input = ZSignUpBody.parse({ agencyName: "Twice", email: email("dup"), password: "long-enough-pw" });
    const first = await signUpNew(input);
    const db = await getDb();
    const before = await db.agency.count();
    const again = await signUp({ input: { ...input, agencyName: "Twice again", password: "another-long-pw" } });
    expect(again.email).toBe(first.email);
    expect(again.created).toBeNull();
    expect(await db.agency.count()).toBe(before);
    const mails = await db.email.findMany({ where: { to: input.email }, orderBy: { createdAt: "asc" } });
    expect(mails.map((m) => [m.kind, m.agencyId])).toEqual([
      ["verify_email", first.agencyId],
      ["account_exists", first.agencyId],
    ]);
    expect(mails[1]!.text).toContain("already has an account");
  });

  it("refuses common and weak passwords naming the field, whether or not the email exists", async () => {
    const taken = email("weak");
    await signUpNew(ZSignUpBody.parse({ agencyName: "Weak Co", email: taken, password: "long-enough-pw" }));
    for (const address of [taken, email("fresh")]) {
      for (const password of ["aaaaaaaa", "password1", "qwertyuiop", "12345678"]) {
        const err = await expectCode(
          signUp({ input: ZSignUpBody.parse({ agencyName: "Weak", email: address, password }) }),
          "VALIDATION_FAILED",
        );
        expect(err.details).toEqual([{ field: "password", message: expect.stringContaining("Too easy to guess") }]);
      }
    }
  });

  it("validates the body with field errors", () => {
    const parsed = ZSignUpBody.safeParse({ agencyName: "", email: "nope", password: "short" });
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((i) => i.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["agencyName", "email", "password"]));
  });
});

describe("team invites", () => {
  async function agencyWithOwner() {
    const res = await signUpNew(
      ZSignUpBody.parse({ agencyName: "Team Co", email: email("own"), password: "owner-password" }),
    );
    return res;
  }

  it("stores only the token hash, expires in 7 days and is accepted once by a new user", async () => {
    const { agencyId } = await agencyWithOwner();
    const now = new Date();
    const invitee = email("viewer");
    const { token, url, invite } = await createTeamInvite({ agencyId, input: { email: invitee, role: "viewer" }, now });
    expect(url).toMatch(new RegExp(`/join/${token}$`));
    expect(token.length).toBeGreaterThanOrEqual(22);
    const db = await getDb();
    const row = await db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(row.tokenHash).toBe(hashInviteToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(INVITE_TTL_MS);

    const view = await getTeamInviteByToken({ token });
    expect(view).toMatchObject({ agencyName: "Team Co", email: invitee, role: "viewer", state: "valid" });
    expect(view).not.toHaveProperty("userExists");

    const accepted = await acceptTeamInvite({ input: { token, name: "Vi Ewer", password: "viewer-password" } });
    expect(accepted).toMatchObject({ agencyId, email: invitee, role: "viewer", newUser: true });
    const team = await listTeam({ agencyId });
    expect(team.members.map((m) => [m.email, m.role])).toContainEqual([invitee, "viewer"]);
    expect(team.invites).toHaveLength(0);
    expect((await getTeamInviteByToken({ token }))?.state).toBe("accepted");
    await expectCode(acceptTeamInvite({ input: { token, password: "viewer-password" } }), "INVALID_STATE");
  });

  it("refuses expired, revoked and unknown links", async () => {
    const { agencyId } = await agencyWithOwner();
    const old = new Date(Date.now() - INVITE_TTL_MS - 1000);
    const expired = await createTeamInvite({ agencyId, input: { email: email("late"), role: "member" }, now: old });
    expect((await getTeamInviteByToken({ token: expired.token }))?.state).toBe("expired");
    expect((await listTeam({ agencyId })).invites[0]?.expired).toBe(true);
    await expectCode(acceptTeamInvite({ input: { token: expired.token, password: "whatever-pw" } }), "INVALID_STATE");

    const revoked = await createTeamInvite({ agencyId, input: { email: email("rev"), role: "member" } });
    await revokeTeamInvite({ agencyId, inviteId: revoked.invite.id });
    expect((await getTeamInviteByToken({ token: revoked.token }))?.state).toBe("revoked");
    await expectCode(acceptTeamInvite({ input: { token: revoked.token, password: "whatever-pw" } }), "INVALID_STATE");

    expect(await getTeamInviteByToken({ token: "nope" })).toBeNull();
    await expectCode(acceptTeamInvite({ input: { token: "nope", password: "whatever-pw" } }), "NOT_FOUND");
  });

  it("lets an existing account join with its password, and only with it", async () => {
    const { agencyId } = await agencyWithOwner();
    const other = await createAgency({ name: "Elsewhere" });
    const existing = email("exist");
    await createUser({ agencyId: other.id, email: existing, password: "existing-pw-1" });
    const { token } = await createTeamInvite({ agencyId, input: { email: existing, role: "manager" } });
    const wrong = await expectCode(
      acceptTeamInvite({ input: { token, password: "not-the-password" }, address: "198.51.100.1" }),
      "VALIDATION_FAILED",
    );
    expect(wrong.details).toEqual([{ field: "password", message: INVITE_PASSWORD_REFUSED }]);
    // the failed attempt did not use the link up, but was counted on it
    expect((await getTeamInviteByToken({ token }))?.state).toBe("valid");
    expect(
      (await (await getDb()).teamInvite.findUniqueOrThrow({ where: { tokenHash: hashInviteToken(token) } }))
        .failedAttempts,
    ).toBe(1);
    const ok = await acceptTeamInvite({ input: { token, password: "existing-pw-1" }, address: "198.51.100.1" });
    expect(ok).toMatchObject({ agencyId, role: "manager", newUser: false });
  });

  it("answers a wrong password for an existing account like a weak one for a new address", async () => {
    const { agencyId } = await agencyWithOwner();
    const existing = email("exists");
    await createUser({
      agencyId: (await createAgency({ name: "Theirs" })).id,
      email: existing,
      password: "existing-pw-1",
    });
    const forExisting = await createTeamInvite({ agencyId, input: { email: existing, role: "member" } });
    const forNew = await createTeamInvite({ agencyId, input: { email: email("new"), role: "member" } });
    const a = await expectCode(
      acceptTeamInvite({ input: { token: forExisting.token, password: "aaaaaaaa" }, address: "198.51.100.2" }),
      "VALIDATION_FAILED",
    );
    const b = await expectCode(
      acceptTeamInvite({ input: { token: forNew.token, password: "aaaaaaaa" }, address: "198.51.100.2" }),
      "VALIDATION_FAILED",
    );
    expect(a.message).toBe(b.message);
    expect(a.details).toEqual(b.details);
  });

  it("locks the link after 5 refused passwords, even for the right one afterwards", async () => {
    const { agencyId } = await agencyWithOwner();
    const victim = email("victim");
    await createUser({
      agencyId: (await createAgency({ name: "Victim Co" })).id,
      email: victim,
      password: "victims-real-pw",
    });
    const { token } = await createTeamInvite({ agencyId, input: { email: victim, role: "member" } });
    // each guess from a new address, so the sign-in throttle alone would not stop them
    for (let i = 0; i < MAX_INVITE_FAILED_ATTEMPTS; i++) {
      await expectCode(
        acceptTeamInvite({ input: { token, password: `guess-number-${i}` }, address: `203.0.113.${i + 1}` }),
        "VALIDATION_FAILED",
      );
    }
    expect((await getTeamInviteByToken({ token }))?.state).toBe("locked");
    await expectCode(
      acceptTeamInvite({ input: { token, password: "victims-real-pw" }, address: "203.0.113.99" }),
      "INVALID_STATE",
    );
    expect((await listTeam({ agencyId })).members.map((m) => m.email)).not.toContain(victim);
  });

  it("goes through the sign-in throttle: after a few wrong passwords from one address, even the right one waits there", async () => {
    const { agencyId } = await agencyWithOwner();
    const member = email("throttled");
    await createUser({
      agencyId: (await createAgency({ name: "Throttled Co" })).id,
      email: member,
      password: "members-real-pw",
    });
    for (let i = 0; i < LOGIN_THROTTLE.pairFreeFailures; i++) {
      expect((await checkCredentials({ email: member, password: `wrong-${i}`, address: "192.0.2.50" })).ok).toBe(false);
    }
    const { token } = await createTeamInvite({ agencyId, input: { email: member, role: "member" } });
    const refused = await expectCode(
      acceptTeamInvite({ input: { token, password: "members-real-pw" }, address: "192.0.2.50" }),
      "VALIDATION_FAILED",
    );
    expect(refused.details[0]?.message).toBe(INVITE_PASSWORD_REFUSED);
    // from another address the owner of the account gets in
    const ok = await acceptTeamInvite({ input: { token, password: "members-real-pw" }, address: "192.0.2.51" });
    expect(ok.newUser).toBe(false);
  });

  it("creates a new member unverified, with a verification email, and refuses a weak password", async () => {
    const { agencyId } = await agencyWithOwner();
    const invitee = email("newbie");
    const { token } = await createTeamInvite({ agencyId, input: { email: invitee, role: "member" } });
    await expectCode(acceptTeamInvite({ input: { token, password: "password1" } }), "VALIDATION_FAILED");
    const res = await acceptTeamInvite({ input: { token, password: "a-quite-long-passphrase" } });
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: res.userId } })).emailVerifiedAt).toBeNull();
    expect(await db.email.count({ where: { to: invitee, kind: "verify_email" } })).toBe(1);
  });

  it("refuses inviting someone already on the team", async () => {
    const { agencyId, email: ownerEmail } = await agencyWithOwner();
    const err = await expectCode(
      createTeamInvite({ agencyId, input: { email: ownerEmail, role: "member" } }),
      "CONFLICT",
    );
    expect(err.details[0]?.field).toBe("email");
  });
});

describe("roles and removal", () => {
  it("never demotes or removes the last owner, and scopes changes to the agency", async () => {
    const { agencyId } = await signUpNew(
      ZSignUpBody.parse({ agencyName: "Owners", email: email("o1"), password: "owner-password" }),
    );
    const other = await signUpNew(
      ZSignUpBody.parse({ agencyName: "Others", email: email("o2"), password: "owner-password" }),
    );
    const team = await listTeam({ agencyId });
    const owner = team.members[0]!;
    await expectCode(changeMemberRole({ agencyId, membershipId: owner.id, role: "manager" }), "INVALID_STATE");
    await expectCode(removeMember({ agencyId, membershipId: owner.id }), "INVALID_STATE");
    // another agency cannot touch this membership
    await expectCode(
      changeMemberRole({ agencyId: other.agencyId, membershipId: owner.id, role: "viewer" }),
      "NOT_FOUND",
    );
    await expectCode(removeMember({ agencyId: other.agencyId, membershipId: owner.id }), "NOT_FOUND");

    const second = await createUser({ agencyId, email: email("o3"), password: "second-password", role: "member" });
    const secondId = (await listTeam({ agencyId })).members.find((m) => m.userId === second.id)!.id;
    await changeMemberRole({ agencyId, membershipId: secondId, role: "owner" });
    // two owners now: the first can step down, then the second is the last one
    await changeMemberRole({ agencyId, membershipId: owner.id, role: "viewer" });
    await expectCode(removeMember({ agencyId, membershipId: secondId }), "INVALID_STATE");
    await removeMember({ agencyId, membershipId: owner.id });
    const after = await listTeam({ agencyId });
    expect(after.members.map((m) => m.role)).toEqual(["owner"]);
  });

  it("keeps one owner when two owners demote each other at once", async () => {
    const { agencyId } = await signUpNew(
      ZSignUpBody.parse({ agencyName: "Race", email: email("r1"), password: "owner-password" }),
    );
    const b = await createUser({ agencyId, email: email("r2"), password: "owner-password", role: "owner" });
    const members = (await listTeam({ agencyId })).members;
    const a = members.find((m) => m.userId !== b.id)!;
    const bm = members.find((m) => m.userId === b.id)!;
    const results = await Promise.allSettled([
      changeMemberRole({ agencyId, membershipId: a.id, role: "member" }),
      changeMemberRole({ agencyId, membershipId: bm.id, role: "member" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const owners = (await listTeam({ agencyId })).members.filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });
});
