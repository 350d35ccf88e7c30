// Another agency's client, a deleted one or a malformed id: the page answers 404 with this.
import { NotInAgency } from "@/components/ui/not-in-agency";

export default function ClientNotFound() {
  return <NotInAgency noun="Client" listHref="/dashboard/clients" listLabel="All clients" />;
}
