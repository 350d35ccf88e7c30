// V1 POST /links/update → data = the link id. Replaces the service set (no V2 equivalent).
import { withLegacyKey, legacyOtherMethods } from "@/lib/surfaces/v1/with-legacy-key";
import { updateLegacyLink } from "@/lib/surfaces/v1/update-legacy-link";

export const POST = withLegacyKey({ scope: "requests:update", body: true }, async ({ auth, body }) => ({
  data: await updateLegacyLink({ agencyId: auth.agencyId, body }),
}));

export const { GET, PUT, PATCH, DELETE } = legacyOtherMethods("POST");
