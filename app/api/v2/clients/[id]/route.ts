import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { ZUpdateClientBody } from "@/lib/core/clients/schemas";
import { getClientOrThrow } from "@/lib/core/clients/get-client-or-throw";
import { serializeClient } from "@/lib/core/clients/serialize-client";
import { updateClient } from "@/lib/core/clients/update-client";

export const GET = withApiKey({ operation: "getClient", uuidParams: ["id"] }, async ({ auth, params }) => ({
  data: serializeClient(await getClientOrThrow({ agencyId: auth.agencyId, id: params.id })),
}));

export const PATCH = withApiKey(
  { operation: "updateClient", uuidParams: ["id"], body: ZUpdateClientBody },
  async ({ auth, params, body }) => ({
    data: await updateClient({ agencyId: auth.agencyId, id: params.id, input: body }),
  }),
);

export const { POST, PUT, DELETE } = otherMethods("GET", "PATCH");
