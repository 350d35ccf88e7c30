// Who may read which of the agency's stored emails in the Mailbox: owners and
// managers read every one; members and viewers only those addressed to them, since the
// others carry other people's verification and access links. Nobody in the agency reads an
// email that proves control of something outside it (a domain's one-time code): it goes to
// the domain's own mailbox or nowhere, or the claimant could prove a domain it does not hold.
import { can, type Role } from "@/lib/core/auth/roles";

/** The kind of the email carrying a single sign-on domain's one-time code. */
export const DOMAIN_CODE_EMAIL_KIND = "domain_code";

/** Kinds never listed nor read in any Mailbox: their body is a proof for someone outside the agency. */
export const PROOF_OF_CONTROL_KINDS: readonly string[] = [DOMAIN_CODE_EMAIL_KIND];

/** The Prisma filter that keeps proof-of-control emails out of every Mailbox read. */
export const MAILBOX_KINDS: { kind: { notIn: string[] } } = { kind: { notIn: [...PROOF_OF_CONTROL_KINDS] } };

/** The address a member's Mailbox is limited to, or undefined for all of the agency's emails. */
export function mailboxAddressFor(ctx: { role: Role; email: string }): string | undefined {
  return can(ctx.role, "accounts:write") ? undefined : ctx.email;
}
