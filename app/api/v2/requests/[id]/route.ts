import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { getRequestOrThrow } from "@/lib/core/requests/load-request";

export const GET = withApiKey({ operation: "getRequest", uuidParams: ["id"] }, async ({ auth, params }) => ({
  data: await getRequestOrThrow({ agencyId: auth.agencyId, id: params.id }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
