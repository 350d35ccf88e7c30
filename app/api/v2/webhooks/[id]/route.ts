import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { ZUpdateWebhookBody } from "@/lib/core/webhooks/schemas";
import { getWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import { updateWebhook } from "@/lib/core/webhooks/update-webhook";
import { deleteWebhook } from "@/lib/core/webhooks/delete-webhook";

export const GET = withApiKey({ operation: "getWebhook", uuidParams: ["id"] }, async ({ auth, params }) => ({
  data: await getWebhookOrThrow({ agencyId: auth.agencyId, id: params.id }),
}));

export const PATCH = withApiKey(
  { operation: "updateWebhook", uuidParams: ["id"], body: ZUpdateWebhookBody },
  async ({ auth, params, body }) => ({
    data: await updateWebhook({ agencyId: auth.agencyId, id: params.id, input: body }),
  }),
);

export const DELETE = withApiKey(
  { operation: "deleteWebhook", uuidParams: ["id"], emptyBody: true },
  async ({ auth, params }) => ({
    data: await deleteWebhook({ agencyId: auth.agencyId, id: params.id }),
  }),
);

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
