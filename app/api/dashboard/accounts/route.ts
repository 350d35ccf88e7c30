// Dashboard read: the agency's connected accounts (GET /accounts' shape).
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const GET = withDashboard("read", async ({ ctx }) => ({ data: await listAccounts({ agencyId: ctx.agencyId }) }));
