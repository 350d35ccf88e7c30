"use client";
// The Team page's interactive part: the invite form (link shown once, with a copy button),
// members with role selects and removal, and open invites with revoke. Owners only see
// the controls; the server checks again on every action.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ROLE_LABELS, ROLES, roleName } from "@/lib/core/auth/roles";
import type { TTeamInvite, TTeamMember } from "@/lib/core/team/schemas";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { runAction } from "@/components/ui/action-feedback";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { DateTime } from "@/components/ui/date-time";

/** The team page's server actions, passed in by the page so this component stays out of app/. */
export interface TeamActions {
  createInvite: (input: {
    email: string;
    role: (typeof ROLES)[number];
  }) => Promise<ActionResult<{ url: string; invite: TTeamInvite }>>;
  changeRole: (input: { membershipId: string; role: (typeof ROLES)[number] }) => Promise<ActionResult<unknown>>;
  removeMember: (input: { membershipId: string }) => Promise<ActionResult<unknown>>;
  revokeInvite: (input: { inviteId: string }) => Promise<ActionResult<unknown>>;
}

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

function InviteForm({
  onCreated,
  createInviteAction,
}: {
  onCreated: () => void;
  createInviteAction: TeamActions["createInvite"];
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; email: string } | null>(null);
  return (
    <Card title="Invite a teammate" description="They get a link that works for 7 days. Send it to them yourself.">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const formEl = e.currentTarget;
          const form = new FormData(formEl);
          setBusy(true);
          const data = await runAction(
            () =>
              createInviteAction({
                email: String(form.get("email") ?? ""),
                role: String(form.get("role")) as (typeof ROLES)[number],
              }),
            {
              success: "Invite link created.",
              onFieldErrors: setErrors,
            },
          );
          setBusy(false);
          if (data) {
            setLink({ url: data.url, email: data.invite.email });
            formEl.reset();
            onCreated();
          }
        }}
      >
        <Field id="invite-email" label="Email" error={errors.email} className="flex-1">
          <Input
            id="invite-email"
            name="email"
            type="email"
            invalid={!!errors.email}
            aria-describedby="invite-email-error"
          />
        </Field>
        <Field id="invite-role" label="Role" error={errors.role} className="sm:w-40">
          <Select id="invite-role" name="role" defaultValue="member" options={ROLE_OPTIONS} />
        </Field>
        <Button type="submit" busy={busy} className="sm:mt-6">
          Create invite link
        </Button>
      </form>
      {link ? (
        <div className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
          <p className="font-medium text-emerald-900">Invite link for {link.email} (shown once):</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              data-testid="invite-link"
              className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 text-slate-800"
            >
              {link.url}
            </code>
            <CopyButton value={link.url} label="Copy link" />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

export function TeamManager({
  team,
  canManage,
  currentUserId,
  actions,
}: {
  team: { members: TTeamMember[]; invites: TTeamInvite[] };
  canManage: boolean;
  currentUserId: string;
  actions: TeamActions;
}) {
  const { changeRole: changeRoleAction, removeMember: removeMemberAction, revokeInvite: revokeInviteAction } = actions;
  const router = useRouter();
  const refresh = () => router.refresh();
  return (
    <div className="space-y-6">
      {canManage ? <InviteForm onCreated={refresh} createInviteAction={actions.createInvite} /> : null}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-2 text-base font-semibold">
          Members ({team.members.length})
        </h2>
        <Table caption="Team members">
          <THead>
            <tr>
              <Th>Member</Th>
              <Th>Role</Th>
              <Th>Joined</Th>
              {canManage ? <Th className="text-right">Actions</Th> : null}
            </tr>
          </THead>
          <TBody>
            {team.members.map((m) => (
              <Tr key={m.id} data-testid="member-row">
                <Td>
                  <span className="font-medium">{m.name ?? m.email}</span>
                  {m.name ? <span className="block text-xs text-slate-600">{m.email}</span> : null}
                  {m.userId === currentUserId ? <Badge className="ml-1">You</Badge> : null}
                </Td>
                <Td>
                  {canManage ? (
                    <Select
                      aria-label={`Role of ${m.email}`}
                      defaultValue={m.role}
                      options={ROLE_OPTIONS}
                      className="w-36"
                      onChange={async (e) => {
                        const el = e.currentTarget;
                        const role = el.value as (typeof ROLES)[number];
                        const ok = await runAction(() => changeRoleAction({ membershipId: m.id, role }), {
                          success: `${m.email} is now ${ROLE_LABELS[role]}.`,
                        });
                        if (!ok) el.value = m.role;
                        refresh();
                      }}
                    />
                  ) : (
                    <Badge tone="indigo">{m.role.charAt(0).toUpperCase() + m.role.slice(1)}</Badge>
                  )}
                </Td>
                <Td className="whitespace-nowrap text-slate-600">
                  <DateTime value={m.joinedAt} style="date" />
                </Td>
                {canManage ? (
                  <Td className="text-right">
                    <ConfirmButton
                      size="sm"
                      title={`Remove ${m.email}?`}
                      description="They lose access to this agency's dashboard at once. Their account is kept."
                      confirmLabel="Remove"
                      onConfirm={async () => {
                        await runAction(() => removeMemberAction({ membershipId: m.id }), {
                          success: `${m.email} was removed.`,
                        });
                        refresh();
                      }}
                    >
                      Remove
                    </ConfirmButton>
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      </section>
      {team.invites.length ? (
        <section aria-labelledby="invites-heading">
          <h2 id="invites-heading" className="mb-2 text-base font-semibold">
            Open invites
          </h2>
          <Table caption="Open invites">
            <THead>
              <tr>
                <Th>Email</Th>
                <Th>Role</Th>
                <Th>Expires</Th>
                {canManage ? <Th className="text-right">Actions</Th> : null}
              </tr>
            </THead>
            <TBody>
              {team.invites.map((i) => (
                <Tr key={i.id}>
                  <Td>{i.email}</Td>
                  <Td>{roleName(i.role)}</Td>
                  <Td>{i.expired ? <Badge status="expired" /> : <DateTime value={i.expiresAt} zone />}</Td>
                  {canManage ? (
                    <Td className="text-right">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={async () => {
                          await runAction(() => revokeInviteAction({ inviteId: i.id }), { success: "Invite revoked." });
                          refresh();
                        }}
                      >
                        Revoke
                      </Button>
                    </Td>
                  ) : null}
                </Tr>
              ))}
            </TBody>
          </Table>
        </section>
      ) : null}
    </div>
  );
}
