// Email domains an agency claims for single sign-on. A claim is verified only by someone who
// controls the domain (docs/security.md, "Domains: the proof rule"):
// - a DNS TXT record published at _access-requests.<domain> (the value is derived from the
//   agency, the domain and the app's secret, so it is the same on every page load and
//   useless to another agency), looked up where this installation can resolve it; or
// - a one-time code (valid 30 minutes, five tries) sent through the mail server to one of the
//   domain's administrative addresses (admin@, administrator@, hostmaster@, postmaster@,
//   webmaster@): an address anyone can hold at a public mail domain proves nothing. The
//   code's email is never listed nor readable in the agency's Mailbox
//   (lib/core/emails/email-visibility.ts), and its body is purged once sent; with no mail
//   server (no SMTP_URL) the email would only sit in that Mailbox, so the email way is
//   refused and the Owner is told to publish the DNS record.
// A verified domain belongs to one agency (a partial unique index on verified domains; the
// loser of a race gets the same refusal as a later claimant). A claim verified earlier by a
// code the Mailbox could read went back to unverified with `reproveReason` (migration
// domain_proof_of_control): nobody joins through it and "Require single sign-on" does not
// apply until the Owner proves it again. Once verified, people signing in through a provider
// with a verified email there join with the chosen role (Viewer unless the Owner chose
// otherwise), and "Require single sign-on" refuses their passwords, with one break-glass
// path: an Owner of the agency who has two-factor sign-in on may still use the password
// (recorded in the audit log), so a broken provider never locks the agency out.
import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { ROLES, type Role } from "@/lib/core/auth/roles";
import { notFound, validationError } from "@/lib/core/common/api-error";
import { isUniqueViolation } from "@/lib/core/common/to-api-error";
import { DOMAIN_CODE_EMAIL_KIND } from "@/lib/core/emails/email-visibility";
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { AccountEmail } from "@/lib/core/emails/templates/account-email";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { env } from "@/lib/infra/env";
import { lookupTxt, type TxtResolver } from "@/lib/infra/dns/lookup-txt";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { ADMIN_MAILBOXES, NO_MAIL_SERVER, NOT_ADMIN_MAILBOX, TAKEN_DOMAIN } from "@/lib/core/sso/domain-proof-rules";

export const CODE_TTL_MS = 30 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

export type AgencyDomainView = {
  id: string;
  domain: string;
  verified: boolean;
  verifiedAt: string | null;
  joinRole: Role;
  requireSso: boolean;
  codeSentTo: string | null;
  /** the TXT record that proves the domain, while it is not verified */
  txtRecord: { name: string; value: string } | null;
  /** why an earlier verification no longer counts (see REPROVE_REASONS), while it is not proved again */
  reproveReason: string | null;
};

type Actor = { userId: string; email: string; address?: string | null };

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** Where the proving TXT record goes, and the value it holds, for this agency and domain. */
export function domainTxtRecord(agencyId: string, domain: string): { name: string; value: string } {
  const mac = createHmac("sha256", appSecret()).update(`sso-domain-txt\n${agencyId}\n${domain}`).digest("base64url");
  return { name: `_access-requests.${domain}`, value: `access-requests-domain=${mac.slice(0, 32)}` };
}

type DomainRow = {
  id: string;
  agencyId: string;
  domain: string;
  verifiedAt: Date | null;
  joinRole: Role;
  requireSso: boolean;
  codeEmail: string | null;
  reproveReason: string | null;
};

function toView(r: DomainRow): AgencyDomainView {
  return {
    id: r.id,
    domain: r.domain,
    verified: !!r.verifiedAt,
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
    joinRole: r.joinRole,
    requireSso: r.requireSso,
    codeSentTo: r.verifiedAt ? null : r.codeEmail,
    txtRecord: r.verifiedAt ? null : domainTxtRecord(r.agencyId, r.domain),
    reproveReason: r.verifiedAt ? null : r.reproveReason,
  };
}

export async function listAgencyDomains(agencyId: string): Promise<AgencyDomainView[]> {
  const rows = await (await getDb()).agencyDomain.findMany({ where: { agencyId }, orderBy: { domain: "asc" } });
  return rows.map(toView);
}

/** The verified claim of `domain`, if any agency holds one. */
export async function findClaimedDomain(domain: string, tx?: Tx) {
  const db = tx ?? (await getDb());
  return db.agencyDomain.findFirst({
    where: { domain, verifiedAt: { not: null } },
    select: { id: true, agencyId: true, domain: true, joinRole: true, requireSso: true },
  });
}

export const ZClaimDomain = z.object({
  /** one of the domain's administrative addresses (ADMIN_MAILBOXES), which receives the one-time code */
  email: z.email("Must be an email address at the domain.").max(320),
});

async function refuseTakenDomain(agencyId: string, domain: string, field: string): Promise<void> {
  const taken = await findClaimedDomain(domain);
  if (taken && taken.agencyId !== agencyId) throw validationError(field, TAKEN_DOMAIN);
  if (taken) throw validationError(field, "This domain is verified already.");
}

/**
 * Marks a claimed domain verified (by its emailed code or its DNS record) unless another agency
 * verified it first, with the audit entry saying how. The check before the update gives the
 * usual refusal; two agencies verifying at the same moment both pass it, and the partial
 * unique index refuses the second update, which gets the same refusal (never a 500).
 */
async function markVerified(
  tx: Tx,
  opts: {
    rowId: string;
    agencyId: string;
    actor: Actor;
    domain: string;
    /** the field a refusal names: the code's or the domain's */
    field: "code" | "domain";
    changes: Record<string, unknown>;
    now: Date;
  },
): Promise<DomainRow> {
  if (await findClaimedDomain(opts.domain, tx)) throw validationError(opts.field, TAKEN_DOMAIN);
  const updated = await tx.agencyDomain
    .update({
      where: { id: opts.rowId },
      data: { verifiedAt: opts.now, codeHash: null, codeExpiresAt: null, codeAttempts: 0, reproveReason: null },
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw validationError(opts.field, TAKEN_DOMAIN);
      throw err;
    });
  await recordAudit({
    agencyId: opts.agencyId,
    actor: opts.actor,
    action: "sso.domain_verified",
    target: `domain:${opts.domain}`,
    changes: opts.changes,
    tx,
  });
  return updated;
}

/**
 * Starts (or restarts) a claim proved by email: a code is sent to `email`, one of the domain's
 * administrative addresses, through the mail server. The code is returned to no one: it
 * exists only in that email, which the agency's Mailbox never shows.
 */
export async function claimDomain(opts: {
  agencyId: string;
  actor: Actor;
  input: z.infer<typeof ZClaimDomain>;
  now?: Date;
}): Promise<{ domain: string; sentTo: string }> {
  const email = opts.input.email.trim().toLowerCase();
  const domain = emailDomain(email);
  if (!DOMAIN.test(domain))
    throw validationError("email", "The address must be at a real domain, such as admin@youragency.com.");
  if (!env().SMTP_URL) throw validationError("email", NO_MAIL_SERVER);
  const mailbox = email.slice(0, email.lastIndexOf("@"));
  if (!(ADMIN_MAILBOXES as readonly string[]).includes(mailbox)) throw validationError("email", NOT_ADMIN_MAILBOX);
  await refuseTakenDomain(opts.agencyId, domain, "email");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = opts.now ?? new Date();
  const paragraphs = [
    `Your one-time code to verify ${domain} for single sign-on is ${code}.`,
    "It works for 30 minutes. If you did not ask for it, ignore this email: nothing changes without the code.",
  ];
  const html = await renderEmailHtml(AccountEmail({ paragraphs }));
  await inTransaction(async (tx) => {
    const data = {
      codeHash: hashCode(code),
      codeEmail: email,
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      codeAttempts: 0,
    };
    await tx.agencyDomain.upsert({
      where: { agencyId_domain: { agencyId: opts.agencyId, domain } },
      create: { agencyId: opts.agencyId, domain, ...data },
      update: data,
    });
    await tx.email.create({
      data: {
        agencyId: opts.agencyId,
        kind: DOMAIN_CODE_EMAIL_KIND,
        to: email,
        subject: `Your code to verify ${domain}`,
        text: paragraphs.join("\n\n"),
        html,
      },
    });
    await recordAudit({
      agencyId: opts.agencyId,
      actor: opts.actor,
      action: "sso.domain_claimed",
      target: `domain:${domain}`,
      changes: { sentTo: email },
      tx,
    });
  });
  return { domain, sentTo: email };
}

export const ZConfirmDomain = z.object({
  domain: z.string().min(3).max(253),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "The code is the 6 digits in the email."),
});

export async function confirmDomain(opts: {
  agencyId: string;
  actor: Actor;
  input: z.infer<typeof ZConfirmDomain>;
  now?: Date;
}): Promise<AgencyDomainView> {
  const domain = opts.input.domain.trim().toLowerCase();
  const now = opts.now ?? new Date();
  return inTransaction(async (tx) => {
    const row = await tx.agencyDomain.findUnique({ where: { agencyId_domain: { agencyId: opts.agencyId, domain } } });
    if (!row) throw notFound("Domain");
    if (row.verifiedAt) throw validationError("code", "This domain is verified already.");
    if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now)
      throw validationError("code", "The code has expired: send a new one.");
    if (row.codeAttempts >= MAX_CODE_ATTEMPTS) throw validationError("code", "Too many wrong codes: send a new one.");
    const ok = timingSafeEqual(Buffer.from(hashCode(opts.input.code)), Buffer.from(row.codeHash));
    if (!ok) {
      await tx.agencyDomain.update({ where: { id: row.id }, data: { codeAttempts: { increment: 1 } } });
      return null;
    }
    return markVerified(tx, {
      rowId: row.id,
      agencyId: opts.agencyId,
      actor: opts.actor,
      domain,
      field: "code",
      changes: { method: "email_code", via: row.codeEmail },
      now,
    });
  }).then((updated) => {
    // the wrong try is committed above; the refusal is thrown after
    if (!updated) throw validationError("code", "That code is not right.");
    return toView(updated);
  });
}

export const ZDomainName = z.object({
  domain: z.string().trim().toLowerCase().max(253).regex(DOMAIN, "Enter the domain alone, such as youragency.com."),
});

/**
 * Starts a claim proved by a DNS TXT record (nothing is emailed): the domain is listed with
 * the record to publish. Claiming again changes nothing.
 */
export async function claimDomainByDns(opts: {
  agencyId: string;
  actor: Actor;
  input: z.infer<typeof ZDomainName>;
}): Promise<AgencyDomainView> {
  const domain = opts.input.domain;
  await refuseTakenDomain(opts.agencyId, domain, "domain");
  return inTransaction(async (tx) => {
    const existing = await tx.agencyDomain.findUnique({
      where: { agencyId_domain: { agencyId: opts.agencyId, domain } },
    });
    if (existing) return toView(existing);
    const row = await tx.agencyDomain.create({ data: { agencyId: opts.agencyId, domain } });
    await recordAudit({
      agencyId: opts.agencyId,
      actor: opts.actor,
      action: "sso.domain_claimed",
      target: `domain:${domain}`,
      changes: { method: "dns_txt", record: domainTxtRecord(opts.agencyId, domain).name },
      tx,
    });
    return toView(row);
  });
}

/**
 * "Check": reads the domain's TXT records and verifies the domain when one holds this
 * agency's value. Refuses, naming the record, when there is none, when none holds the
 * value, or when this installation cannot reach DNS (then the emailed code is the way).
 */
export async function checkDomainTxt(opts: {
  agencyId: string;
  actor: Actor;
  input: z.infer<typeof ZDomainName>;
  /** tests pass their own; the app asks the system's DNS */
  resolveTxt?: TxtResolver;
  now?: Date;
}): Promise<AgencyDomainView> {
  const domain = opts.input.domain;
  const db = await getDb();
  const row = await db.agencyDomain.findUnique({ where: { agencyId_domain: { agencyId: opts.agencyId, domain } } });
  if (!row) throw notFound("Domain");
  if (row.verifiedAt) throw validationError("domain", "This domain is verified already.");
  const record = domainTxtRecord(opts.agencyId, domain);
  const found = await lookupTxt(record.name, opts.resolveTxt);
  if (!found.ok && found.reason === "unreachable")
    throw validationError(
      "domain",
      `This installation could not look up DNS records (${found.code}). Check again later${
        env().SMTP_URL ? ", or prove the domain with a code sent to its administrative address" : ""
      }.`,
    );
  if (!found.ok || found.records.length === 0)
    throw validationError(
      "domain",
      `No TXT record found at ${record.name}. Publish it and check again: a new record can take a few minutes to appear.`,
    );
  if (!found.records.some((r) => r.trim() === record.value))
    throw validationError(
      "domain",
      `The TXT record at ${record.name} does not hold the value shown here. Found: ${found.records
        .map((r) => `"${r.slice(0, 80)}"`)
        .join(", ")
        .slice(0, 300)}.`,
    );
  const now = opts.now ?? new Date();
  const updated = await inTransaction((tx) =>
    markVerified(tx, {
      rowId: row.id,
      agencyId: opts.agencyId,
      actor: opts.actor,
      domain,
      field: "domain",
      changes: { method: "dns_txt", record: record.name, value: record.value },
      now,
    }),
  );
  return toView(updated);
}

export const ZDomainPolicy = z.object({
  domain: z.string().min(3).max(253),
  joinRole: z.enum(ROLES).optional(),
  requireSso: z.boolean().optional(),
});

export async function setDomainPolicy(opts: {
  agencyId: string;
  actor: Actor;
  input: z.infer<typeof ZDomainPolicy>;
}): Promise<void> {
  const domain = opts.input.domain.trim().toLowerCase();
  await inTransaction(async (tx) => {
    const row = await tx.agencyDomain.findUnique({ where: { agencyId_domain: { agencyId: opts.agencyId, domain } } });
    if (!row) throw notFound("Domain");
    if (opts.input.requireSso && !row.verifiedAt)
      throw validationError("requireSso", "Verify the domain before requiring single sign-on.");
    const changes: Record<string, unknown> = {};
    if (opts.input.joinRole !== undefined && opts.input.joinRole !== row.joinRole)
      changes.joinRole = { from: row.joinRole, to: opts.input.joinRole };
    if (opts.input.requireSso !== undefined && opts.input.requireSso !== row.requireSso)
      changes.requireSso = { from: row.requireSso, to: opts.input.requireSso };
    if (Object.keys(changes).length === 0) return;
    await tx.agencyDomain.update({
      where: { id: row.id },
      data: {
        ...(opts.input.joinRole !== undefined ? { joinRole: opts.input.joinRole } : {}),
        ...(opts.input.requireSso !== undefined ? { requireSso: opts.input.requireSso } : {}),
      },
    });
    await recordAudit({
      agencyId: opts.agencyId,
      actor: opts.actor,
      action: "sso.policy_changed",
      target: `domain:${domain}`,
      changes,
      tx,
    });
  });
}

export async function removeDomain(opts: { agencyId: string; actor: Actor; domain: string }): Promise<void> {
  const domain = opts.domain.trim().toLowerCase();
  await inTransaction(async (tx) => {
    const row = await tx.agencyDomain.findUnique({ where: { agencyId_domain: { agencyId: opts.agencyId, domain } } });
    if (!row) throw notFound("Domain");
    await tx.agencyDomain.delete({ where: { id: row.id } });
    await recordAudit({
      agencyId: opts.agencyId,
      actor: opts.actor,
      action: "sso.domain_removed",
      target: `domain:${domain}`,
      tx,
    });
  });
}

/**
 * Whether a password sign-in is allowed for this account: "refused" when an agency it
 * belongs to requires single sign-on for its email's domain; "break_glass" for an Owner of
 * that agency with two-factor sign-in on (the documented way back in).
 */
export async function passwordSignInPolicy(opts: {
  userId: string;
  email: string;
}): Promise<"allowed" | "refused" | "break_glass"> {
  const db = await getDb();
  const claim = await db.agencyDomain.findFirst({
    where: {
      domain: emailDomain(opts.email),
      verifiedAt: { not: null },
      requireSso: true,
      agency: { memberships: { some: { userId: opts.userId } } },
    },
    select: { agencyId: true },
  });
  if (!claim) return "allowed";
  const member = await db.membership.findUnique({
    where: { agencyId_userId: { agencyId: claim.agencyId, userId: opts.userId } },
    select: { role: true, user: { select: { totpEnabledAt: true } } },
  });
  if (member?.role === "owner" && member.user.totpEnabledAt) return "break_glass";
  return "refused";
}
