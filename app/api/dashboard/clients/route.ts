// Dashboard client list (TanStack Query): search and the clients/prospects split.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { listClientsForDashboard, ZDashboardClientsQuery } from "@/lib/surfaces/dashboard/clients-query";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, query }) => listClientsForDashboard({ agencyId: ctx.agencyId, query }),
  { query: ZDashboardClientsQuery },
);
