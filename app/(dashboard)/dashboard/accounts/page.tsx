// Connected accounts: the agency's own platform accounts that clients grant access to.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountsPanel } from "@/components/accounts/accounts-panel";
import type { ConnectModes } from "@/components/accounts/connect-account-form";
import { PageHeader } from "@/components/ui/page-header";
import { PlatformSetupNotices } from "@/components/accounts/platform-setup-notices";
import { listPlatformSetupNotices } from "@/lib/core/agencies/note-platform-setup-needed";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import { connectMode } from "@/lib/core/accounts/connect-account-from-dashboard";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { accountsNeedingReconnect } from "@/lib/core/accounts/check-agency-tokens";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { listPlatforms } from "@/lib/core/catalog/catalog";
import { Card } from "@/components/ui/card";
import {
  connectAccountAction,
  disconnectAccountAction,
  listAgencyPeopleAction,
  setAssigneesAction,
} from "@/app/(dashboard)/dashboard/accounts/account-actions";
import { AccountPeoplePanel } from "@/components/accounts/account-people-panel";
import { listAccountAssignees } from "@/lib/core/accounts/account-assignees";

export const metadata: Metadata = { title: "Connected accounts" };

const MODE_LABEL = { live: "Live", sandbox: "Sandbox", unconfigured: "Not set up" } as const;

export default async function AccountsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Faccounts");
  const [accounts, notices, needsReconnect, assignees] = await Promise.all([
    listAccounts({ agencyId: ctx.agencyId }),
    listPlatformSetupNotices({ agencyId: ctx.agencyId }),
    accountsNeedingReconnect({ agencyId: ctx.agencyId }),
    listAccountAssignees({ agencyId: ctx.agencyId }),
  ]);
  const modes: ConnectModes = Object.fromEntries(listPlatforms().map((p) => [p.id, connectMode(p.id)]));
  return (
    <>
      <PageHeader
        title="Connected accounts"
        description="Your agency's accounts on each platform, and the services each can receive."
      />
      <PlatformSetupNotices
        notices={notices
          .filter((n) => platformMode(n.platform) === "unconfigured")
          .map((n) => ({ ...n, lastSeenAt: n.lastSeenAt.toISOString() }))}
      />
      <Card
        title="Platform sign-in on this installation"
        description="Live: real platform sign-in and grants. Sandbox: simulated. Not set up: the installation's administrator has not finished this platform's app yet."
      >
        <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="platform-modes">
          {listPlatforms()
            .filter((p) => p.connectorKind === "oauth")
            .map((p) => (
              <li key={p.id} data-platform={p.id} data-mode={platformMode(p.id)}>
                {p.name}: <span className="font-medium">{MODE_LABEL[platformMode(p.id)]}</span>
              </li>
            ))}
        </ul>
      </Card>
      <AccountsPanel
        initialAccounts={accounts}
        canWrite={can(ctx.role, "accounts:write")}
        modes={modes}
        needsReconnect={needsReconnect}
        actions={{ connect: connectAccountAction, disconnect: disconnectAccountAction }}
      />
      <AccountPeoplePanel
        accounts={accounts}
        assignees={assignees}
        canWrite={can(ctx.role, "accounts:write")}
        actions={{ listPeople: listAgencyPeopleAction, save: setAssigneesAction }}
      />
    </>
  );
}
