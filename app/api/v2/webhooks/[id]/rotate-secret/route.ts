import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { rotateWebhookSecret } from "@/lib/core/webhooks/rotate-webhook-secret";

export const POST = withApiKey(
  { operation: "rotateWebhookSecret", uuidParams: ["id"], emptyBody: true },
  async ({ auth, params }) => {
    const { webhook, secret } = await rotateWebhookSecret({ agencyId: auth.agencyId, id: params.id });
    return { data: { ...webhook, secret } };
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
