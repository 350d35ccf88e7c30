// Team rules against a real database: sign-up makes a trial agency with API access and an
// owner; invite links are stored hashed, expire after 7 days and work once; accepting works
// for new and existing accounts; the last owner can be neither demoted nor removed; every
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
import { acceptTeamInvite } from "@/lib/core/team/accept-team-invite";
import { listTeam } from "@/lib/core/team/list-team";
import { changeMemberRole } from "@/lib/core/team/change-member-role";
import { removeMember } from "@/lib/core/team/remove-member";
import { revokeTeamInvite } from "@/lib/core/team/revoke-team-invite";
import { ZSignUpBody } from "@/lib/core/team/schemas";

let n = 0;
const email = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`;

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
    const input = ZSignUpBody.parse({ agencyName: "  Fresh Agency ", email: email("Owner").toUpperCase(), password: "long-enough-pw" });
    const res = await signUp({ input });
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

  it("refuses a taken email and leaves no agency behind", async () => {
    const input = ZSignUpBody.parse({ agencyName: "Twice", email: email("dup"), password: "long-enough-pw" });
    await signUp({ input });
    const db = await getDb();
    const before = await db.agency.count();
    const err = await expectCode(signUp({ input: { ...input, agencyName: "Twice again" } }), "CONFLICT");
    expect(err.details[0]?.field).toBe("email");
    expect(await db.agency.count()).toBe(before);
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
    const res = await signUp({ input: ZSignUpBody.parse({ agencyName: "Team Co", email: email("own"), password: "owner-password" }) });
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
    expect(view).toMatchObject({ agencyName: "Team Co", email: invitee, role: "viewer", state: "valid", userExists: false });

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
    expect((await getTeamInviteByToken({ token }))?.userExists).toBe(true);
    const wrong = await expectCode(acceptTeamInvite({ input: { token, password: "not-the-password" } }), "VALIDATION_FAILED");
    expect(wrong.details[0]?.field).toBe("password");
    // the failed attempt did not use the link up
    expect((await getTeamInviteByToken({ token }))?.state).toBe("valid");
    const ok = await acceptTeamInvite({ input: { token, password: "existing-pw-1" } });
    expect(ok).toMatchObject({ agencyId, role: "manager", newUser: false });
  });

  it("refuses inviting someone already on the team", async () => {
    const { agencyId, email: ownerEmail } = await agencyWithOwner();
    const err = await expectCode(createTeamInvite({ agencyId, input: { email: ownerEmail, role: "member" } }), "CONFLICT");
    expect(err.details[0]?.field).toBe("email");
  });
});

describe("roles and removal", () => {
  it("never demotes or removes the last owner, and scopes changes to the agency", async () => {
    const { agencyId } = await signUp({ input: ZSignUpBody.parse({ agencyName: "Owners", email: email("o1"), password: "owner-password" }) });
    const other = await signUp({ input: ZSignUpBody.parse({ agencyName: "Others", email: email("o2"), password: "owner-password" }) });
    const team = await listTeam({ agencyId });
    const owner = team.members[0]!;
    await expectCode(changeMemberRole({ agencyId, membershipId: owner.id, role: "manager" }), "INVALID_STATE");
    await expectCode(removeMember({ agencyId, membershipId: owner.id }), "INVALID_STATE");
    // another agency cannot touch this membership
    await expectCode(changeMemberRole({ agencyId: other.agencyId, membershipId: owner.id, role: "viewer" }), "NOT_FOUND");
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
    const { agencyId } = await signUp({ input: ZSignUpBody.parse({ agencyName: "Race", email: email("r1"), password: "owner-password" }) });
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
