// V1 POST /clients/create → 201, data = the new client id (V2: POST /clients).
import { withLegacyKey, legacyOtherMethods } from "@/lib/surfaces/v1/with-legacy-key";
import { createClient } from "@/lib/core/clients/create-client";
import { toCreateClientInput } from "@/lib/surfaces/v1/legacy-client-input";

export const POST = withLegacyKey({ scope: "clients:create", body: true }, async ({ auth, body }) => ({
  status: 201,
  data: (await createClient({ agencyId: auth.agencyId, input: toCreateClientInput(body) })).id,
}));

export const { GET, PUT, PATCH, DELETE } = legacyOtherMethods("POST");
