"use server";
// Connected accounts page actions (Manager and above): connect and disconnect, and who of the
// agency receives newly shared assets (reading the platform's people, saving the choice).
import { z } from "zod";
import { connectAccountFromDashboard, ZConnectAccountBody } from "@/lib/core/accounts/connect-account-from-dashboard";
import { disconnectAccount } from "@/lib/core/accounts/disconnect-account";
import { listAgencyPeopleOf, setAccountAssignees } from "@/lib/core/accounts/account-assignees";
import { ZSetAssigneesBody } from "@/lib/core/accounts/assignee-rules";
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

export const setAssigneesAction = dashboardAction(
  "accounts:write",
  ZSetAssigneesBody,
  (input, ctx) => setAccountAssignees({ agencyId: ctx.agencyId, input }),
  "account.assignees_updated",
);

// A read of the platform with the agency's own token: managers only, nothing changes.
export const listAgencyPeopleAction = dashboardAction(
  "accounts:write",
  z.strictObject({ internalAccountId: z.string().min(1).max(100) }),
  (input, ctx) => listAgencyPeopleOf({ agencyId: ctx.agencyId, internalAccountId: input.internalAccountId }),
  false,
);
