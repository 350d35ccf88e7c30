// The dashboard's client list query: search (name, email, company, externalClientId) and
// the clients/prospects split, served by the same listClients as the API.
import { z } from "zod";
import { ZLimit } from "@/lib/core/clients/schemas";
import { listClients } from "@/lib/core/clients/list-clients";

export const ZDashboardClientsQuery = z.strictObject({
  limit: ZLimit.default(25),
  cursor: z.string().max(500).optional(),
  search: z.string().trim().max(200, "search must be at most 200 characters.").optional(),
  prospects: z.enum(["0", "1"]).optional(),
});
export type TDashboardClientsQuery = z.infer<typeof ZDashboardClientsQuery>;

export async function listClientsForDashboard(opts: { agencyId: string; query: TDashboardClientsQuery }) {
  const { limit, cursor, search, prospects } = opts.query;
  return listClients({
    agencyId: opts.agencyId,
    query: { limit, cursor },
    search: search || undefined,
    prospects: prospects === undefined ? undefined : prospects === "1",
  });
}
