import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { getUsage } from "@/lib/core/usage/get-usage";

export const GET = withApiKey({ operation: "getUsage" }, async ({ auth }) => ({
  data: await getUsage({ agencyId: auth.agencyId }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
