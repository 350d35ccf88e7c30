import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { ZCreateRequestBody, ZListRequestsQuery } from "@/lib/core/requests/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { listRequests } from "@/lib/core/requests/list-requests";

export const POST = withApiKey(
  { operation: "createRequest", body: ZCreateRequestBody, idempotent: true },
  async ({ auth, body, tx }) => ({
    status: 201,
    data: await createRequest({ agencyId: auth.agencyId, input: body, source: "api", tx }),
  }),
);

export const GET = withApiKey({ operation: "listRequests", query: ZListRequestsQuery }, async ({ auth, query }) =>
  listRequests({ agencyId: auth.agencyId, query }),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
