import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { ZCreateWebhookBody, ZListWebhooksQuery } from "@/lib/core/webhooks/schemas";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { listWebhooks } from "@/lib/core/webhooks/list-webhooks";

export const POST = withApiKey(
  { operation: "createWebhook", body: ZCreateWebhookBody, idempotent: true },
  async ({ auth, body, tx }) => {
    const { webhook, secret } = await createWebhook({ agencyId: auth.agencyId, input: body, tx });
    return { status: 201, data: { ...webhook, secret } };
  },
);

export const GET = withApiKey({ operation: "listWebhooks", query: ZListWebhooksQuery }, async ({ auth, query }) =>
  listWebhooks({ agencyId: auth.agencyId, query }),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
