// A team invite link: who invited you and with which role; enter your account's password
// if the invited email has one, or choose a new one. The page does not say which applies.
import type { Metadata } from "next";
import Link from "next/link";
import { getTeamInviteByToken } from "@/lib/core/team/get-team-invite-by-token";
import { AcceptInviteForm } from "./accept-invite-form";
import { roleName } from "@/lib/core/auth/roles";
import { DateTime } from "@/components/ui/date-time";

export const metadata: Metadata = { title: "Join your team" };
export const dynamic = "force-dynamic";

const STATE_MESSAGES: Record<string, string> = {
  expired: "This invite link has expired. Ask the person who invited you for a new one.",
  accepted: "This invite link was already used.",
  revoked: "This invite link was withdrawn.",
  locked: "This invite link was locked after too many wrong passwords. Ask the person who invited you for a new one.",
};

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await getTeamInviteByToken({ token });
  if (!invite || invite.state !== "valid") {
    return (
      <>
        <h1 className="text-xl font-semibold">Invite not valid</h1>
        <p className="mt-2 text-sm text-slate-600">
          {invite ? STATE_MESSAGES[invite.state] : "This invite link is not valid."}
        </p>
        <p className="mt-6 text-sm">
          <Link href="/login" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Go to sign in
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold">Join {invite.agencyName}</h1>
      <p className="mt-1 text-sm text-slate-600">
        You were invited as <strong className="font-medium text-slate-900">{roleName(invite.role)}</strong>. The link
        works until <DateTime value={invite.expiresAt} zone />.
      </p>
      <AcceptInviteForm token={token} email={invite.email} />
    </>
  );
}
