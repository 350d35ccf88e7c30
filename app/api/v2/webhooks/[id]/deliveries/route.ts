import { withApiKey, otherMethods } from "@/lib/http/with-api-key";
import { ZListDeliveriesQuery } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const GET = withApiKey({ scope: "webhooks:read", uuidParams: ["id"], query: ZListDeliveriesQuery }, async ({ auth, params, query }) =>
  listDeliveries({ agencyId: auth.agencyId, webhookId: params.id!, query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
