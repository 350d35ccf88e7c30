import { withApiKey, otherMethods } from "@/lib/http/with-api-key";

export const GET = withApiKey({}, async ({ auth }) => ({
  data: { agency: { id: auth.agencyId, name: auth.agencyName }, apiKey: { id: auth.apiKeyId, scopes: auth.scopes } },
}));
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
