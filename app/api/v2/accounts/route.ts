import { withApiKey, otherMethods } from "@/lib/http/with-api-key";
import { listAccounts } from "@/lib/accounts/list-accounts";

export const GET = withApiKey({ scope: "accounts:read" }, async ({ auth }) => ({ data: await listAccounts({ agencyId: auth.agencyId }) }));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
