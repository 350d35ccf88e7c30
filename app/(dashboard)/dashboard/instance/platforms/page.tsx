// The instance's Platforms page (instance administrators only): one card per platform with a
// The instance's Platforms page (instance administrators only): one card per platform with a
// connector, to set its app up, verify it and take it live; then the platforms that need no app
// (WordPress: each client's site approves the installation); then the identity providers staff
// sign in with (Staff sign-in). Anyone else gets an HTTP 404 whose page (instance/not-found.tsx)
// tells who administers the installation and the command an operator runs to add an
// administrator (the checklist's "connect your platforms" leads here).
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { NoAppPlatforms } from "@/components/instance/no-app-platforms";
import { PlatformCards } from "@/components/instance/platform-cards";
import { StaffSignInCards } from "@/components/instance/staff-sign-in-cards";
import { listStaffProviderCards } from "@/lib/core/sso/staff-sso-settings";
import { PageHeader } from "@/components/ui/page-header";
import { isInstanceAdmin } from "@/lib/core/instance/instance-admin";
import { getDb } from "@/lib/infra/db/db";
import { listPlatformCards } from "@/lib/core/instance/platform-settings";
import { NO_APP_PLATFORMS } from "@/lib/infra/connectors/platform-setup";
import { env } from "@/lib/infra/env";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { savePlatformCredentialsAction, setPlatformSwitchesAction, verifyPlatformAction } from "./platform-actions";
import { saveStaffProviderAction, verifyStaffProviderAction } from "./staff-sign-in-actions";

export const metadata: Metadata = { title: "Platforms" };
export const dynamic = "force-dynamic";

export default async function PlatformsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Finstance%2Fplatforms");
  // anyone else: a 404 before anything streams, drawn by instance/not-found.tsx (who
  // administers the installation and how an operator adds an administrator)
  if (!(await isInstanceAdmin(ctx.userId))) notFound();
  // the first to sign up where only the demo user administered: told why the page is theirs
  const granted = await (
    await getDb()
  ).auditEntry.findFirst({
    where: { actorUserId: ctx.userId, action: "instance.admin_granted" },
    select: { id: true },
  });
  const [cards, staffCards] = await Promise.all([listPlatformCards(), listStaffProviderCards()]);
  return (
    <>
      <PageHeader
        title="Platforms"
        description="Set up this installation's app on each platform, verify it, and take it live. Values set in the environment always win over what is saved here."
      />
      {granted ? (
        <p
          className="mb-4 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
          role="status"
        >
          You administer this installation: you were the first to sign up on it, and its only administrator was the demo
          user. The change is in your agency&apos;s audit log.
        </p>
      ) : null}
      <PlatformCards
        cards={cards}
        production={env().NODE_ENV === "production"}
        actions={{
          save: savePlatformCredentialsAction,
          verify: verifyPlatformAction,
          switches: setPlatformSwitchesAction,
        }}
      />
      <NoAppPlatforms platforms={NO_APP_PLATFORMS} />
      <StaffSignInCards
        cards={staffCards}
        actions={{ save: saveStaffProviderAction, verify: verifyStaffProviderAction }}
      />
    </>
  );
}
