import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { listAccounts } from "@/lib/core/accounts/list-accounts";

export const GET = withApiKey({ scope: "accounts:read" }, async ({ auth }) => ({ data: await listAccounts({ agencyId: auth.agencyId }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
