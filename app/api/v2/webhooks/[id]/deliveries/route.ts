import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { ZListDeliveriesQuery } from "@/lib/core/webhooks/schemas";
import { listDeliveries } from "@/lib/core/webhooks/list-deliveries";

export const GET = withApiKey(
  { operation: "listWebhookDeliveries", uuidParams: ["id"], query: ZListDeliveriesQuery },
  async ({ auth, params, query }) => listDeliveries({ agencyId: auth.agencyId, webhookId: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
