"use server";
// Accepting a team invite from its link (no session needed: the link is the credential).
import { headers } from "next/headers";
import { legacyClientIp } from "@/lib/surfaces/http/legacy-client-ip";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { parseUntrusted } from "@/lib/surfaces/http/untrusted-text";
import { acceptTeamInvite } from "@/lib/core/team/accept-team-invite";
import { ZAcceptTeamInviteBody } from "@/lib/core/team/schemas";

export async function acceptInviteAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  try {
    const parsed = parseUntrusted(ZAcceptTeamInviteBody, input);
    const res = await acceptTeamInvite({ input: parsed, address: legacyClientIp(await headers()) });
    return { ok: true, data: { email: res.email } };
  } catch (err) {
    return toActionFailure(err);
  }
}
