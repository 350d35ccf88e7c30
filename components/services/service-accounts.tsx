"use client";
// The service picker's "accounts that get access": one checkbox per connected agency account
// on the platform, with the service's extra link fields under a ticked one. Links to accounts
// not offered here (disconnected since) are kept as they are and counted.
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { needsAgencyAccount, needsAgencyBusinessId, type CatalogService } from "@/lib/core/catalog/catalog";
import type { TRequestedService } from "@/lib/core/requests/schemas";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type TLink = TRequestedService["requestedAccountLinks"][number];

const FIELD_LABELS: Record<string, string> = {
  adsMccAccountId: "Manager (MCC) account ID",
  businessManagerId: "Business manager ID",
};

export interface ServiceAccountsProps {
  service: CatalogService;
  platformName: string;
  /** the connected accounts on the service's platform */
  accounts: SerializedAccount[];
  links: TLink[];
  disabled?: boolean;
  onChange: (links: TLink[]) => void;
}

export function ServiceAccounts({
  service: s,
  platformName,
  accounts,
  links,
  disabled,
  onChange,
}: ServiceAccountsProps) {
  const offered = new Set(accounts.map((a) => a.internalAccountId));
  const kept = links.filter((l) => !offered.has(l.internalAccountId)).length;
  const setField = (link: TLink, field: string, v: string) => {
    const next: Record<string, string> = { ...(link as Record<string, string>) };
    // an emptied field is left out: the API takes 1-255 characters or nothing
    if (v === "") delete next[field];
    else next[field] = v;
    onChange(links.map((l) => (l === link ? (next as TLink) : l)));
  };
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">
        <span className="sr-only">{s.name}: </span>Your accounts that get access
      </legend>
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-600">
          {needsAgencyBusinessId(s)
            ? `No connected ${platformName} account: this service needs one with a Business ID, since the client's steps enter it.`
            : needsAgencyAccount(s)
              ? `No connected ${platformName} account: this service needs one, since the client's steps name it.`
              : `No connected ${platformName} account: the client is not told which account to add.`}{" "}
          <a className="text-indigo-700 underline" href="/dashboard/accounts">
            Connect one
          </a>
          .
        </p>
      ) : (
        <div className="space-y-2">
          {accounts.map((a) => {
            const link = links.find((l) => l.internalAccountId === a.internalAccountId);
            return (
              <div key={a.internalAccountId}>
                <Checkbox
                  id={`svc-${s.id}-acc-${a.internalAccountId}`}
                  label={a.displayName ?? a.email ?? `${a.platform} account`}
                  hint={a.displayName && a.email ? a.email : undefined}
                  checked={!!link}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(
                      e.target.checked
                        ? [...links, { internalAccountId: a.internalAccountId }]
                        : links.filter((l) => l.internalAccountId !== a.internalAccountId),
                    )
                  }
                />
                {needsAgencyBusinessId(s) &&
                !a.business &&
                !(link as Record<string, string> | undefined)?.businessManagerId ? (
                  <p className="ml-6 mt-1 text-xs text-amber-800" data-needs-business-id={a.internalAccountId}>
                    This account has no Business ID, which the client&apos;s steps enter: give the agency&apos;s
                    Business manager ID below, or connect the {platformName} account with its business.
                  </p>
                ) : null}
                {link && s.accountLinkFields.length ? (
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
                            value={(link as Record<string, string | undefined>)[f.name] ?? ""}
                            disabled={disabled}
                            onChange={(e) => setField(link, f.name, e.target.value)}
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
      {kept ? (
        <p className="mt-1 text-xs text-slate-600">
          and {kept} more account link(s) to accounts not connected now, kept
        </p>
      ) : null}
    </fieldset>
  );
}
