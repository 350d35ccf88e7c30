"use client";
// Per connected Meta Business Manager or TikTok Business Center: which of the agency's people
// receive assets clients newly share with it, and with which role (least privilege by
// default). The people are read from the platform with the account's own sign-in; where that
// is not possible the agency enters the person's platform id and name.
import { useState } from "react";
import { useAccounts } from "@/components/accounts/use-accounts";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  ASSIGNABLE_ROLES,
  ASSIGNING_PLATFORM_NAMES,
  manualPersonKind,
  peopleBusinessName,
  defaultRole,
  type AgencyPeopleList,
  type TAssignee,
} from "@/lib/core/accounts/assignee-rules";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export interface AccountPeopleActions {
  listPeople: (input: { internalAccountId: string }) => Promise<ActionResult<AgencyPeopleList>>;
  save: (input: {
    internalAccountId: string;
    assignees: TAssignee[];
  }) => Promise<ActionResult<{ internalAccountId: string; assignees: TAssignee[] }>>;
}

const NOT_ASSIGNED = "";
const KIND_LABEL: Record<TAssignee["kind"], string> = {
  business_user: "Person",
  system_user: "System user",
  member: "Member",
};

function roleOptions(serviceId: string) {
  const roles = getCatalogService(serviceId)?.roles ?? [];
  const order = Object.values(ASSIGNABLE_ROLES).find((s) => s[serviceId])?.[serviceId] ?? [];
  return [
    { value: NOT_ASSIGNED, label: "Not given" },
    ...[...order].reverse().map((v) => ({ value: v, label: roles.find((r) => r.value === v)?.label ?? v })),
  ];
}

function withDefaults(platform: string, person: Omit<TAssignee, "roles">): TAssignee {
  const services = Object.keys(ASSIGNABLE_ROLES[platform] ?? {});
  return { ...person, roles: Object.fromEntries(services.map((s) => [s, defaultRole(s)!])) };
}

function AccountPeople({
  account,
  initial,
  canWrite,
  actions,
}: {
  account: SerializedAccount;
  initial: TAssignee[];
  canWrite: boolean;
  actions: AccountPeopleActions;
}) {
  const platformName = getPlatform(account.platform)?.name ?? account.platform;
  const services = Object.keys(ASSIGNABLE_ROLES[account.platform] ?? {});
  const [assignees, setAssignees] = useState<TAssignee[]>(initial);
  const [people, setPeople] = useState<AgencyPeopleList | null>(null);
  const [picked, setPicked] = useState("");
  const [manualId, setManualId] = useState("");
  const [manualName, setManualName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const idBase = `people-${account.internalAccountId}`;
  const where = peopleBusinessName(account.platform);

  const load = async () => {
    setBusy(true);
    const list = await runAction(() => actions.listPeople({ internalAccountId: account.internalAccountId }));
    if (list) setPeople(list);
    setBusy(false);
  };
  const add = (person: Omit<TAssignee, "roles">) => {
    if (assignees.some((a) => a.id === person.id)) return;
    setAssignees([...assignees, withDefaults(account.platform, person)]);
  };
  const save = async () => {
    setBusy(true);
    const fieldErrors: Record<string, string> = {};
    await runAction(() => actions.save({ internalAccountId: account.internalAccountId, assignees }), {
      success: "Saved: these people receive newly shared access.",
      onFieldErrors: (e) => Object.assign(fieldErrors, e),
    });
    setErrors(fieldErrors);
    setBusy(false);
  };
  const candidates = people?.ok ? people.people.filter((p) => !assignees.some((a) => a.id === p.id)) : [];

  return (
    <Card
      title={`${account.business?.name ?? account.displayName ?? platformName} (${platformName})`}
      description={`When a client shares access (${services.map((s) => getCatalogService(s)?.name ?? s).join(", ")}) with this ${where}, these people are given it with their role.`}
    >
      <div className="space-y-4" data-testid="account-people" data-account={account.internalAccountId}>
        {assignees.length === 0 ? (
          <p className="text-sm text-slate-600">
            No one yet: shared access stays with the {where} until someone assigns it.
          </p>
        ) : (
          <ul className="space-y-3">
            {assignees.map((a, i) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    {a.name} <span className="text-xs font-normal text-slate-600">{KIND_LABEL[a.kind]}</span>
                  </p>
                  {canWrite ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setAssignees(assignees.filter((x) => x.id !== a.id))}
                    >
                      Remove {a.name}
                    </Button>
                  ) : null}
                </div>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  {services.map((s) => (
                    <Field
                      key={s}
                      id={`${idBase}-${i}-${s}`}
                      label={`Role on a new ${getCatalogService(s)?.name ?? s}`}
                      error={errors[`assignees[${i}].roles.${s}`]}
                    >
                      <Select
                        id={`${idBase}-${i}-${s}`}
                        disabled={!canWrite}
                        value={a.roles[s] ?? NOT_ASSIGNED}
                        options={roleOptions(s)}
                        onChange={(e) => {
                          const roles = { ...a.roles };
                          if (e.target.value === NOT_ASSIGNED) delete roles[s];
                          else roles[s] = e.target.value;
                          setAssignees(assignees.map((x) => (x.id === a.id ? { ...x, roles } : x)));
                        }}
                      />
                    </Field>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}

        {canWrite ? (
          <div className="space-y-3 border-t border-slate-100 pt-3">
            {people === null ? (
              <div>
                <Button variant="secondary" size="sm" disabled={busy} onClick={load}>
                  Choose people from {platformName}
                </Button>
              </div>
            ) : people.ok ? (
              candidates.length > 0 ? (
                <div className="flex flex-wrap items-end gap-2">
                  <Field id={`${idBase}-pick`} label={`People in your ${where}`} className="min-w-0 flex-1">
                    <Select
                      id={`${idBase}-pick`}
                      value={picked}
                      onChange={(e) => setPicked(e.target.value)}
                      options={[
                        { value: "", label: "Choose a person" },
                        ...candidates.map((p) => ({
                          value: p.id,
                          label: `${p.name}${p.email ? ` (${p.email})` : ""} · ${KIND_LABEL[p.kind]}`,
                        })),
                      ]}
                    />
                  </Field>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!picked}
                    onClick={() => {
                      const p = candidates.find((c) => c.id === picked);
                      if (p) add({ id: p.id, name: p.name, kind: p.kind });
                      setPicked("");
                    }}
                  >
                    Add
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-slate-600">Everyone in your {where} is on the list.</p>
              )
            ) : (
              <p className="text-sm text-slate-700" role="status">
                {platformName} did not list your people: {people.reason} Enter the person&apos;s {platformName} user id
                instead.
              </p>
            )}
            {people !== null && !people.ok ? (
              <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <Field id={`${idBase}-manual-id`} label={`${platformName} user id`}>
                  <Input
                    id={`${idBase}-manual-id`}
                    inputMode="numeric"
                    value={manualId}
                    onChange={(e) => setManualId(e.target.value.trim())}
                  />
                </Field>
                <Field id={`${idBase}-manual-name`} label="Name">
                  <Input
                    id={`${idBase}-manual-name`}
                    value={manualName}
                    onChange={(e) => setManualName(e.target.value)}
                  />
                </Field>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!/^\d{1,30}$/.test(manualId) || !manualName.trim()}
                  onClick={() => {
                    add({
                      id: manualId,
                      name: manualName.trim(),
                      kind: manualPersonKind(account.platform),
                    });
                    setManualId("");
                    setManualName("");
                  }}
                >
                  Add
                </Button>
              </div>
            ) : null}
            <Button size="sm" disabled={busy} onClick={save}>
              Save people
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

export function AccountPeoplePanel({
  accounts,
  assignees,
  canWrite,
  actions,
}: {
  accounts: SerializedAccount[];
  assignees: Record<string, TAssignee[]>;
  canWrite: boolean;
  actions: AccountPeopleActions;
}) {
  const { data: live = accounts } = useAccounts(accounts);
  const eligible = live.filter((a) => a.status === "connected" && ASSIGNABLE_ROLES[a.platform] && a.business);
  if (eligible.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="account-people-heading">
      <div>
        <h2 id="account-people-heading" className="text-lg font-semibold text-slate-900">
          Who receives newly shared access
        </h2>
        <p className="text-sm text-slate-600">
          {ASSIGNING_PLATFORM_NAMES} share a client&apos;s assets with your business, not with a person. Choose who is
          then given each asset, and with which role; the least access is chosen for you.
        </p>
      </div>
      {eligible.map((a) => (
        <AccountPeople
          key={a.internalAccountId}
          account={a}
          initial={assignees[a.internalAccountId] ?? []}
          canWrite={canWrite}
          actions={actions}
        />
      ))}
    </section>
  );
}
