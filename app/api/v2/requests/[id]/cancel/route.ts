import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { cancelRequest } from "@/lib/core/requests/cancel-request";

export const POST = withApiKey(
  { operation: "cancelRequest", uuidParams: ["id"], emptyBody: true },
  async ({ auth, params }) => ({
    data: await cancelRequest({ agencyId: auth.agencyId, id: params.id }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
