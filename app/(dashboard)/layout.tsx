// Everything under the dashboard group shares the toast area (action failures, 403s) and
// the TanStack Query client. The client pages (invite, embed, static link) and the sign-in
// pages need no query cache, so the provider lives here and not in the root layout: the
// invite page, opened by every client of every agency, does not download TanStack Query.
// Every component that reads through a query hook (components/<feature>/use-*.ts) is
// rendered under app/(dashboard)/; a hook used anywhere else would throw "No QueryClient
// set", so keep them here.
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { QueryProvider } from "@/components/query-provider";

export default function DashboardGroupLayout({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      {children}
      <Toaster />
    </QueryProvider>
  );
}
