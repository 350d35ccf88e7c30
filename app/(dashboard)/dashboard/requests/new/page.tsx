// New request: the service picker, the agency's connected accounts, and
// whether its intake form can be asked. `?clientId=` preselects a client.
import type { Metadata } from "next";
import Link from "next/link";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { getDb } from "@/lib/infra/db/db";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { serializeClient } from "@/lib/core/clients/serialize-client";
import type { TClient } from "@/lib/core/clients/schemas";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { NewRequestForm } from "@/components/requests/new-request-form";
import { createClientAction } from "@/app/(dashboard)/dashboard/clients/client-actions";
import { createRequestAction, previewAsClientAction } from "@/app/(dashboard)/dashboard/requests/request-actions";
import { roleName } from "@/lib/core/auth/roles";

export const metadata: Metadata = { title: "New request" };
export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function NewRequestPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const back = (
    <Link href="/dashboard/requests" className="text-indigo-700 hover:underline">
      ← Requests
    </Link>
  );
  if (!can(ctx.role, "requests:write")) {
    return (
      <>
        <PageHeader back={back} title="New request" />
        <EmptyState
          title="Your role cannot create requests"
          description={`You are a ${roleName(ctx.role)}. Ask an owner or manager to change your role.`}
        />
      </>
    );
  }
  const sp = await searchParams;
  const db = await getDb();
  const [accounts, agency, questions] = await Promise.all([
    listAccounts({ agencyId: ctx.agencyId }),
    db.agency.findUniqueOrThrow({ where: { id: ctx.agencyId }, select: { intakeFormEnabled: true } }),
    db.intakeQuestion.count({ where: { agencyId: ctx.agencyId, archivedAt: null } }),
  ]);
  let initialClient: TClient | null = null;
  const clientId = typeof sp.clientId === "string" ? sp.clientId : undefined;
  if (clientId && UUID.test(clientId)) {
    const row = await db.client.findFirst({ where: { id: clientId, agencyId: ctx.agencyId } });
    if (row) initialClient = serializeClient(row);
  }
  return (
    <>
      <PageHeader
        back={back}
        title="New access request"
        description="Your client gets one link to grant everything you ask for here."
      />
      <NewRequestForm
        accounts={accounts.filter((a) => a.status === "connected")}
        intakeAvailable={agency.intakeFormEnabled && questions > 0}
        initialClient={initialClient}
        createClient={createClientAction}
        createRequest={createRequestAction}
        previewRequest={previewAsClientAction}
      />
    </>
  );
}
