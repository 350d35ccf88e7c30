import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { listAccounts } from "@/lib/core/accounts/list-accounts";

export const GET = // the spec's typical flow lists accounts with a key that creates requests
  withApiKey({ scope: ["requests:create", "accounts:read"] }, async ({ auth }) => ({
    data: await listAccounts({ agencyId: auth.agencyId }),
  }));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
