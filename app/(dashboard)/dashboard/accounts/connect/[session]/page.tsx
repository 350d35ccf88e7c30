// After the agency user signed in with a platform: pick the identity to connect (Meta: one
// of their Business Managers). The form posts to /api/dashboard/accounts/connect/finish.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { listAgencyConnectChoices } from "@/lib/surfaces/dashboard/accounts/agency-connect";

export const metadata: Metadata = { title: "Pick the account to connect" };

export default async function PickAgencyIdentityPage({ params }: { params: Promise<{ session: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Faccounts");
  const { session } = await params;
  let listed: Awaited<ReturnType<typeof listAgencyConnectChoices>>;
  try {
    listed = await listAgencyConnectChoices({
      user: { agencyId: ctx.agencyId, userId: ctx.userId },
      sessionId: session,
    });
  } catch {
    redirect("/dashboard/accounts?connect_error=expired");
  }
  const name = getPlatform(listed.platform)?.name ?? listed.platform;
  return (
    <>
      <PageHeader title={`Connect your ${name} account`} description="Pick the account clients will grant access to." />
      <Card title="Accounts you can connect">
        {listed.choices.length === 0 ? (
          <p className="text-sm text-slate-700">
            {name} lists no account you can connect. <Link href="/dashboard/accounts">Back to connected accounts</Link>
          </p>
        ) : (
          <form method="post" action="/api/dashboard/accounts/connect/finish" className="space-y-3">
            <input type="hidden" name="session" value={session} />
            <fieldset className="space-y-2">
              <legend className="sr-only">Account</legend>
              {listed.choices.map((c, i) => (
                <label key={c.key} className="flex items-start gap-2 text-sm">
                  <input type="radio" name="choice" value={c.key} defaultChecked={i === 0} className="mt-1" />
                  <span>
                    <span className="font-medium">{c.businessName ?? c.displayName}</span>
                    <span className="block text-slate-600">
                      {[c.businessId ? `Business ID ${c.businessId}` : null, c.email].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <Button type="submit">Connect this account</Button>
          </form>
        )}
      </Card>
    </>
  );
}
