// What proves a single sign-on domain, in words the Security page shows too: no server-only
// import here, since the page's client component reads these (agency-domains.ts applies them).

/**
 * The addresses a code may be sent to: the mailboxes of a domain's administrators, the same
 * as the CA/Browser Forum's Baseline Requirements accept for proving a domain by email
 * (section 3.2.2.4.4, "Constructed Email to Domain Contact",
 * https://cabforum.org/working-groups/server/baseline-requirements/requirements/; RFC 2142
 * names hostmaster, postmaster and webmaster).
 */
export const ADMIN_MAILBOXES = ["admin", "administrator", "hostmaster", "postmaster", "webmaster"] as const;

export const NO_MAIL_SERVER =
  "This installation has no mail server, so a code would only reach this dashboard's Mailbox, which proves nothing. Enter the domain alone and prove it with a DNS TXT record.";
export const NOT_ADMIN_MAILBOX = `Use one of the domain's administrative addresses (${ADMIN_MAILBOXES.join("@, ")}@), or enter the domain alone and prove it with a DNS TXT record.`;
export const TAKEN_DOMAIN = "Another agency has verified this domain.";

/** Why a claim must be proved again, as the Security page says it. */
export const REPROVE_REASONS: Record<string, string> = {
  readable_code:
    "It was verified by a code this dashboard's Mailbox could read, which does not prove control of the domain. Prove it again: until then nobody joins through it and single sign-on is not required.",
  duplicate:
    "Another agency verified this domain first, and a verified domain belongs to one agency: nobody joins through this claim and single sign-on is not required. Remove it, or ask the administrator of this installation if the domain is yours.",
};
