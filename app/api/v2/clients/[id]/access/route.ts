import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { listClientAccess } from "@/lib/core/client-access/list-client-access";

export const GET = withApiKey({ operation: "getClientAccess", uuidParams: ["id"] }, async ({ auth, params }) => ({
  data: await listClientAccess({ agencyId: auth.agencyId, clientId: params.id }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
