// Team shapes: sign-up, invites and membership changes, validated the same way in server
// actions and tests, plus the views the dashboard shows.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { ROLES } from "@/lib/core/auth/roles";
import { passwordField } from "@/lib/core/users/password";

const ZPassword = passwordField("password");

const ZUserEmail = z
  .string({ error: "email is required." })
  .trim()
  .toLowerCase()
  .max(320, "email must be at most 320 characters.")
  .pipe(z.email({ error: "email must be an email address." }));

const ZPersonName = z.string().trim().max(200, "name must be at most 200 characters.").optional();

export const ZRole = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}.` });

export const ZSignUpBody = z.strictObject({
  agencyName: z
    .string({ error: "agencyName is required." })
    .trim()
    .min(1, "agencyName is required.")
    .max(200, "agencyName must be at most 200 characters."),
  name: ZPersonName,
  email: ZUserEmail,
  password: ZPassword,
});
export type TSignUpBody = z.infer<typeof ZSignUpBody>;

export const ZCreateTeamInviteBody = z.strictObject({
  email: ZUserEmail,
  role: ZRole,
});
export type TCreateTeamInviteBody = z.infer<typeof ZCreateTeamInviteBody>;

export const ZAcceptTeamInviteBody = z.strictObject({
  token: z.string().min(1).max(200),
  name: ZPersonName,
  password: ZPassword,
});
export type TAcceptTeamInviteBody = z.infer<typeof ZAcceptTeamInviteBody>;

export const ZChangeMemberRoleBody = z.strictObject({
  membershipId: zUuid({ error: "membershipId must be a uuid." }),
  role: ZRole,
});

export const ZMembershipIdBody = z.strictObject({
  membershipId: zUuid({ error: "membershipId must be a uuid." }),
});

export const ZInviteIdBody = z.strictObject({
  inviteId: zUuid({ error: "inviteId must be a uuid." }),
});

export interface TTeamMember {
  id: string;
  userId: string;
  email: string;
  name: string | null;
  role: z.infer<typeof ZRole>;
  joinedAt: string;
}

export interface TTeamInvite {
  id: string;
  email: string;
  role: z.infer<typeof ZRole>;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** "Send a new verification email" from the sign-in page. */
export const ZResendVerificationBody = z.strictObject({ email: ZUserEmail });
export type TResendVerificationBody = z.infer<typeof ZResendVerificationBody>;
