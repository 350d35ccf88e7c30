"use server";
// API keys page actions (Owner only): create (the key is returned this once) and revoke.
// Revoking drops cached key lookups so the key is refused at once.
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { ZApiKeyId, ZCreateApiKeyBody } from "@/lib/core/api-keys/schemas";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { requireVerifiedEmail } from "@/lib/core/users/email-verification";

// Only once the signed-in user's email address is verified.
export const createApiKeyAction = dashboardAction(
  "keys:write",
  ZCreateApiKeyBody,
  async (input, ctx) => {
    await requireVerifiedEmail(ctx.userId);
    return createApiKey({ agencyId: ctx.agencyId, name: input.name, scopes: input.scopes });
  },
  "api_key.created",
);

export const revokeApiKeyAction = dashboardAction(
  "keys:write",
  ZApiKeyId,
  async (input, ctx) => {
    const revoked = await revokeApiKey({ agencyId: ctx.agencyId, id: input.id });
    forgetApiKeys();
    return revoked;
  },
  "api_key.revoked",
);
