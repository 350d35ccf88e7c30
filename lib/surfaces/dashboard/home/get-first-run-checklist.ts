// The home page's first-run checklist for a new agency: the five things to do first, each
// ticked from the agency's own data (never a stored checkmark), each linking to where it is
// done. Hidden once dismissed or once everything is done.
import { getDb } from "@/lib/infra/db/db";

export type ChecklistItem = {
  id: "accounts" | "intake" | "branding" | "first_request" | "team";
  label: string;
  href: string;
  done: boolean;
};
export type FirstRunChecklist = { items: ChecklistItem[]; done: number; show: boolean };

export async function getFirstRunChecklist({ agencyId }: { agencyId: string }): Promise<FirstRunChecklist> {
  const db = await getDb();
  const [agency, accounts, questions, requests, members, invites] = await Promise.all([
    db.agency.findUniqueOrThrow({
      where: { id: agencyId },
      select: {
        checklistDismissedAt: true,
        intakeFormEnabled: true,
        logoMimeType: true,
        accentColor: true,
        staticLinkEnabled: true,
        staticLinkServices: true,
      },
    }),
    db.connectedAccount.count({ where: { agencyId, status: "connected" } }),
    db.intakeQuestion.count({ where: { agencyId, archivedAt: null } }),
    db.accessRequest.count({ where: { agencyId } }),
    db.membership.count({ where: { agencyId } }),
    db.teamInvite.count({ where: { agencyId } }),
  ]);
  const services = agency.staticLinkServices;
  const staticLinkReady =
    agency.staticLinkEnabled && !!services && typeof services === "object" && Object.keys(services).length > 0;
  const items: ChecklistItem[] = [
    {
      id: "accounts",
      label: "Connect the accounts of the platforms you use",
      href: "/dashboard/accounts",
      done: accounts > 0,
    },
    {
      id: "intake",
      label: "Set up the intake form",
      href: "/dashboard/intake",
      done: agency.intakeFormEnabled && questions > 0,
    },
    {
      id: "branding",
      label: "Add your logo and colours",
      href: "/dashboard/branding",
      done: !!agency.logoMimeType || !!agency.accentColor,
    },
    {
      id: "first_request",
      label: "Create a first request or turn on the static link",
      href: requests > 0 || staticLinkReady ? "/dashboard/requests" : "/dashboard/requests/new",
      done: requests > 0 || staticLinkReady,
    },
    { id: "team", label: "Invite your team", href: "/dashboard/team", done: members > 1 || invites > 0 },
  ];
  const done = items.filter((i) => i.done).length;
  return { items, done, show: !agency.checklistDismissedAt && done < items.length };
}

export async function dismissFirstRunChecklist({ agencyId }: { agencyId: string }): Promise<{ dismissed: true }> {
  await (await getDb()).agency.update({ where: { id: agencyId }, data: { checklistDismissedAt: new Date() } });
  return { dismissed: true };
}
