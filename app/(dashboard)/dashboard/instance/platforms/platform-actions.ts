"use server";
// The Platforms page's actions (instance administrators only): save credentials, Verify,
// the sandbox switch and "use without verifying".
import { z } from "zod";
import {
  savePlatformCredentials,
  setPlatformSwitches,
  verifyPlatform,
  ZPlatformSwitches,
  ZSavePlatformCredentials,
} from "@/lib/core/instance/platform-settings";
import { instanceAction } from "@/lib/surfaces/dashboard/instance/instance-action";

export const savePlatformCredentialsAction = instanceAction(ZSavePlatformCredentials, async (input, ctx) => {
  await savePlatformCredentials({ input, userId: ctx.userId });
  return { saved: true };
});

export const verifyPlatformAction = instanceAction(
  z.strictObject({ platform: z.string().min(1).max(40) }),
  (input, ctx) => verifyPlatform({ platform: input.platform, userId: ctx.userId }),
);

export const setPlatformSwitchesAction = instanceAction(ZPlatformSwitches, async (input, ctx) => {
  await setPlatformSwitches({ input, userId: ctx.userId });
  return { saved: true };
});
