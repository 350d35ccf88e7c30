// V1 POST /links/create → 201, data = the link (request) id, plus inviteUrl (V2: POST /requests).
import { withLegacyKey, legacyOtherMethods } from "@/lib/surfaces/v1/with-legacy-key";
import { createLegacyLink } from "@/lib/surfaces/v1/create-legacy-link";

export const POST = withLegacyKey({ scope: "requests:create", body: true }, async ({ auth, body }) => {
  const link = await createLegacyLink({ agencyId: auth.agencyId, body });
  return { status: 201, data: link.id, extra: { inviteUrl: link.inviteUrl } };
});

export const { GET, PUT, PATCH, DELETE } = legacyOtherMethods("POST");
