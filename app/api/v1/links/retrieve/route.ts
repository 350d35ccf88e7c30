// V1 GET /links/retrieve?id= → data = the link in V1 shape (V2: GET /requests/{id}).
import { withLegacyKey, legacyOtherMethods } from "@/lib/surfaces/v1/with-legacy-key";
import { getRequestOrThrow } from "@/lib/core/requests/load-request";
import { parseLegacyId } from "@/lib/surfaces/v1/parse-legacy-id";
import { serializeLegacyLink } from "@/lib/surfaces/v1/serialize-legacy-link";

export const GET = withLegacyKey({ scope: "requests:read" }, async ({ auth, query }) => ({
  data: serializeLegacyLink(
    await getRequestOrThrow({ agencyId: auth.agencyId, id: parseLegacyId(query.get("id"), "id", "Link") }),
  ),
}));

export const { POST, PUT, PATCH, DELETE } = legacyOtherMethods("GET");
