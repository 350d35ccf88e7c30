// V1 POST /clients/update → data = the client id (V2: PATCH /clients/{id}).
import { withLegacyKey, legacyOtherMethods } from "@/lib/surfaces/v1/with-legacy-key";
import { updateClient } from "@/lib/core/clients/update-client";
import { toUpdateClientInput } from "@/lib/surfaces/v1/legacy-client-input";
import { parseLegacyId } from "@/lib/surfaces/v1/parse-legacy-id";

export const POST = withLegacyKey({ scope: "clients:update", body: true }, async ({ auth, body }) => {
  const id = parseLegacyId(body.id, "id", "Client");
  return { data: (await updateClient({ agencyId: auth.agencyId, id, input: toUpdateClientInput(body) })).id };
});

export const { GET, PUT, PATCH, DELETE } = legacyOtherMethods("POST");
