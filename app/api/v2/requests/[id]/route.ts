import { withApiKey, otherMethods } from "@/lib/http/with-api-key";
import { getRequestOrThrow } from "@/lib/requests/load-request";

export const GET = withApiKey({ scope: "requests:read", uuidParams: ["id"] }, async ({ auth, params }) => ({
  data: await getRequestOrThrow({ agencyId: auth.agencyId, id: params.id! }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
