"use server";
// Connected accounts page actions (Manager and above): connect and disconnect.
import { z } from "zod";
import { connectAccountFromDashboard, ZConnectAccountBody } from "@/lib/core/accounts/connect-account-from-dashboard";
import { disconnectAccount } from "@/lib/core/accounts/disconnect-account";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

export const connectAccountAction = dashboardAction(
  "accounts:write",
  ZConnectAccountBody,
  (input, ctx) => connectAccountFromDashboard({ agencyId: ctx.agencyId, input }),
  "account.connected",
);

export const disconnectAccountAction = dashboardAction(
  "accounts:write",
  z.strictObject({ internalAccountId: z.string().min(1).max(100) }),
  (input, ctx) => disconnectAccount({ agencyId: ctx.agencyId, internalAccountId: input.internalAccountId }),
  "account.disconnected",
);
