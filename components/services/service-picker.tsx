"use client";
// The one service picker of the dashboard (new request, request editor, static link): the
// catalog grouped by platform; per chosen service the role (checkboxes building the bracketed
// list for multi-role services), optional, and which of the agency's connected accounts get
// access, with the service's extra link fields. Its value is the API's `requestedServices`
// shape, so a page sends it as it is and a stored value comes back unchanged (the request
// editor relies on that: a service left alone keeps its progress).
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { listCatalog, listPlatforms, type CatalogService } from "@/lib/core/catalog/catalog";
import { defaultRole } from "@/lib/core/catalog/default-role";
import type { TRequestedService } from "@/lib/core/requests/schemas";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { ServiceAccounts } from "@/components/services/service-accounts";

/** serviceId → what is asked of it, as the API takes it. */
export type PickedServices = Record<string, TRequestedService>;

/** The roles in an accessLevel: one value, or the bracketed list of a multi-role service. */
export function rolesOf(accessLevel: string | undefined): string[] {
  if (!accessLevel) return [];
  return accessLevel
    .replace(/^\[|\]$/g, "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
}

/** The accessLevel for chosen roles, in the catalog's order. */
export function accessLevelOf(s: CatalogService, roles: string[]): string | undefined {
  const ordered = s.roles.map((r) => r.value).filter((v) => roles.includes(v));
  if (ordered.length === 0) return undefined;
  return s.multiRole && ordered.length > 1 ? `[${ordered.join(",")}]` : ordered[0];
}

/** What a service asks when first ticked: the least-privileged usual role and the obvious account, if there is one. */
export function defaultPick(s: CatalogService, accounts: SerializedAccount[], readOnlyOnly = false): TRequestedService {
  const onPlatform = accounts.filter((a) => a.platform === s.platform);
  const preferred = onPlatform.filter((a) => a.services.includes(s.id));
  const pick = preferred.length === 1 ? preferred : onPlatform.length === 1 ? onPlatform : [];
  const role = readOnlyOnly ? s.roles.find((r) => r.readOnly) : defaultRole(s.roles);
  return {
    ...(role ? { accessLevel: role.value } : {}),
    optional: false,
    requestedAccountLinks: pick.map((a) => ({ internalAccountId: a.internalAccountId })),
  };
}

function errorsFor(errors: Record<string, string>, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`) || k.startsWith(`${prefix}[`))
    .map(([k, v]) => {
      const rest = k.slice(prefix.length).replace(/^\./, "");
      return rest ? `${rest}: ${v}` : v;
    });
}

export interface ServicePickerProps {
  value: PickedServices;
  onChange: (next: PickedServices) => void;
  /** the agency's connected accounts */
  accounts: SerializedAccount[];
  /** field errors from the server, keyed by path */
  errors: Record<string, string>;
  /** the body field the services are sent in, which prefixes their error paths */
  errorPath?: string;
  disabled?: boolean;
  /** offer only the catalog's read-only roles (the static link's prospects, unless the agency allows more) */
  readOnlyOnly?: boolean;
  /** show every platform opened instead of only those with a chosen service */
  expanded?: boolean;
}

export function ServicePicker({ value, onChange, accounts, errors, errorPath = "requestedServices", disabled, readOnlyOnly, expanded }: ServicePickerProps) {
  const catalog = listCatalog();
  const connected = accounts.filter((a) => a.status === "connected");
  const set = (id: string, svc: TRequestedService | null) => {
    const next = { ...value };
    if (svc) next[id] = svc;
    else delete next[id];
    onChange(next);
  };
  return (
    <div className="space-y-3">
      {listPlatforms().map((p) => {
        const services = catalog.filter((s) => s.platform === p.id);
        if (services.length === 0) return null;
        const onPlatform = connected.filter((a) => a.platform === p.id);
        const chosen = services.filter((s) => value[s.id]).length;
        return (
          <details key={p.id} className="rounded-lg border border-slate-200 bg-white" open={expanded || chosen > 0 || undefined}>
            <summary className="cursor-pointer select-none px-3 py-2 text-sm font-semibold">
              {p.name}
              {chosen ? <span className="ml-2 font-normal text-indigo-700">{chosen} selected</span> : null}
              {onPlatform.length === 0 ? <span className="ml-2 font-normal text-slate-600">· no connected account</span> : null}
            </summary>
            <div className="space-y-3 border-t border-slate-100 px-3 py-3">
              {services.map((s) => (
                <ServiceRow
                  key={s.id}
                  service={s}
                  platformName={p.name}
                  picked={value[s.id]}
                  accounts={onPlatform}
                  errors={errorsFor(errors, `${errorPath}.${s.id}`)}
                  disabled={disabled}
                  readOnlyOnly={readOnlyOnly}
                  onChange={(svc) => set(s.id, svc)}
                />
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

interface ServiceRowProps {
  service: CatalogService;
  platformName: string;
  picked: TRequestedService | undefined;
  accounts: SerializedAccount[];
  errors: string[];
  disabled?: boolean;
  readOnlyOnly?: boolean;
  onChange: (svc: TRequestedService | null) => void;
}

function ServiceRow({ service: s, platformName, picked, accounts, errors, disabled, readOnlyOnly, onChange }: ServiceRowProps) {
  const offered = readOnlyOnly ? s.roles.filter((r) => r.readOnly) : s.roles;
  // a service with roles but none read-only cannot be offered to prospects (unless already picked, to unpick it)
  const unavailable = !!readOnlyOnly && s.roles.length > 0 && offered.length === 0;
  const roles = picked ? rolesOf(picked.accessLevel) : [];
  // a role stored earlier stays visible even when it is no longer offered
  const shown = s.roles.filter((r) => offered.includes(r) || roles.includes(r.value));
  const hint = unavailable ? "No read-only role" : s.grantMethod === "manual" ? "The client follows short instructions; you confirm it." : undefined;
  return (
    <div className="rounded-md border border-transparent" data-service={s.id}>
      <Checkbox
        id={`svc-${s.id}`}
        label={s.name}
        hint={hint}
        checked={!!picked}
        disabled={disabled || (unavailable && !picked)}
        onChange={(e) => onChange(e.target.checked ? defaultPick(s, accounts, readOnlyOnly) : null)}
      />
      {picked ? (
        <div className="ml-6 mt-2 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
          {s.roles.length === 0 ? (
            <p className="text-sm text-slate-600">No role to choose for this service.</p>
          ) : s.multiRole ? (
            <fieldset>
              <legend className="mb-1 text-sm font-medium">
                <span className="sr-only">{s.name} </span>Roles
              </legend>
              <div className="space-y-1">
                {shown.map((r) => (
                  <Checkbox
                    key={r.value}
                    id={`svc-${s.id}-role-${r.value}`}
                    label={r.label}
                    checked={roles.includes(r.value)}
                    disabled={disabled}
                    onChange={(e) => {
                      const next = e.target.checked ? [...roles, r.value] : roles.filter((v) => v !== r.value);
                      const { accessLevel: _old, ...rest } = picked;
                      const accessLevel = accessLevelOf(s, next);
                      onChange(accessLevel ? { ...rest, accessLevel } : rest);
                    }}
                  />
                ))}
              </div>
            </fieldset>
          ) : (
            <div>
              <Label htmlFor={`svc-${s.id}-role`}>
                <span className="sr-only">{s.name} </span>Role
              </Label>
              <Select
                id={`svc-${s.id}-role`}
                value={picked.accessLevel ?? ""}
                disabled={disabled}
                onChange={(e) => onChange({ ...picked, accessLevel: e.target.value })}
                options={shown.map((r) => ({ value: r.value, label: r.label }))}
              />
            </div>
          )}
          <Checkbox
            id={`svc-${s.id}-optional`}
            label="Optional"
            hint="The client may skip it."
            checked={picked.optional}
            disabled={disabled}
            onChange={(e) => onChange({ ...picked, optional: e.target.checked })}
          />
          <ServiceAccounts
            service={s}
            platformName={platformName}
            accounts={accounts}
            links={picked.requestedAccountLinks}
            disabled={disabled}
            onChange={(requestedAccountLinks) => onChange({ ...picked, requestedAccountLinks })}
          />
        </div>
      ) : null}
      {errors.map((m) => (
        <FieldError key={m} message={m} />
      ))}
    </div>
  );
}
