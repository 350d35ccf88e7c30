// Everything under the dashboard group shares the toast area (action failures, 403s) and
// the TanStack Query client; the client pages stay free of both, to keep their JS small.
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
