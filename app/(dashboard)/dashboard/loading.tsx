// Shown while a dashboard page loads on the server: the page's shape in grey, not text.
import { Skeleton } from "@/components/ui/skeleton";

export default function DashboardLoading() {
  return <Skeleton lines={4} label="Loading page" />;
}
