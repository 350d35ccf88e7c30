// API keys: owners create keys with chosen scopes and revoke them; everyone sees the list.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/core/api-keys/list-api-keys";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { createApiKeyAction, revokeApiKeyAction } from "./api-key-actions";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fapi-keys");
  const page = await listApiKeys({ agencyId: ctx.agencyId });
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys your servers use to call the API. Only a hash of each key is stored."
      />
      <ApiKeysPanel
        initialPage={page}
        canWrite={can(ctx.role, "keys:write")}
        actions={{ create: createApiKeyAction, revoke: revokeApiKeyAction }}
      />
    </>
  );
}
