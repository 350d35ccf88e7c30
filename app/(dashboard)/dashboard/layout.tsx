// The dashboard shell: checks the session on the server (no session, or one that was ended →
// an HTTP redirect to sign-in and back to this page, lib/surfaces/dashboard/sign-in-redirect.ts),
// then the sidebar with every page, the agency's name and the user menu, and the demo data
// banner while the demo agency's sample data exists.
// There is deliberately no loading.tsx here or below: a loading boundary would start the
// response (200) before a page decides it is refused, and a refused page (another agency's
// client, request or webhook, the instance pages for a non-administrator) must answer 404.
import type { ReactNode } from "react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDashboardContext, listUserAgencies } from "@/lib/surfaces/dashboard/dashboard-context";
import { signInUrlForThisPage } from "@/lib/surfaces/dashboard/sign-in-redirect";
import { mustEnrolTwoFactor } from "@/lib/core/users/two-factor";
import { isEmailVerified } from "@/lib/core/users/email-verification";
import { VerifyEmailNotice } from "@/components/account/verify-email-notice";
import { env } from "@/lib/infra/env";
import { resendMyVerificationAction } from "./verify-email-actions";
import SecurityPage from "./security/page";
import { AgencySwitcher } from "./_components/agency-switcher";
import { DashboardNav } from "./_components/dashboard-nav";
import { UserMenu } from "./_components/user-menu";
import { TabAgency } from "./_components/tab-agency";
import { UnreadBadge } from "@/components/notifications/unread-badge";
import { DemoDataBanner } from "@/components/home/demo-data-banner";
import { can } from "@/lib/core/auth/roles";
import { hasDemoData } from "@/lib/core/agencies/demo-data";
import { removeDemoDataAction } from "./demo-actions";
import { isInstanceAdmin } from "@/lib/core/instance/instance-admin";

export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Access Requests" } };
export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect(await signInUrlForThisPage());
  const [agencies, mustEnrol, verified, demoData, instanceAdmin] = await Promise.all([
    listUserAgencies(ctx.userId),
    mustEnrolTwoFactor({ agencyId: ctx.agencyId, userId: ctx.userId }),
    isEmailVerified(ctx.userId),
    hasDemoData({ agencyId: ctx.agencyId }),
    isInstanceAdmin(ctx.userId),
  ]);
  return (
    <div className="min-h-screen md:flex">
      <TabAgency agencyId={ctx.agencyId} />
      <a
        href="#main"
        className="print:hidden sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* printing a page prints its content only: no navigation, notices or demo banner. On wide
          screens this column runs the page's whole height with the sidebar's background and
          border, and the sidebar sticks inside it: the background never stops at the first screen */}
      <div className="print:hidden md:w-64 md:shrink-0 md:border-r md:border-slate-200 md:bg-white">
        <DashboardNav
          agencyName={ctx.agencyName}
          instanceAdmin={instanceAdmin}
          userMenu={
            <>
              <AgencySwitcher current={ctx.agencyId} agencies={agencies} />
              <UnreadBadge />
              <UserMenu email={ctx.email} role={ctx.role} />
            </>
          }
        />
      </div>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 print:p-0">
        <div className="mx-auto max-w-6xl">
          {verified ? null : (
            <div className="print:hidden">
              <VerifyEmailNotice email={ctx.email} resend={resendMyVerificationAction} inMailbox={!env().SMTP_URL} />
            </div>
          )}
          {mustEnrol ? (
            <>
              <p
                role="alert"
                className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              >
                {ctx.agencyName} requires two-factor sign-in. Turn it on below to use the dashboard.
              </p>
              <SecurityPage />
            </>
          ) : (
            <>
              {demoData ? (
                <div className="print:hidden">
                  <DemoDataBanner canRemove={can(ctx.role, "demo:delete")} remove={removeDemoDataAction} />
                </div>
              ) : null}
              {children}
            </>
          )}
        </div>
      </main>
    </div>
  );
}
