import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { pauseWebhook } from "@/lib/core/webhooks/pause-webhook";

export const POST = withApiKey(
  { operation: "pauseWebhook", uuidParams: ["id"], emptyBody: true },
  async ({ auth, params }) => ({
    data: await pauseWebhook({ agencyId: auth.agencyId, id: params.id }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
