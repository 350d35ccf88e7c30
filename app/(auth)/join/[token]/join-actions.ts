"use server";
// Accepting a team invite from its link (no session needed: the link is the credential).
import { headers } from "next/headers";
import { legacyClientIp } from "@/lib/surfaces/http/legacy-client-ip";
import { toActionFailure, type ActionResult } from "@/lib/surfaces/dashboard/action-result";
import { zodToApiError } from "@/lib/core/common/to-api-error";
import { acceptTeamInvite } from "@/lib/core/team/accept-team-invite";
import { ZAcceptTeamInviteBody } from "@/lib/core/team/schemas";

export async function acceptInviteAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  try {
    const parsed = ZAcceptTeamInviteBody.safeParse(input);
    if (!parsed.success) throw zodToApiError(parsed.error);
    const res = await acceptTeamInvite({ input: parsed.data, address: legacyClientIp(await headers()) });
    return { ok: true, data: { email: res.email } };
  } catch (err) {
    return toActionFailure(err);
  }
}
