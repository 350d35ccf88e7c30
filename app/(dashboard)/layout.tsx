// Everything under the dashboard group shares the toast area (action failures, 403s).
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";

export default function DashboardGroupLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
