"use server";
// The signed-in user's password and two-factor sign-in, and (owners) the team's requirement.
// The user's own actions go through the session alone: a member who must enrol can still do so.
import { headers } from "next/headers";
import { z } from "zod";
import QRCode from "qrcode";
import { ApiError } from "@/lib/core/common/api-error";
import { parseUntrusted } from "@/lib/surfaces/http/untrusted-text";
import {
  beginTwoFactorEnrolment,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  setTeamTwoFactorRequirement,
} from "@/lib/core/users/two-factor";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { getDashboardContext, type DashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { renewOwnSession } from "@/lib/surfaces/dashboard/renew-session";
import { clientAddress } from "@/lib/surfaces/http/client-address";
import { changePassword, ZChangePasswordBody } from "@/lib/core/users/change-password";

const ZCode = z.strictObject({
  code: z.string({ error: "code is required." }).trim().min(6, "Enter the 6-digit code.").max(100, "code is too long."),
});

async function own<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  fn: (input: z.output<S>, ctx: DashboardContext) => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    const ctx = await getDashboardContext();
    if (!ctx) throw new ApiError("UNAUTHENTICATED", "Your session has ended. Sign in again.");
    return { ok: true, data: await fn(parseUntrusted(schema, input), ctx) };
  } catch (err) {
    return toActionFailure(err);
  }
}

export async function changePasswordAction(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<ActionResult<{ changed: true }>> {
  // every other session of the user ends (a stolen one among them); this tab's goes on
  return own(ZChangePasswordBody, input, async (i, ctx) => {
    const address = clientAddress(await headers()) ?? "local";
    await changePassword({ userId: ctx.userId, input: i, address });
    await renewOwnSession(ctx.userId);
    return { changed: true as const };
  });
}

export async function beginTwoFactorAction(): Promise<ActionResult<{ secret: string; qrDataUrl: string }>> {
  return own(z.undefined(), undefined, async (_input, ctx) => {
    const { secret, otpauthUri } = await beginTwoFactorEnrolment({ userId: ctx.userId });
    return { secret, qrDataUrl: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 200 }) };
  });
}

export async function confirmTwoFactorAction(input: {
  code: string;
}): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  // turning it on ends every other session (one issued before may have been stolen); this tab's goes on
  return own(ZCode, input, async (i, ctx) => {
    const res = await confirmTwoFactorEnrolment({ userId: ctx.userId, code: i.code });
    await renewOwnSession(ctx.userId);
    return res;
  });
}

export async function disableTwoFactorAction(input: { code: string }): Promise<ActionResult<{ disabled: true }>> {
  return own(ZCode, input, async (i, ctx) => {
    await disableTwoFactor({ userId: ctx.userId, code: i.code });
    await renewOwnSession(ctx.userId);
    return { disabled: true as const };
  });
}

export const requireTeamTwoFactorAction = dashboardAction(
  "team:write",
  z.strictObject({ required: z.boolean({ error: "required must be true or false." }) }),
  (input, ctx) => setTeamTwoFactorRequirement({ agencyId: ctx.agencyId, userId: ctx.userId, required: input.required }),
);
