import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import type { TMe } from "@/lib/surfaces/v2/openapi/response-schemas";

export const GET = withApiKey({ operation: "getMe" }, async ({ auth }) => ({
  data: {
    agency: { id: auth.agencyId, name: auth.agencyName },
    apiKey: { id: auth.apiKeyId, scopes: auth.scopes },
  } satisfies TMe,
}));
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
