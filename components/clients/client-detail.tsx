"use client";
// A client's page: their details (editable by members and above, externalClientId locked
// once set), their requests, granted access, intake answers, notes and activity; CSV export,
// a print view, and deleting the client (managers and owners, after a confirmation).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { TClientNote } from "@/lib/core/clients/client-notes";
import { ClientProfileSections } from "@/components/clients/client-profile";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormAlert } from "@/components/ui/form-alert";
import type { TClient } from "@/lib/core/clients/schemas";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { useClientDetail, useClientProfile, useInvalidateClients } from "@/components/clients/use-clients";
import { useRequestList } from "@/components/requests/use-requests";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { ClientForm, toUpdatePatch } from "@/components/clients/client-form";
import { RequestTable } from "@/components/requests/request-table";
import { DateTime } from "@/components/ui/date-time";
import type { TClientPageData } from "@/lib/surfaces/dashboard/load-client-page";

type Patch = ReturnType<typeof toUpdatePatch>;

export function ClientDetail({
  id,
  canWrite,
  canDelete,
  updateClient,
  deleteClient,
  addNote,
  initial,
}: {
  id: string;
  /** what the page's server read: the page arrives whole, without loading stages */
  initial?: TClientPageData | null;
  canWrite: boolean;
  canDelete: boolean;
  updateClient: (input: { id: string; patch: Patch }) => Promise<ActionResult<TClient>>;
  deleteClient: (input: { id: string }) => Promise<ActionResult<{ id: string; requests: number }>>;
  addNote: (input: { clientId: string; body: string }) => Promise<ActionResult<TClientNote>>;
}) {
  const detail = useClientDetail(id, initial?.client);
  const profile = useClientProfile(id, initial?.profile);
  const router = useRouter();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const requests = useRequestList({ clientId: id }, initial?.requests);
  const invalidate = useInvalidateClients();
  const [editing, setEditing] = useState(false);
  const back = (
    <Link href="/dashboard/clients" className="text-indigo-700 hover:underline">
      ← Clients
    </Link>
  );
  if (detail.isError) return <EmptyState title="Client not found" description={detail.error.message} action={back} />;
  if (!detail.data) return <p className="text-sm text-slate-600">Loading client…</p>;
  const c = detail.data;
  const rows = requests.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <PageHeader
        back={back}
        title={
          <span className="flex flex-wrap items-center gap-2">
            {c.name} {c.isProspect ? <Badge status="prospect" /> : null}
          </span>
        }
        description={[c.email, c.company].filter(Boolean).join(" · ")}
        actions={
          <>
            <a href={`/api/dashboard/clients/${c.id}/export`} className={buttonClasses("secondary")} download>
              Export access (CSV)
            </a>
            <Link href={`/dashboard/clients/${c.id}/print`} className={buttonClasses("secondary")}>
              Print view
            </Link>
            {canDelete ? (
              <ConfirmButton
                title={`Delete ${c.name}?`}
                description="This removes the client, their requests with everything they entered (intake answers, granted asset lists) and the activity of those requests. Usage counts stay, without the client. Access already granted on the platforms is not removed. This cannot be undone."
                confirmLabel="Delete client"
                onConfirm={async () => {
                  const res = await deleteClient({ id: c.id });
                  if (!res.ok) return setDeleteError(res.error);
                  await invalidate();
                  router.push("/dashboard/clients");
                }}
              >
                Delete client
              </ConfirmButton>
            ) : null}
            {canWrite ? (
              <>
                <Link href={`/dashboard/requests/new?clientId=${c.id}`} className={buttonClasses("primary")}>
                  New request
                </Link>
                {!editing ? (
                  <Button variant="secondary" onClick={() => setEditing(true)} data-reveals-form>
                    Edit client
                  </Button>
                ) : null}
              </>
            ) : null}
          </>
        }
      />
      <FormAlert message={deleteError} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Details" className="lg:col-span-1">
          {editing ? (
            <ClientForm
              compact
              client={c}
              idPrefix="edit-client"
              submit={(v) => updateClient({ id: c.id, patch: toUpdatePatch(v, c) })}
              onCancel={() => setEditing(false)}
              onSaved={async () => {
                setEditing(false);
                await invalidate(c.id);
              }}
            />
          ) : (
            <dl className="space-y-2 text-sm">
              {(
                [
                  ["Email", c.email],
                  ["Company", c.company],
                  ["Website", c.website],
                  ["Language", c.language],
                  ["Your client ID", c.externalClientId],
                  ["Added", <DateTime key="added" value={c.createdAt} />],
                ] as [string, ReactNode][]
              ).map(([k, v]) => (
                <div key={k}>
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{k}</dt>
                  <dd className="break-words text-slate-900">{v || "—"}</dd>
                </div>
              ))}
              {Object.keys(c.metadata).length ? (
                <div>
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Metadata</dt>
                  <dd>
                    <ul className="font-mono text-xs">
                      {Object.entries(c.metadata).map(([k, v]) => (
                        <li key={k}>
                          {k}: {v}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ) : null}
            </dl>
          )}
        </Card>
        <section className="lg:col-span-2" aria-labelledby="client-requests">
          <h2 id="client-requests" className="mb-2 text-base font-semibold">
            Requests ({c.requestCount})
          </h2>
          {requests.isPending ? (
            <p className="text-sm text-slate-600">Loading requests…</p>
          ) : rows.length === 0 ? (
            <EmptyState title="No requests for this client yet" />
          ) : (
            <>
              <RequestTable rows={rows} showClient={false} caption={`Requests of ${c.name}`} />
              <Pagination
                hasMore={!!requests.hasNextPage}
                loading={requests.isFetchingNextPage}
                onLoadMore={() => requests.fetchNextPage()}
              />
            </>
          )}
        </section>
      </div>
      {profile.data ? (
        <ClientProfileSections
          profile={profile.data}
          canWrite={canWrite}
          addNote={addNote}
          clientId={c.id}
          onNoteAdded={() => profile.refetch()}
        />
      ) : (
        <p className="mt-6 text-sm text-slate-600">Loading access and activity…</p>
      )}
    </>
  );
}
