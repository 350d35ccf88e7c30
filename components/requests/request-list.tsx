"use client";
// The requests page: status filter tabs, server-side search by the client's name, email or
// your client ID, progress per request, "Load more", refreshed every few seconds.
import Link from "next/link";
import { useState } from "react";
import { useRequestList } from "@/components/requests/use-requests";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { REQUEST_STATUSES } from "@/lib/core/requests/schemas";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Tabs } from "@/components/ui/tabs";
import { statusLabel } from "@/components/ui/badge";
import { RequestTable } from "@/components/requests/request-table";

type StatusTab = "all" | (typeof REQUEST_STATUSES)[number];

const TABS: { value: StatusTab; label: string }[] = [
  { value: "all", label: "All" },
  ...REQUEST_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];

export function RequestList({ canWrite }: { canWrite: boolean }) {
  const [status, setStatus] = useState<StatusTab>("all");
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim());
  const list = useRequestList({ status: status === "all" ? undefined : status, search: debounced });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const newButton = canWrite ? (
    <Link href="/dashboard/requests/new" className={buttonClasses("primary")}>
      New request
    </Link>
  ) : null;
  const exportQuery = new URLSearchParams({
    ...(status !== "all" ? { status } : {}),
    ...(debounced ? { search: debounced } : {}),
  }).toString();
  const actions = (
    <>
      {/* a plain link: the browser downloads the file with the session cookie */}
      <a
        href={`/api/dashboard/requests/export${exportQuery ? `?${exportQuery}` : ""}`}
        className={buttonClasses("secondary")}
        download
      >
        Export CSV
      </a>
      {newButton}
    </>
  );
  return (
    <>
      <PageHeader
        title="Access requests"
        description="Every link you sent, newest first. Progress updates by itself."
        actions={actions}
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <Tabs label="Filter by status" items={TABS} value={status} onChange={setStatus} />
        <div className="lg:w-72">
          <Label htmlFor="request-search">Search</Label>
          <Input
            id="request-search"
            type="search"
            placeholder="Client name, email or your ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {list.isError ? (
        <EmptyState
          title="Could not load requests"
          description={list.error.message}
          action={
            <Button variant="secondary" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : list.isPending ? (
        <p className="text-sm text-slate-600">Loading requests…</p>
      ) : rows.length === 0 ? (
        <EmptyState
          title={debounced || status !== "all" ? "No requests match" : "No requests yet"}
          description={
            debounced || status !== "all"
              ? "Try another status or search."
              : "Create a request and send your client the link."
          }
          action={!debounced && status === "all" ? newButton : undefined}
        />
      ) : (
        <>
          <RequestTable rows={rows} />
          <Pagination
            hasMore={!!list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => list.fetchNextPage()}
            shown={rows.length}
          />
        </>
      )}
    </>
  );
}
