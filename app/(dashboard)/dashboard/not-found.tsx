// A dashboard page that refused with notFound() and has no not-found.tsx of its own.
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export default function DashboardNotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        title="This page does not exist in this agency"
        description="The link may be mistyped, or what it showed was deleted or belongs to another agency. If you work for several agencies, switch agency from the menu."
        action={
          <Link href="/dashboard" className="font-medium text-indigo-700 hover:underline">
            ← Dashboard home
          </Link>
        }
      />
    </>
  );
}
