// The instance's Platforms page (instance administrators only; 404 for everyone else):
// one card per platform with a connector, to set its app up, verify it and take it live;
// then the identity providers staff sign in with (Staff sign-in).
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { PlatformCards } from "@/components/instance/platform-cards";
import { StaffSignInCards } from "@/components/instance/staff-sign-in-cards";
import { listStaffProviderCards } from "@/lib/core/sso/staff-sso-settings";
import { PageHeader } from "@/components/ui/page-header";
import { isInstanceAdmin } from "@/lib/core/instance/instance-admin";
import { listPlatformCards } from "@/lib/core/instance/platform-settings";
import { env } from "@/lib/infra/env";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { savePlatformCredentialsAction, setPlatformSwitchesAction, verifyPlatformAction } from "./platform-actions";
import { saveStaffProviderAction, verifyStaffProviderAction } from "./staff-sign-in-actions";

export const metadata: Metadata = { title: "Platforms" };
export const dynamic = "force-dynamic";

export default async function PlatformsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Finstance%2Fplatforms");
  if (!(await isInstanceAdmin(ctx.userId))) notFound();
  const [cards, staffCards] = await Promise.all([listPlatformCards(), listStaffProviderCards()]);
  return (
    <>
      <PageHeader
        title="Platforms"
        description="Set up this installation's app on each platform, verify it, and take it live. Values set in the environment always win over what is saved here."
      />
      <PlatformCards
        cards={cards}
        production={env().NODE_ENV === "production"}
        actions={{
          save: savePlatformCredentialsAction,
          verify: verifyPlatformAction,
          switches: setPlatformSwitchesAction,
        }}
      />
      <StaffSignInCards
        cards={staffCards}
        actions={{ save: saveStaffProviderAction, verify: verifyStaffProviderAction }}
      />
    </>
  );
}
