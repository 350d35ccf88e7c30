"use client";
// The one service picker of the dashboard (new request, request editor, static link): the
// catalog grouped by platform, each with its mark, and a search box that narrows it to the
// matching services (lib/surfaces/dashboard/services/group-catalog.ts); per chosen service the role (checkboxes building the bracketed
// list for multi-role services), optional, and which of the agency's connected accounts get
// access, with the service's extra link fields. Its value is the API's `requestedServices`
// shape, so a page sends it as it is and a stored value comes back unchanged (the request
// editor relies on that: a service left alone keeps its progress).
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { useId, useState } from "react";
import { getCatalogService, type CatalogService } from "@/lib/core/catalog/catalog";
import { groupCatalog } from "@/lib/surfaces/dashboard/services/group-catalog";
import { defaultRole } from "@/lib/core/catalog/default-role";
import type { TRequestedService } from "@/lib/core/requests/schemas";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PlatformLogo } from "@/components/ui/platform-logo";
import { Select } from "@/components/ui/select";
import { ServiceAccounts } from "@/components/services/service-accounts";

/** The search box's example: a few services as the catalog names them. */
const SEARCH_EXAMPLE = `${["google_ads", "mailchimp_account", "wix_site"].map((id) => getCatalogService(id)?.name).join(", ")}...`;

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
  /** also open the platforms the agency has a connected account on, not only those with a chosen service */
  expanded?: boolean;
}

export function ServicePicker({
  value,
  onChange,
  accounts,
  errors,
  errorPath = "requestedServices",
  disabled,
  readOnlyOnly,
  expanded,
}: ServicePickerProps) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const searching = query.trim().length > 0;
  const connected = accounts.filter((a) => a.status === "connected");
  // the platforms the agency has an account on first: those are the ones it can ask for
  const usable = new Set(connected.map((a) => a.platform));
  const groups = groupCatalog(query).sort(
    (x, y) => Number(usable.has(y.platform.id)) - Number(usable.has(x.platform.id)),
  );
  const chosenCount = Object.keys(value).length;
  const set = (id: string, svc: TRequestedService | null) => {
    const next = { ...value };
    if (svc) next[id] = svc;
    else delete next[id];
    onChange(next);
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <Label htmlFor={searchId} className="shrink-0 sm:mb-0">
          Search services
        </Label>
        <Input
          id={searchId}
          type="search"
          value={query}
          placeholder={SEARCH_EXAMPLE}
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter in the search box must not submit the surrounding form
            if (e.key === "Enter") e.preventDefault();
          }}
        />
      </div>
      <p className="text-sm text-slate-600 empty:hidden" aria-live="polite" data-testid="service-picker-status">
        {searching
          ? groups.length === 0
            ? `No service matches "${query.trim()}".`
            : `${groups.reduce((n, g) => n + g.services.length, 0)} matching on ${groups.length} ${groups.length === 1 ? "platform" : "platforms"}.`
          : null}
        {searching && chosenCount > 0 ? ` ${chosenCount} selected in all.` : null}
      </p>
      {groups.map(({ platform: p, services }) => {
        const onPlatform = connected.filter((a) => a.platform === p.id);
        const chosen = services.filter((s) => value[s.id]).length;
        const open = searching || chosen > 0 || (expanded && onPlatform.length > 0);
        return (
          <details
            key={`${p.id}-${searching ? "search" : "all"}`}
            className="rounded-lg border border-slate-200 bg-white"
            open={open || undefined}
            data-platform={p.id}
          >
            <summary className="flex cursor-pointer select-none flex-wrap items-center gap-x-2 gap-y-0.5 px-3 py-2 text-sm">
              <PlatformLogo platform={p.id} />
              <span className="font-semibold">{p.name}</span>
              <span className="text-slate-600">
                {services.length} {services.length === 1 ? "service" : "services"}
              </span>
              {chosen ? <span className="text-indigo-700">· {chosen} selected</span> : null}
              {onPlatform.length === 0 ? <span className="text-slate-600">· no connected account</span> : null}
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

function ServiceRow({
  service: s,
  platformName,
  picked,
  accounts,
  errors,
  disabled,
  readOnlyOnly,
  onChange,
}: ServiceRowProps) {
  const offered = readOnlyOnly ? s.roles.filter((r) => r.readOnly) : s.roles;
  // a service with roles but none read-only cannot be offered to prospects (unless already picked, to unpick it)
  const unavailable = !!readOnlyOnly && s.roles.length > 0 && offered.length === 0;
  const roles = picked ? rolesOf(picked.accessLevel) : [];
  // a role stored earlier stays visible even when it is no longer offered
  const shown = s.roles.filter((r) => offered.includes(r) || roles.includes(r.value));
  const hint = unavailable
    ? "No read-only role"
    : s.grantMethod === "manual"
      ? "The client follows short instructions; you confirm it."
      : undefined;
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
