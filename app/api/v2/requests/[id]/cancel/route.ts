import { withApiKey, otherMethods } from "@/lib/http/with-api-key";
import { cancelRequest } from "@/lib/requests/cancel-request";

export const POST = withApiKey({ scope: "requests:cancel", uuidParams: ["id"], emptyBody: true }, async ({ auth, params }) => ({
  data: await cancelRequest({ agencyId: auth.agencyId, id: params.id! }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
