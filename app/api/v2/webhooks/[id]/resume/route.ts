import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { resumeWebhook } from "@/lib/core/webhooks/resume-webhook";

export const POST = withApiKey(
  { operation: "resumeWebhook", uuidParams: ["id"], emptyBody: true },
  async ({ auth, params }) => ({
    data: await resumeWebhook({ agencyId: auth.agencyId, id: params.id }),
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
