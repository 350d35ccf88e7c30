// Another agency's request, a deleted one or a malformed id: the page answers 404 with this.
import { NotInAgency } from "@/components/ui/not-in-agency";

export default function RequestNotFound() {
  return <NotInAgency noun="Request" listHref="/dashboard/requests" listLabel="All requests" />;
}
