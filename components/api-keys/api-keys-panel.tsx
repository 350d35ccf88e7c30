"use client";
// The API keys page body: create a key with chosen scopes (each explained), the key shown
// once, and the list with prefix, scopes, times and revoke.
import { useState, type FormEvent } from "react";
import { SecretNotice } from "@/components/api-keys/secret-notice";
import { useApiKeys, useInvalidateApiKeys } from "@/components/api-keys/use-api-keys";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { CreatedApiKey } from "@/lib/core/api-keys/create-api-key";
import type { ApiKeyItem } from "@/lib/core/api-keys/list-api-keys";
import type { TCreateApiKeyBody } from "@/lib/core/api-keys/schemas";
import { API_SCOPES, SCOPE_DESCRIPTIONS, type ApiScope } from "@/lib/core/auth/scopes";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { Page } from "@/lib/surfaces/dashboard/dashboard-fetch";
import { DateTime } from "@/components/ui/date-time";
import type { ReactNode } from "react";

export interface ApiKeyActions {
  create: (input: TCreateApiKeyBody) => Promise<ActionResult<CreatedApiKey>>;
  revoke: (input: { id: string }) => Promise<ActionResult<{ id: string; revokedAt: string }>>;
}

function when(iso: string | null): ReactNode {
  return iso ? <DateTime value={iso} /> : "Never";
}

export function ApiKeysPanel({
  initialPage,
  canWrite,
  actions,
}: {
  initialPage: Page<ApiKeyItem>;
  canWrite: boolean;
  actions: ApiKeyActions;
}) {
  const list = useApiKeys(initialPage);
  const invalidate = useInvalidateApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const keys = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="space-y-6">
      {created ? (
        <SecretNotice title={`Your new key "${created.name}"`} value={created.key} onDone={() => setCreated(null)} />
      ) : null}
      {canWrite ? (
        <CreateKeyForm
          onCreate={async (input) => {
            const fieldErrors: Record<string, string> = {};
            const key = await runAction(() => actions.create(input), {
              success: "API key created.",
              onFieldErrors: (e) => Object.assign(fieldErrors, e),
            });
            if (key) {
              setCreated(key);
              await invalidate();
            }
            return { ok: key !== null, fieldErrors };
          }}
        />
      ) : (
        <p className="text-sm text-slate-600">Only owners create and revoke API keys.</p>
      )}

      {keys.length === 0 ? (
        <EmptyState title="No API keys yet" description="Create a key to call the API from your own software." />
      ) : (
        <Table caption="API keys">
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>Key</Th>
              <Th>Scopes</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Status</Th>
              {canWrite ? <Th className="text-right">Actions</Th> : null}
            </tr>
          </THead>
          <TBody>
            {keys.map((k) => (
              <Tr key={k.id} data-key-prefix={k.prefix}>
                <Td className="font-medium">{k.name}</Td>
                <Td>
                  <code className="text-xs">{k.prefix}…</code>
                </Td>
                <Td>
                  <ul className="flex max-w-sm flex-wrap gap-1">
                    {k.scopes.map((s) => (
                      <li key={s} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                        {s}
                      </li>
                    ))}
                  </ul>
                </Td>
                <Td className="whitespace-nowrap text-slate-600">{when(k.createdAt)}</Td>
                <Td className="whitespace-nowrap text-slate-600">{when(k.lastUsedAt)}</Td>
                <Td>
                  {k.revokedAt ? (
                    <Badge tone="gray">
                      Revoked <DateTime value={k.revokedAt} style="date" />
                    </Badge>
                  ) : (
                    <Badge tone="green">Active</Badge>
                  )}
                </Td>
                {canWrite ? (
                  <Td className="text-right">
                    {k.revokedAt ? null : (
                      <ConfirmButton
                        size="sm"
                        title={`Revoke "${k.name}"?`}
                        description="Calls with this key are refused from now on. This cannot be undone."
                        confirmLabel="Revoke key"
                        onConfirm={async () => {
                          const done = await runAction(() => actions.revoke({ id: k.id }), { success: "Key revoked." });
                          if (done) await invalidate();
                        }}
                      >
                        Revoke
                      </ConfirmButton>
                    )}
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <Pagination
        hasMore={!!list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}

function CreateKeyForm({
  onCreate,
}: {
  onCreate: (input: TCreateApiKeyBody) => Promise<{ ok: boolean; fieldErrors: Record<string, string> }>;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Set<ApiScope>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const all = scopes.size === API_SCOPES.length;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const result = await onCreate({ name, scopes: API_SCOPES.filter((s) => scopes.has(s)) });
      setErrors(result.fieldErrors);
      if (result.ok) {
        setName("");
        setScopes(new Set());
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Create an API key" description="Give each integration its own key with only the scopes it needs.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="key-name" label="Name" error={errors.name} hint="For you: where the key is used, e.g. “CRM sync”.">
          <Input
            id="key-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            invalid={!!errors.name}
            maxLength={100}
          />
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Scopes</legend>
          <Checkbox
            id="scope-all"
            label="Select all"
            checked={all}
            onChange={(e) => setScopes(e.target.checked ? new Set(API_SCOPES) : new Set())}
            className="mb-3 border-b border-slate-200 pb-3"
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {API_SCOPES.map((s) => (
              <Checkbox
                key={s}
                id={`scope-${s.replace(":", "-")}`}
                label={<code className="font-mono">{s}</code>}
                hint={SCOPE_DESCRIPTIONS[s]}
                checked={scopes.has(s)}
                onChange={(e) => {
                  const next = new Set(scopes);
                  if (e.target.checked) next.add(s);
                  else next.delete(s);
                  setScopes(next);
                }}
              />
            ))}
          </div>
          <FieldError message={errors.scopes ?? Object.entries(errors).find(([k]) => k.startsWith("scopes["))?.[1]} />
        </fieldset>
        <Button type="submit" busy={busy}>
          Create key
        </Button>
      </form>
    </Card>
  );
}
