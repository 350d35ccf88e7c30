"use server";
// The Platforms page's "Staff sign-in" actions (instance administrators only): save an
// identity provider's values and Verify its discovery document and keys.
import { z } from "zod";
import { saveStaffProvider, verifyStaffProvider, ZSaveStaffProvider } from "@/lib/core/sso/staff-sso-settings";
import { instanceAction } from "@/lib/surfaces/dashboard/instance/instance-action";

export const saveStaffProviderAction = instanceAction(ZSaveStaffProvider, async (input, ctx) => {
  await saveStaffProvider({ input, userId: ctx.userId });
  return { saved: true };
});

export const verifyStaffProviderAction = instanceAction(
  z.strictObject({ provider: z.string().min(1).max(40) }),
  (input, ctx) => verifyStaffProvider({ provider: input.provider, userId: ctx.userId }),
);
