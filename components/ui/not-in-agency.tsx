// The page of a dashboard object the signed-in agency does not have (another agency's, a
// deleted one, a mistyped link), drawn by the segment's not-found.tsx under an HTTP 404:
// what happened, that another agency of theirs may have it, and the way back to the list.
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";

export async function NotInAgency({
  noun,
  listHref,
  listLabel,
}: {
  noun: string;
  listHref: string;
  listLabel: string;
}) {
  const ctx = await getDashboardContext().catch(() => null);
  const agency = ctx?.agencyName ?? "this agency";
  return (
    <>
      <PageHeader title={`${noun} not found`} />
      <EmptyState
        title={`${agency} has no such ${noun.toLowerCase()}`}
        description={`It was deleted, the link is mistyped, or it belongs to another agency. If you work for several agencies, switch agency from the menu and open the link again.`}
        action={
          <Link href={listHref} className="font-medium text-indigo-700 hover:underline">
            ← {listLabel}
          </Link>
        }
      />
    </>
  );
}
