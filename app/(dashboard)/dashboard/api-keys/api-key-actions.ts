"use server";
// API keys page actions (Owner only): create (the key is returned this once) and revoke.
// Revoking drops cached key lookups so the key is refused at once. Each action writes its
// audit entry in the same transaction as the change (who, when, from which address, which
// key, what changed): the key's id, name, display prefix and scopes, never the key itself.
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { ZApiKeyId, ZCreateApiKeyBody } from "@/lib/core/api-keys/schemas";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { inTransaction } from "@/lib/infra/db/transaction";
import { actionAddress, dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import type { DashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { requireVerifiedEmail } from "@/lib/core/users/email-verification";

async function actorOf(ctx: DashboardContext) {
  return { userId: ctx.userId, email: ctx.email, address: await actionAddress() };
}

// Only once the signed-in user's email address is verified.
export const createApiKeyAction = dashboardAction(
  "keys:write",
  ZCreateApiKeyBody,
  async (input, ctx) => {
    await requireVerifiedEmail(ctx.userId);
    const actor = await actorOf(ctx);
    return inTransaction(async (tx) => {
      const key = await createApiKey({ agencyId: ctx.agencyId, name: input.name, scopes: input.scopes, tx });
      await recordAudit({
        agencyId: ctx.agencyId,
        actor,
        action: "api_key.created",
        target: `api_key:${key.id}`,
        changes: { name: key.name, prefix: key.prefix, scopes: key.scopes },
        tx,
      });
      return key;
    });
  },
  false,
);

export const revokeApiKeyAction = dashboardAction(
  "keys:write",
  ZApiKeyId,
  async (input, ctx) => {
    const actor = await actorOf(ctx);
    const revoked = await inTransaction(async (tx) => {
      const before = await tx.apiKey.findFirst({
        where: { id: input.id, agencyId: ctx.agencyId },
        select: { name: true, prefix: true, revokedAt: true },
      });
      const out = await revokeApiKey({ agencyId: ctx.agencyId, id: input.id, tx });
      // revoking a revoked key changes nothing: no entry
      if (before && !before.revokedAt) {
        await recordAudit({
          agencyId: ctx.agencyId,
          actor,
          action: "api_key.revoked",
          target: `api_key:${input.id}`,
          changes: { name: before.name, prefix: before.prefix, revokedAt: { from: null, to: out.revokedAt } },
          tx,
        });
      }
      return out;
    });
    forgetApiKeys();
    return revoked;
  },
  false,
);
