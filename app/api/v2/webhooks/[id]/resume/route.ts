import { withApiKey, otherMethods } from "@/lib/http/with-api-key";
import { resumeWebhook } from "@/lib/webhooks/resume-webhook";

export const POST = withApiKey({ scope: "webhooks:write", uuidParams: ["id"], emptyBody: true }, async ({ auth, params }) => ({
  data: await resumeWebhook({ agencyId: auth.agencyId, id: params.id! }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
