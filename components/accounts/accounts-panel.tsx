"use client";
// The connected accounts page body: every account with its status and the services it can
// receive, a disconnect button, and the form that connects a new one.
import type { z } from "zod";
import { ConnectAccountForm, type ConnectModes } from "@/components/accounts/connect-account-form";
import { useAccounts, useInvalidateAccounts } from "@/components/accounts/use-accounts";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { ZConnectAccountBody } from "@/lib/core/accounts/connect-account-from-dashboard";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import type { AccountHealth } from "@/lib/core/accounts/check-agency-tokens";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { getCatalogService, getPlatform } from "@/lib/core/catalog/catalog";
import { DateTime } from "@/components/ui/date-time";

export function serviceName(id: string): string {
  return getCatalogService(id)?.name ?? id;
}

/** The page's server actions, passed in so this component never imports from app/. */
export interface AccountActions {
  connect: (input: z.input<typeof ZConnectAccountBody>) => Promise<ActionResult<SerializedAccount>>;
  disconnect: (input: { internalAccountId: string }) => Promise<ActionResult<SerializedAccount>>;
}

export interface AccountsPanelProps {
  initialAccounts: SerializedAccount[];
  canWrite: boolean;
  modes: ConnectModes;
  actions: AccountActions;
  /** accounts whose stored platform token expired or was revoked (the access checks flag them) */
  needsReconnect?: string[];
  /** each connection's stored sign-in: expiry, last renewal, why it must be reconnected */
  health?: AccountHealth[];
}

export function AccountsPanel({
  initialAccounts,
  canWrite,
  modes,
  actions,
  needsReconnect = [],
  health = [],
}: AccountsPanelProps) {
  const healthOf = new Map(health.map((h) => [h.internalAccountId, h]));
  const { data: accounts = [] } = useAccounts(initialAccounts);
  const invalidate = useInvalidateAccounts();

  return (
    <div className="space-y-6">
      {accounts.length === 0 ? (
        <EmptyState
          title="No connected accounts yet"
          description="Connect the agency's own account on each platform; requests name it as the account that receives access."
        />
      ) : (
        <Table caption="Connected accounts">
          <THead>
            <tr>
              <Th>Account</Th>
              <Th>Platform</Th>
              <Th>Can receive</Th>
              <Th>Status</Th>
              <Th>Linked</Th>
              {canWrite ? <Th className="text-right">Actions</Th> : null}
            </tr>
          </THead>
          <TBody>
            {accounts.map((a) => (
              <Tr key={a.internalAccountId} data-account={a.internalAccountId}>
                <Td>
                  <div className="font-medium text-slate-900">{a.displayName ?? "Unnamed account"}</div>
                  <div className="text-xs text-slate-600">
                    {[
                      a.email,
                      a.platformAccountId ? `ID ${a.platformAccountId}` : null,
                      a.business ? `Business ${a.business.name ?? a.business.id}` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </div>
                  {/* the API's name for the account, for integrators: folded away from everyone else */}
                  <details className="text-xs text-slate-600">
                    <summary className="cursor-pointer">ID for the API</summary>
                    <code translate="no">{a.internalAccountId}</code>
                  </details>
                </Td>
                <Td>{getPlatform(a.platform)?.name ?? a.platform}</Td>
                <Td>
                  <ul className="flex max-w-md flex-wrap gap-1">
                    {a.services.map((s) => (
                      <li key={s} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                        {serviceName(s)}
                      </li>
                    ))}
                  </ul>
                </Td>
                <Td>
                  <Badge status={a.status} />
                  {a.status === "connected" && needsReconnect.includes(a.internalAccountId) ? (
                    <div className="mt-1 space-y-1" data-testid="needs-reconnect">
                      <Badge tone="red">Sign-in expired</Badge>
                      {healthOf.get(a.internalAccountId)?.reconnect?.reason ? (
                        <p className="max-w-xs text-xs text-slate-600">
                          {healthOf.get(a.internalAccountId)!.reconnect!.reason}
                        </p>
                      ) : null}
                      {canWrite && modes[a.platform] === "live" ? (
                        <a
                          href={`/api/dashboard/accounts/connect/${a.platform}`}
                          className="block text-xs font-medium text-indigo-700 underline"
                        >
                          Reconnect
                        </a>
                      ) : null}
                    </div>
                  ) : null}
                  {a.status === "connected" ? <SignInHealth health={healthOf.get(a.internalAccountId)} /> : null}
                </Td>
                <Td className="whitespace-nowrap text-slate-600">
                  <DateTime value={a.linkedAt} style="date" />
                </Td>
                {canWrite ? (
                  <Td className="text-right">
                    {a.status === "connected" ? (
                      <ConfirmButton
                        size="sm"
                        title={`Disconnect ${a.displayName ?? "this account"}?`}
                        description="New requests can no longer name it. Requests that already do keep it on record."
                        confirmLabel="Disconnect"
                        onConfirm={async () => {
                          const done = await runAction(
                            () => actions.disconnect({ internalAccountId: a.internalAccountId }),
                            { success: "Account disconnected." },
                          );
                          if (done) await invalidate();
                        }}
                      >
                        Disconnect
                      </ConfirmButton>
                    ) : null}
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}

      {canWrite ? (
        <ConnectAccountForm
          modes={modes}
          onConnect={async (input) => {
            const fieldErrors: Record<string, string> = {};
            const done = await runAction(() => actions.connect(input), {
              success: "Account connected.",
              onFieldErrors: (e) => Object.assign(fieldErrors, e),
            });
            if (done) await invalidate();
            return { ok: done !== null, fieldErrors };
          }}
        />
      ) : (
        <p className="text-sm text-slate-600">Managers and owners connect and disconnect accounts.</p>
      )}
    </div>
  );
}

/** The stored sign-in's health under the account's status: when it was renewed and until when it works. */
function SignInHealth({ health }: { health: AccountHealth | undefined }) {
  if (!health?.signedIn)
    return <p className="mt-1 text-xs text-slate-600">No platform sign-in stored (access cannot be read back).</p>;
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600" data-testid="sign-in-health">
      <dt>Renews itself</dt>
      <dd>{health.renews ? "Yes" : "No: reconnect when it expires"}</dd>
      <dt>Last renewed</dt>
      <dd>{health.tokenRefreshedAt ? <DateTime value={health.tokenRefreshedAt} /> : "Not yet"}</dd>
      {health.tokenExpiresAt ? (
        <>
          <dt>Access token until</dt>
          <dd>
            <DateTime value={health.tokenExpiresAt} />
          </dd>
        </>
      ) : null}
      {health.refreshTokenExpiresAt ? (
        <>
          <dt>Renewal until</dt>
          <dd>
            <DateTime value={health.refreshTokenExpiresAt} style="date" />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
