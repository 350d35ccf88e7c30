// Team: members and their roles, open invites, the permission table, and (for owners) the
// invite form and role changes.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can, PERMISSIONS, ROLES, type Permission } from "@/lib/core/auth/roles";
import { listTeam } from "@/lib/core/team/list-team";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { TeamManager } from "@/components/team/team-manager";
import {
  changeRoleAction,
  createInviteAction,
  removeMemberAction,
  revokeInviteAction,
} from "@/app/(dashboard)/dashboard/team/team-actions";

export const metadata: Metadata = { title: "Team" };
export const dynamic = "force-dynamic";

const PERMISSION_LABELS: Record<Permission, string> = {
  read: "See requests, clients, accounts, webhooks and usage",
  "requests:write": "Create, act on and cancel requests",
  "clients:write": "Create and edit clients, remove the agency's access",
  "clients:delete": "Delete clients and their personal data",
  "accounts:write": "Connect and disconnect platform accounts",
  "intake:write": "Edit the intake form",
  "branding:write": "Edit branding and the static link",
  "webhooks:write": "Manage webhooks",
  "keys:write": "Create and revoke API keys",
  "plan:write": "Change the plan",
  "team:write": "Invite teammates, change roles, remove members",
  "audit:read": "Read and export the audit log",
  "demo:delete": "Remove the demo agency's sample data",
};

export default async function TeamPage() {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const team = await listTeam({ agencyId: ctx.agencyId });
  const permissions = Object.keys(PERMISSIONS) as Permission[];
  return (
    <>
      <PageHeader title="Team" description="Who can work in this agency's dashboard, and what each role may do." />
      <TeamManager
        team={team}
        canManage={can(ctx.role, "team:write")}
        currentUserId={ctx.userId}
        actions={{
          createInvite: createInviteAction,
          changeRole: changeRoleAction,
          removeMember: removeMemberAction,
          revokeInvite: revokeInviteAction,
        }}
      />
      <Card
        title="Roles and permissions"
        className="mt-6"
        description="Every action is checked on the server against this table."
      >
        <Table caption="Permissions by role">
          <THead>
            <tr>
              <Th>Permission</Th>
              {ROLES.map((r) => (
                <Th key={r} className="text-center">
                  {r.charAt(0).toUpperCase() + r.slice(1)}
                </Th>
              ))}
            </tr>
          </THead>
          <TBody>
            {permissions.map((p) => (
              <Tr key={p}>
                <Td>{PERMISSION_LABELS[p]}</Td>
                {ROLES.map((r) => (
                  <Td key={r} className="text-center">
                    {can(r, p) ? (
                      <span aria-label="allowed" className="font-semibold text-emerald-700">
                        ✓
                      </span>
                    ) : (
                      <span aria-label="not allowed" className="text-slate-500">
                        –
                      </span>
                    )}
                  </Td>
                ))}
              </Tr>
            ))}
          </TBody>
        </Table>
      </Card>
    </>
  );
}
