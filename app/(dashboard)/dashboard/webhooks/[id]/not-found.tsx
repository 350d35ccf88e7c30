// Another agency's webhook, a deleted one or a malformed id: the page answers 404 with this.
import { NotInAgency } from "@/components/ui/not-in-agency";

export default function WebhookNotFound() {
  return <NotInAgency noun="Webhook" listHref="/dashboard/webhooks" listLabel="All webhooks" />;
}
