"use server";
// Team changes from the dashboard: invite by link, change a role, remove a member, revoke
// an invite. Owners only (team:write), checked on the server by dashboardAction.
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { requireVerifiedEmail } from "@/lib/core/users/email-verification";
import { createTeamInvite } from "@/lib/core/team/create-team-invite";
import { changeMemberRole } from "@/lib/core/team/change-member-role";
import { removeMember } from "@/lib/core/team/remove-member";
import { revokeTeamInvite } from "@/lib/core/team/revoke-team-invite";
import {
  ZChangeMemberRoleBody,
  ZCreateTeamInviteBody,
  ZInviteIdBody,
  ZMembershipIdBody,
} from "@/lib/core/team/schemas";

// Inviting needs a verified email address, so an unverified sign-up cannot send invites.
export const createInviteAction = dashboardAction(
  "team:write",
  ZCreateTeamInviteBody,
  async (input, ctx) => {
    await requireVerifiedEmail(ctx.userId);
    const { invite, url } = await createTeamInvite({ agencyId: ctx.agencyId, input });
    return { invite, url };
  },
  "team.invite_created",
);

export const changeRoleAction = dashboardAction(
  "team:write",
  ZChangeMemberRoleBody,
  (input, ctx) => changeMemberRole({ agencyId: ctx.agencyId, membershipId: input.membershipId, role: input.role }),
  "team.role_changed",
);

export const removeMemberAction = dashboardAction(
  "team:write",
  ZMembershipIdBody,
  (input, ctx) => removeMember({ agencyId: ctx.agencyId, membershipId: input.membershipId }),
  "team.member_removed",
);

export const revokeInviteAction = dashboardAction(
  "team:write",
  ZInviteIdBody,
  (input, ctx) => revokeTeamInvite({ agencyId: ctx.agencyId, inviteId: input.inviteId }),
  "team.invite_revoked",
);
