"use client";
// Picks the client for a new request: server-side search over clients and prospects, or a
// new client created inline (same form and rules as the Clients page).
import { useState } from "react";
import type { TClient } from "@/lib/core/clients/schemas";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { useClientList, useInvalidateClients } from "@/components/clients/use-clients";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ClientForm, toCreateBody } from "@/components/clients/client-form";

export function ClientPicker({
  value,
  onChange,
  error,
  createClient,
}: {
  value: TClient | null;
  onChange: (c: TClient | null) => void;
  error?: string;
  createClient: (input: ReturnType<typeof toCreateBody>) => Promise<ActionResult<TClient>>;
}) {
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const debounced = useDebouncedValue(search.trim(), 250);
  const list = useClientList({ search: debounced }, { enabled: !value && !creating });
  const invalidate = useInvalidateClients();
  const rows = list.data?.pages.flatMap((p) => p.data).slice(0, 8) ?? [];

  if (value) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
        <div data-testid="selected-client">
          <p className="font-medium">{value.name}</p>
          <p className="text-sm text-slate-600">
            {value.email}
            {value.company ? ` · ${value.company}` : ""}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => onChange(null)}>
          Change client
        </Button>
      </div>
    );
  }
  if (creating) {
    return (
      <div className="rounded-lg border border-slate-200 p-3">
        <p className="mb-2 text-sm font-medium">New client</p>
        <ClientForm
          compact
          nested
          idPrefix="inline-client"
          submitLabel="Add client"
          submit={(v) => createClient(toCreateBody(v))}
          onCancel={() => setCreating(false)}
          onSaved={async (c) => {
            setCreating(false);
            onChange(c);
            await invalidate();
          }}
        />
      </div>
    );
  }
  return (
    <div>
      <Label htmlFor="client-search">Find a client</Label>
      <div className="flex gap-2">
        <Input
          id="client-search"
          type="search"
          placeholder="Name, email, company or your ID"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          invalid={!!error}
          aria-describedby="clientId-error"
        />
        <Button variant="secondary" onClick={() => setCreating(true)}>
          New client
        </Button>
      </div>
      <FieldError id="clientId-error" message={error} />
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Matching clients">
        {list.isPending ? <li className="px-3 py-2 text-sm text-slate-600">Searching…</li> : null}
        {!list.isPending && rows.length === 0 ? (
          <li className="px-3 py-2 text-sm text-slate-600">No clients found. Create one with “New client”.</li>
        ) : null}
        {rows.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="w-full px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:bg-indigo-50"
              onClick={() => onChange(c)}
            >
              <span className="font-medium">{c.name}</span> <span className="text-slate-600">{c.email}</span>
              {c.externalClientId ? (
                <span className="ml-1 font-mono text-xs text-slate-600">{c.externalClientId}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
