// The Platforms page's platforms that need no app and no credentials (a client's own site
// approves the installation: WordPress), and what the clients' sites need instead.
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { NoAppPlatform } from "@/lib/infra/connectors/platform-setup";

export function NoAppPlatforms({ platforms }: { platforms: readonly NoAppPlatform[] }) {
  if (platforms.length === 0) return null;
  return (
    <div className="mt-6 space-y-6">
      {platforms.map((p) => (
        <Card
          key={p.platform}
          title={
            <span className="flex flex-wrap items-center gap-2">
              {p.name}
              <Badge tone="green">Nothing to set up</Badge>
            </span>
          }
          description="Clients grant it from their own site: there is no app to register on this page."
        >
          <ul data-no-app-platform={p.platform} className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {p.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
