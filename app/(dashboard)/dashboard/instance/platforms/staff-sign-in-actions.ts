"use server";
// The Platforms page's "Staff sign-in" actions (instance administrators only): save an
// identity provider's values and Verify what the form holds (discovery, keys, client secret).
import {
  saveStaffProvider,
  verifyStaffProvider,
  ZSaveStaffProvider,
  ZVerifyStaffProvider,
} from "@/lib/core/sso/staff-sso-settings";
import { instanceAction } from "@/lib/surfaces/dashboard/instance/instance-action";

export const saveStaffProviderAction = instanceAction(ZSaveStaffProvider, async (input, ctx) => {
  await saveStaffProvider({ input, userId: ctx.userId });
  return { saved: true };
});

export const verifyStaffProviderAction = instanceAction(ZVerifyStaffProvider, (input, ctx) =>
  verifyStaffProvider({ provider: input.provider, values: input.values, userId: ctx.userId }),
);
