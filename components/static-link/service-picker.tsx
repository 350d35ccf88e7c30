"use client";
// A simplified catalog picker for the static link's default services: per service a
// checkbox, the role, whether it is optional, and one agency account (plus any required
// extra field). Further account links stored earlier are kept as they are.
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { listCatalog, listPlatforms, type CatalogService } from "@/lib/core/catalog/catalog";
import type { TRequestedService } from "@/lib/core/requests/schemas";

export type PickedServices = Record<string, TRequestedService>;

function firstError(errors: Record<string, string>, prefix: string): string | undefined {
  const key = Object.keys(errors).find((k) => k === prefix || k.startsWith(`${prefix}.`) || k.startsWith(`${prefix}[`));
  return key ? errors[key] : undefined;
}

export interface ServicePickerProps {
  value: PickedServices;
  onChange: (next: PickedServices) => void;
  accounts: SerializedAccount[];
  errors: Record<string, string>;
  disabled?: boolean;
  /** offer only the catalog's read-only roles (prospects, unless the agency allows more) */
  readOnlyOnly?: boolean;
}

export function ServicePicker({ value, onChange, accounts, errors, disabled, readOnlyOnly }: ServicePickerProps) {
  const catalog = listCatalog();
  const set = (id: string, svc: TRequestedService | null) => {
    const next = { ...value };
    if (svc) next[id] = svc;
    else delete next[id];
    onChange(next);
  };
  return (
    <div className="grid items-start gap-4 xl:grid-cols-2">
      {listPlatforms().map((p) => {
        const services = catalog.filter((s) => s.platform === p.id);
        const platformAccounts = accounts.filter((a) => a.platform === p.id && a.status === "connected");
        return (
          <fieldset key={p.id} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{p.name}</legend>
            <div className="space-y-2">
              {services.map((s) => (
                <ServiceRow
                  key={s.id}
                  service={s}
                  picked={value[s.id]}
                  accounts={platformAccounts}
                  error={firstError(errors, `services.${s.id}`)}
                  disabled={disabled}
                  readOnlyOnly={readOnlyOnly}
                  onChange={(svc) => set(s.id, svc)}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

interface ServiceRowProps {
  service: CatalogService;
  picked: TRequestedService | undefined;
  accounts: SerializedAccount[];
  error?: string;
  disabled?: boolean;
  readOnlyOnly?: boolean;
  onChange: (svc: TRequestedService | null) => void;
}

function ServiceRow({ service: s, picked, accounts, error, disabled, readOnlyOnly, onChange }: ServiceRowProps) {
  const roles = readOnlyOnly ? s.roles.filter((r) => r.readOnly) : s.roles;
  // a service with roles but none read-only cannot be offered to prospects (unless already picked, to unpick it)
  const unavailable = readOnlyOnly && s.roles.length > 0 && roles.length === 0;
  const firstLink = picked?.requestedAccountLinks[0];
  const extraFields = s.accountLinkFields.filter((f) => f.required);
  const withLink = (link: Record<string, string> | null): TRequestedService => {
    const rest = picked?.requestedAccountLinks.slice(1) ?? [];
    return { ...picked!, requestedAccountLinks: link ? [link as TRequestedService["requestedAccountLinks"][number], ...rest] : rest };
  };
  return (
    <div className="rounded-md px-1 py-1" data-service={s.id}>
      <Checkbox
        id={`svc-${s.id}`}
        label={s.name}
        hint={unavailable ? "No read-only role" : undefined}
        checked={!!picked}
        disabled={disabled || (unavailable && !picked)}
        onChange={(e) =>
          onChange(
            e.target.checked
              ? { accessLevel: roles[0]?.value, optional: false, requestedAccountLinks: accounts[0] ? [{ internalAccountId: accounts[0].internalAccountId }] : [] }
              : null,
          )
        }
      />
      {picked ? (
        <div className="ml-6 mt-2 grid gap-2 sm:grid-cols-3">
          {s.roles.length ? (
            <Select aria-label={`${s.name} role`} value={picked.accessLevel ?? ""} disabled={disabled} onChange={(e) => onChange({ ...picked, accessLevel: e.target.value })}>
              {(roles.some((r) => r.value === picked.accessLevel) ? roles : s.roles.filter((r) => r.value === picked.accessLevel || r.readOnly || !readOnlyOnly)).map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </Select>
          ) : (
            <span className="self-center text-sm text-slate-600">No role to choose</span>
          )}
          <Select
            aria-label={`${s.name} agency account`}
            value={firstLink?.internalAccountId ?? ""}
            disabled={disabled}
            onChange={(e) => onChange(withLink(e.target.value ? { ...(firstLink ?? {}), internalAccountId: e.target.value } : null))}
          >
            <option value="">No account named</option>
            {accounts.map((a) => (
              <option key={a.internalAccountId} value={a.internalAccountId}>
                {a.displayName ?? a.internalAccountId}
              </option>
            ))}
          </Select>
          <Checkbox
            id={`svc-${s.id}-optional`}
            label="Optional"
            checked={picked.optional}
            disabled={disabled}
            onChange={(e) => onChange({ ...picked, optional: e.target.checked })}
          />
          {firstLink
            ? extraFields.map((f) => (
                <Input
                  key={f.name}
                  aria-label={`${s.name} ${f.name}`}
                  placeholder={f.name}
                  value={(firstLink as Record<string, string | undefined>)[f.name] ?? ""}
                  disabled={disabled}
                  onChange={(e) => onChange(withLink({ ...firstLink, [f.name]: e.target.value }))}
                />
              ))
            : null}
          {picked.requestedAccountLinks.length > 1 ? (
            <span className="text-xs text-slate-600">and {picked.requestedAccountLinks.length - 1} more account link(s), kept</span>
          ) : null}
          {accounts.length === 0 ? (
            <span className="text-xs text-slate-600 sm:col-span-3">No connected {s.platform} account: the client is not told which account to add.</span>
          ) : null}
        </div>
      ) : null}
      <FieldError message={error} />
    </div>
  );
}
