import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { listAccounts } from "@/lib/core/accounts/list-accounts";

// the spec's typical flow lists accounts with a key that creates requests (its scope in operation-scopes.ts)
export const GET = withApiKey({ operation: "listAccounts" }, async ({ auth }) => ({
  data: await listAccounts({ agencyId: auth.agencyId }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
