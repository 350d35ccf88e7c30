"use server";
// The unverified-account notice's "Send a new verification email".
import { z } from "zod";
import { actionAddress, dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { resendVerificationForUser } from "@/lib/surfaces/dashboard/profile/resend-verification";

export const resendMyVerificationAction = dashboardAction("read", z.strictObject({}), async (_input, ctx) =>
  resendVerificationForUser({ userId: ctx.userId, email: ctx.email, address: await actionAddress() }),
);
