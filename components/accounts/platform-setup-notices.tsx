// Platforms that clients met on their access page while this installation has them
// neither configured nor in the sandbox: the client was told the agency must finish
// the setup, and this is where the agency sees it.
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";

export interface PlatformSetupNoticeView {
  platform: string;
  name: string;
  lastSeenAt: string;
}

export function PlatformSetupNotices({ notices }: { notices: PlatformSetupNoticeView[] }) {
  if (notices.length === 0) return null;
  return (
    <Card title="Clients are waiting on platforms that are not set up" className="mb-6 border-amber-300">
      <ul className="space-y-1 text-sm text-slate-800" data-testid="platform-setup-notices">
        {notices.map((n) => (
          <li key={n.platform}>
            <strong>{n.name}</strong>: a client last tried on <DateTime value={n.lastSeenAt} style="date" />. Next:
            configure its credentials on{" "}
            <Link href="/dashboard/instance/platforms" className="text-indigo-700 underline underline-offset-2">
              Instance → Platforms
            </Link>{" "}
            so clients can grant it in one click.
          </li>
        ))}
      </ul>
    </Card>
  );
}
