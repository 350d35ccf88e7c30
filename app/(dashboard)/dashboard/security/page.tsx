// Security: the signed-in user's password and two-factor sign-in, the owner's team requirement
// and single sign-on domains.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { SecurityPanel } from "@/components/security/security-panel";
import { SsoDomainsPanel } from "@/components/security/sso-domains-panel";
import { listAgencyDomains } from "@/lib/core/sso/agency-domains";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { twoFactorStatus } from "@/lib/core/users/two-factor";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import {
  beginTwoFactorAction,
  changePasswordAction,
  confirmTwoFactorAction,
  disableTwoFactorAction,
  requireTeamTwoFactorAction,
} from "./security-actions";
import {
  checkDomainTxtAction,
  claimDomainAction,
  claimDomainByDnsAction,
  confirmDomainAction,
  removeDomainAction,
  setDomainPolicyAction,
} from "./sso-domain-actions";

export const metadata: Metadata = { title: "Security" };
export const dynamic = "force-dynamic";

export default async function SecurityPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fsecurity");
  const isOwner = can(ctx.role, "team:write");
  const [status, agency, domains] = await Promise.all([
    twoFactorStatus(ctx.userId),
    (await getDb()).agency.findUniqueOrThrow({ where: { id: ctx.agencyId }, select: { requireTwoFactor: true } }),
    isOwner ? listAgencyDomains(ctx.agencyId) : Promise.resolve([]),
  ]);
  return (
    <>
      <PageHeader title="Security" description="How you sign in to the dashboard." />
      <SecurityPanel
        enabled={status.enabled}
        recoveryCodesLeft={status.recoveryCodesLeft}
        isOwner={isOwner}
        teamRequired={agency.requireTwoFactor}
        email={ctx.email}
        changePassword={changePasswordAction}
        begin={beginTwoFactorAction}
        confirm={confirmTwoFactorAction}
        disable={disableTwoFactorAction}
        requireTeam={requireTeamTwoFactorAction}
      />
      {isOwner ? (
        <div className="mt-6" data-testid="sso-domains">
          <SsoDomainsPanel
            domains={domains}
            emailProof={Boolean(env().SMTP_URL)}
            actions={{
              claim: claimDomainAction,
              claimByDns: claimDomainByDnsAction,
              confirm: confirmDomainAction,
              checkTxt: checkDomainTxtAction,
              policy: setDomainPolicyAction,
              remove: removeDomainAction,
            }}
          />
        </div>
      ) : null}
    </>
  );
}
