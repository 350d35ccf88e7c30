// V1 POST /clients/create → 201, data = the new client id (V2: POST /clients).
import { withLegacyKey, legacyOtherMethods } from "@/lib/http/with-legacy-key";
import { createClient } from "@/lib/clients/create-client";
import { toCreateClientInput } from "@/lib/legacy/legacy-client-input";

export const POST = withLegacyKey({ scope: "clients:create", body: true }, async ({ auth, body }) => ({
  status: 201,
  data: (await createClient({ agencyId: auth.agencyId, input: toCreateClientInput(body) })).id,
}));

export const { GET, PUT, PATCH, DELETE } = legacyOtherMethods("POST");
