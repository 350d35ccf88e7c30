// Who may read which of the agency's stored emails in the Mailbox: owners and
// managers read every one; members and viewers only those addressed to them, since the
// others carry other people's verification and access links.
import { can, type Role } from "@/lib/core/auth/roles";

/** The address a member's Mailbox is limited to, or undefined for all of the agency's emails. */
export function mailboxAddressFor(ctx: { role: Role; email: string }): string | undefined {
  return can(ctx.role, "accounts:write") ? undefined : ctx.email;
}
