import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { sendTestEvent } from "@/lib/core/webhooks/send-test-event";

export const POST = withApiKey(
  { operation: "testWebhook", uuidParams: ["id"], emptyBody: true },
  async ({ auth, params }) => ({
    data: await sendTestEvent({ agencyId: auth.agencyId, id: params.id }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
