// V1 GET /clients/retrieve?id= → data = the client, in V2's Client shape (V2: GET /clients/{id}).
import { withLegacyKey, legacyOtherMethods } from "@/lib/surfaces/v1/with-legacy-key";
import { getClientOrThrow } from "@/lib/core/clients/get-client-or-throw";
import { serializeClient } from "@/lib/core/clients/serialize-client";
import { parseLegacyId } from "@/lib/surfaces/v1/parse-legacy-id";

export const GET = withLegacyKey({ scope: "clients:read" }, async ({ auth, query }) => ({
  data: serializeClient(
    await getClientOrThrow({ agencyId: auth.agencyId, id: parseLegacyId(query.get("id"), "id", "Client") }),
  ),
}));

export const { POST, PUT, PATCH, DELETE } = legacyOtherMethods("GET");
