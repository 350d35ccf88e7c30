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
import { accountsNeedingReconnect, listAccountHealth } from "@/lib/core/accounts/check-agency-tokens";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { listPlatforms } from "@/lib/core/catalog/catalog";
import { Card } from "@/components/ui/card";
import Link from "next/link";
import { isInstanceAdmin } from "@/lib/core/instance/instance-admin";
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
  const [accounts, notices, needsReconnect, assignees, health] = await Promise.all([
    listAccounts({ agencyId: ctx.agencyId }),
    listPlatformSetupNotices({ agencyId: ctx.agencyId }),
    accountsNeedingReconnect({ agencyId: ctx.agencyId }),
    listAccountAssignees({ agencyId: ctx.agencyId }),
    listAccountHealth({ agencyId: ctx.agencyId }),
  ]);
  const modes: ConnectModes = Object.fromEntries(listPlatforms().map((p) => [p.id, connectMode(p.id)]));
  const canWrite = can(ctx.role, "accounts:write");
  const runsInstance = await isInstanceAdmin(ctx.userId);
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
        className="mb-6"
        title="Platform sign-in on this installation"
        description="Live: real platform sign-in and grants. Sandbox: simulated. Not set up: the installation's administrator has not finished this platform's app yet."
        actions={
          runsInstance ? (
            <Link href="/dashboard/instance/platforms" className="text-sm font-medium text-indigo-700 underline">
              Set platforms up
            </Link>
          ) : null
        }
      >
        <ul className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="platform-modes">
          {listPlatforms()
            .filter((p) => p.connectorKind === "oauth")
            .map((p) => {
              const mode = platformMode(p.id);
              return (
                <li key={p.id} data-platform={p.id} data-mode={mode} className="flex flex-wrap items-baseline gap-x-2">
                  <span>
                    {p.name}: <span className="font-medium">{MODE_LABEL[mode]}</span>
                  </span>
                  {canWrite && mode === "live" ? (
                    <a
                      href={`/api/dashboard/accounts/connect/${p.id}`}
                      className="text-xs font-medium text-indigo-700 underline"
                      aria-label={`Connect your ${p.name} account`}
                    >
                      Connect
                    </a>
                  ) : null}
                </li>
              );
            })}
        </ul>
      </Card>
      <AccountsPanel
        initialAccounts={accounts}
        canWrite={canWrite}
        modes={modes}
        needsReconnect={needsReconnect}
        health={health}
        actions={{ connect: connectAccountAction, disconnect: disconnectAccountAction }}
      />
      <AccountPeoplePanel
        accounts={accounts}
        assignees={assignees}
        canWrite={canWrite}
        actions={{ listPeople: listAgencyPeopleAction, save: setAssigneesAction }}
      />
    </>
  );
}
