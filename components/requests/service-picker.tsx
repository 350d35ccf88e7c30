"use client";
// Picks services for a new request, grouped by platform: the role (checkboxes building the
// bracketed list for multi-role services), optional, and which of the agency's connected
// accounts on that platform get access (with the service's extra link fields).
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import type { TRequestedService } from "@/lib/core/requests/schemas";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";

export interface CatalogServiceOption {
  id: string;
  platform: string;
  platformName: string;
  name: string;
  roles: { value: string; label: string; readOnly: boolean }[];
  multiRole: boolean;
  accountLinkFields: { name: string; required: boolean }[];
  manual: boolean;
}

export interface ServiceSelection {
  roles: string[];
  optional: boolean;
  /** internalAccountId → extra link fields */
  accounts: Record<string, Record<string, string>>;
}

const FIELD_LABELS: Record<string, string> = { adsMccAccountId: "Manager (MCC) account ID", businessManagerId: "Business manager ID" };

export function defaultSelection(s: CatalogServiceOption, accounts: SerializedAccount[]): ServiceSelection {
  const onPlatform = accounts.filter((a) => a.platform === s.platform);
  const preferred = onPlatform.filter((a) => a.services.includes(s.id));
  const pick = preferred.length === 1 ? preferred : onPlatform.length === 1 ? onPlatform : [];
  return { roles: s.roles.length ? [s.roles[0]!.value] : [], optional: false, accounts: Object.fromEntries(pick.map((a) => [a.internalAccountId, {}])) };
}

/** The API's requestedServices entry for one selection. */
export function toRequestedService(s: CatalogServiceOption, sel: ServiceSelection): Partial<TRequestedService> {
  const roles = s.roles.map((r) => r.value).filter((v) => sel.roles.includes(v));
  const accessLevel = roles.length === 0 ? undefined : s.multiRole && roles.length > 1 ? `[${roles.join(",")}]` : roles[0];
  return {
    ...(accessLevel !== undefined ? { accessLevel } : {}),
    optional: sel.optional,
    requestedAccountLinks: Object.entries(sel.accounts).map(([internalAccountId, extra]) => ({
      internalAccountId,
      ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v.trim() !== "")),
    })),
  };
}

function errorsFor(errors: Record<string, string>, serviceId: string): string[] {
  const prefix = `requestedServices.${serviceId}`;
  return Object.entries(errors)
    .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
    .map(([k, v]) => {
      const rest = k.slice(prefix.length).replace(/^\./, "");
      return rest ? `${rest}: ${v}` : v;
    });
}

export function ServicePicker({
  catalog,
  accounts,
  value,
  onChange,
  errors,
}: {
  catalog: CatalogServiceOption[];
  accounts: SerializedAccount[];
  value: Record<string, ServiceSelection>;
  onChange: (next: Record<string, ServiceSelection>) => void;
  errors: Record<string, string>;
}) {
  const platforms = [...new Map(catalog.map((s) => [s.platform, s.platformName])).entries()];
  const set = (id: string, sel: ServiceSelection | null) => {
    const next = { ...value };
    if (sel) next[id] = sel;
    else delete next[id];
    onChange(next);
  };
  return (
    <div className="space-y-3">
      {platforms.map(([platform, platformName]) => {
        const services = catalog.filter((s) => s.platform === platform);
        const onPlatform = accounts.filter((a) => a.platform === platform);
        const chosen = services.filter((s) => value[s.id]).length;
        return (
          <details key={platform} className="rounded-lg border border-slate-200 bg-white" open={chosen > 0 || undefined}>
            <summary className="cursor-pointer select-none px-3 py-2 text-sm font-semibold">
              {platformName}
              {chosen ? <span className="ml-2 font-normal text-indigo-700">{chosen} selected</span> : null}
              {onPlatform.length === 0 ? <span className="ml-2 font-normal text-slate-600">· no connected account</span> : null}
            </summary>
            <div className="space-y-3 border-t border-slate-100 px-3 py-3">
              {services.map((s) => {
                const sel = value[s.id];
                const errs = errorsFor(errors, s.id);
                return (
                  <div key={s.id} className="rounded-md border border-transparent" data-service={s.id}>
                    <Checkbox
                      id={`svc-${s.id}`}
                      label={s.name}
                      hint={s.manual ? "The client follows short instructions; you confirm it." : undefined}
                      checked={!!sel}
                      onChange={(e) => set(s.id, e.target.checked ? defaultSelection(s, accounts) : null)}
                    />
                    {sel ? (
                      <div className="ml-6 mt-2 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
                        {s.roles.length ? (
                          s.multiRole ? (
                            <fieldset>
                              <legend className="mb-1 text-sm font-medium">Roles</legend>
                              <div className="space-y-1">
                                {s.roles.map((r) => (
                                  <Checkbox
                                    key={r.value}
                                    id={`svc-${s.id}-role-${r.value}`}
                                    label={r.label}
                                    checked={sel.roles.includes(r.value)}
                                    onChange={(e) => set(s.id, { ...sel, roles: e.target.checked ? [...sel.roles, r.value] : sel.roles.filter((v) => v !== r.value) })}
                                  />
                                ))}
                              </div>
                            </fieldset>
                          ) : (
                            <div>
                              <Label htmlFor={`svc-${s.id}-role`}>Role</Label>
                              <Select
                                id={`svc-${s.id}-role`}
                                value={sel.roles[0] ?? ""}
                                onChange={(e) => set(s.id, { ...sel, roles: [e.target.value] })}
                                options={s.roles.map((r) => ({ value: r.value, label: r.label }))}
                              />
                            </div>
                          )
                        ) : (
                          <p className="text-sm text-slate-600">No role to choose for this service.</p>
                        )}
                        <Checkbox
                          id={`svc-${s.id}-optional`}
                          label="Optional"
                          hint="The client may skip it."
                          checked={sel.optional}
                          onChange={(e) => set(s.id, { ...sel, optional: e.target.checked })}
                        />
                        <fieldset className="sm:col-span-2">
                          <legend className="mb-1 text-sm font-medium">Your accounts that get access</legend>
                          {onPlatform.length === 0 ? (
                            <p className="text-sm text-slate-600">
                              No connected {platformName} account.{" "}
                              <a className="text-indigo-700 underline" href="/dashboard/accounts">
                                Connect one
                              </a>
                              .
                            </p>
                          ) : (
                            <div className="space-y-2">
                              {onPlatform.map((a) => {
                                const linked = sel.accounts[a.internalAccountId];
                                return (
                                  <div key={a.internalAccountId}>
                                    <Checkbox
                                      id={`svc-${s.id}-acc-${a.internalAccountId}`}
                                      label={a.displayName ?? a.email ?? a.internalAccountId}
                                      hint={a.internalAccountId}
                                      checked={!!linked}
                                      onChange={(e) => {
                                        const accs = { ...sel.accounts };
                                        if (e.target.checked) accs[a.internalAccountId] = {};
                                        else delete accs[a.internalAccountId];
                                        set(s.id, { ...sel, accounts: accs });
                                      }}
                                    />
                                    {linked && s.accountLinkFields.length ? (
                                      <div className="ml-6 mt-1 grid gap-2 sm:grid-cols-2">
                                        {s.accountLinkFields.map((f) => {
                                          const fid = `svc-${s.id}-acc-${a.internalAccountId}-${f.name}`;
                                          return (
                                            <div key={f.name}>
                                              <Label htmlFor={fid} optional={!f.required}>
                                                {FIELD_LABELS[f.name] ?? f.name}
                                              </Label>
                                              <Input
                                                id={fid}
                                                value={linked[f.name] ?? ""}
                                                onChange={(e) =>
                                                  set(s.id, { ...sel, accounts: { ...sel.accounts, [a.internalAccountId]: { ...linked, [f.name]: e.target.value } } })
                                                }
                                              />
                                            </div>
                                          );
                                        })}
                                      </div>
                                    ) : null}
                                  </div>
                                );
                              })}
                            </div>
                          )}
                        </fieldset>
                      </div>
                    ) : null}
                    {errs.map((m) => (
                      <FieldError key={m} message={m} />
                    ))}
                  </div>
                );
              })}
            </div>
          </details>
        );
      })}
    </div>
  );
}
