"use server";
// The Security page's single sign-on domains (Owners): claim a domain (a code is emailed to
// an address there, or a DNS TXT record is to be published), confirm the code or check the
// record, choose the joining role, require single sign-on, remove the claim. Each records
// its own audit entry.
import { z } from "zod";
import {
  checkDomainTxt,
  claimDomain,
  claimDomainByDns,
  confirmDomain,
  removeDomain,
  setDomainPolicy,
  ZClaimDomain,
  ZConfirmDomain,
  ZDomainName,
  ZDomainPolicy,
} from "@/lib/core/sso/agency-domains";
import { actionAddress, dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

const actorOf = async (ctx: { userId: string; email: string }) => ({
  userId: ctx.userId,
  email: ctx.email,
  address: await actionAddress(),
});

export const claimDomainAction = dashboardAction(
  "team:write",
  ZClaimDomain,
  async (input, ctx) => {
    const { domain } = await claimDomain({ agencyId: ctx.agencyId, actor: await actorOf(ctx), input });
    return { domain };
  },
  false,
);

export const confirmDomainAction = dashboardAction(
  "team:write",
  ZConfirmDomain,
  async (input, ctx) => confirmDomain({ agencyId: ctx.agencyId, actor: await actorOf(ctx), input }),
  false,
);

export const claimDomainByDnsAction = dashboardAction(
  "team:write",
  ZDomainName,
  async (input, ctx) => claimDomainByDns({ agencyId: ctx.agencyId, actor: await actorOf(ctx), input }),
  false,
);

export const checkDomainTxtAction = dashboardAction(
  "team:write",
  ZDomainName,
  async (input, ctx) => checkDomainTxt({ agencyId: ctx.agencyId, actor: await actorOf(ctx), input }),
  false,
);

export const setDomainPolicyAction = dashboardAction(
  "team:write",
  ZDomainPolicy,
  async (input, ctx) => {
    await setDomainPolicy({ agencyId: ctx.agencyId, actor: await actorOf(ctx), input });
    return { saved: true };
  },
  false,
);

export const removeDomainAction = dashboardAction(
  "team:write",
  z.strictObject({ domain: z.string().min(3).max(253) }),
  async (input, ctx) => {
    await removeDomain({ agencyId: ctx.agencyId, actor: await actorOf(ctx), domain: input.domain });
    return { removed: true };
  },
  false,
);
