import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { ZCreateClientBody, ZListClientsQuery } from "@/lib/core/clients/schemas";
import { createClient } from "@/lib/core/clients/create-client";
import { listClients } from "@/lib/core/clients/list-clients";

export const POST = withApiKey(
  { operation: "createClient", body: ZCreateClientBody, idempotent: true },
  async ({ auth, body, tx }) => ({
    status: 201,
    data: await createClient({ agencyId: auth.agencyId, input: body, tx }),
  }),
);

export const GET = withApiKey({ operation: "listClients", query: ZListClientsQuery }, async ({ auth, query }) =>
  listClients({ agencyId: auth.agencyId, query }),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
