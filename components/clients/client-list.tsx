"use client";
// The clients page: clients and prospects in separate tabs, server-side search (name,
// email, company, externalClientId), "Load more", a dialog to create a client, and a
// Delete button on each prospect for junk sign-ups from the static link.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TClient } from "@/lib/core/clients/schemas";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { useClientList, useInvalidateClients } from "@/components/clients/use-clients";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { Tabs } from "@/components/ui/tabs";
import { ClientForm, toCreateBody, type ClientFormValues } from "@/components/clients/client-form";
import { DateTime } from "@/components/ui/date-time";

type Tab = "clients" | "prospects";

export function ClientList({
  canWrite,
  createClient,
  deleteProspect,
}: {
  canWrite: boolean;
  createClient: (input: ReturnType<typeof toCreateBody>) => Promise<ActionResult<TClient>>;
  deleteProspect: (input: { id: string }) => Promise<ActionResult<{ id: string; deletedRequests: number }>>;
}) {
  const router = useRouter();
  const [tab, setTab] = useState<Tab>("clients");
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const debounced = useDebouncedValue(search.trim());
  const list = useClientList({ search: debounced, prospects: tab === "prospects" });
  const invalidate = useInvalidateClients();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const showDelete = canWrite && tab === "prospects";

  async function removeProspect(c: TClient) {
    if (
      !window.confirm(
        `Delete the prospect ${c.name} (${c.email}) and their access request? This month's usage is not given back.`,
      )
    )
      return;
    const res = await deleteProspect({ id: c.id });
    setDeleteError(res.ok ? null : res.error);
    await invalidate();
  }

  return (
    <>
      <PageHeader
        title="Clients"
        description="The businesses you request access from. Prospects come from your static link."
        actions={
          <>
            <a
              href={`/api/dashboard/clients/export?${new URLSearchParams({ prospects: tab === "prospects" ? "1" : "0", ...(debounced ? { search: debounced } : {}) }).toString()}`}
              className={buttonClasses("secondary")}
              download
            >
              Export CSV
            </a>
            {canWrite ? (
              <Button aria-haspopup="dialog" onClick={() => setCreating(true)}>
                New client
              </Button>
            ) : null}
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs
          label="Client type"
          value={tab}
          onChange={setTab}
          items={[
            { value: "clients", label: "Clients" },
            { value: "prospects", label: "Prospects" },
          ]}
        />
        <div className="sm:w-72">
          <Label htmlFor="client-search">Search</Label>
          <Input
            id="client-search"
            type="search"
            placeholder="Name, email, company or your ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {deleteError ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {deleteError}
        </p>
      ) : null}
      {list.isError ? (
        <EmptyState
          title="Could not load clients"
          description={list.error.message}
          action={
            <Button variant="secondary" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : list.isPending ? (
        <p className="text-sm text-slate-600">Loading clients…</p>
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            debounced ? "No clients match this search" : tab === "prospects" ? "No prospects yet" : "No clients yet"
          }
          description={
            debounced
              ? "Try part of a name, email, company or your client ID."
              : tab === "prospects"
                ? "People who open your static link appear here."
                : undefined
          }
          action={
            canWrite && !debounced && tab === "clients" ? (
              <Button aria-haspopup="dialog" onClick={() => setCreating(true)}>
                Create your first client
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Table caption={tab === "prospects" ? "Prospects" : "Clients"}>
            <THead>
              <tr>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Company</Th>
                <Th>Your ID</Th>
                <Th>Added</Th>
                {showDelete ? <Th>Actions</Th> : null}
              </tr>
            </THead>
            <TBody>
              {rows.map((c) => (
                <Tr key={c.id} data-testid="client-row">
                  <Td>
                    <Link href={`/dashboard/clients/${c.id}`} className="font-medium text-indigo-700 hover:underline">
                      {c.name}
                    </Link>
                  </Td>
                  <Td>{c.email}</Td>
                  <Td>{c.company ?? "—"}</Td>
                  <Td className="font-mono text-xs">{c.externalClientId ?? "—"}</Td>
                  <Td className="whitespace-nowrap text-slate-600">
                    <DateTime value={c.createdAt} style="date" />
                  </Td>
                  {showDelete ? (
                    <Td>
                      <Button
                        variant="danger"
                        size="sm"
                        onClick={() => removeProspect(c)}
                        aria-label={`Delete prospect ${c.name}`}
                      >
                        Delete
                      </Button>
                    </Td>
                  ) : null}
                </Tr>
              ))}
            </TBody>
          </Table>
          <Pagination
            hasMore={!!list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => list.fetchNextPage()}
            shown={rows.length}
          />
        </>
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} title="New client">
        <ClientForm
          compact
          idPrefix="new-client"
          submit={(v: ClientFormValues) => createClient(toCreateBody(v))}
          onCancel={() => setCreating(false)}
          onSaved={async (c) => {
            setCreating(false);
            await invalidate();
            router.push(`/dashboard/clients/${c.id}`);
          }}
        />
      </Dialog>
    </>
  );
}
