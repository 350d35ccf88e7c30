// What a sign-in through an identity provider means for the dashboard. A known identity
// signs its user in. A new one is linked to an existing account only after the person
// proves that account once (its password, and its 2FA when on): never silently, and only
// when the provider says the email is verified. A verified email at a domain an agency
// claimed joins that agency with the role its Owner chose. Anything else is refused.
import { recordAudit } from "@/lib/core/audit/record-audit";
import { recordForUser } from "@/lib/core/sso/sso-audit";
import { findClaimedDomain, emailDomain } from "@/lib/core/sso/agency-domains";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { signToken, verifyToken } from "@/lib/infra/secrets/signed-token";
import type { StaffClaims, StaffProvider } from "@/lib/infra/sso/staff-providers";

const LINK_PURPOSE = "sso-link";
export const LINK_TTL_SECONDS = 15 * 60;
/** Never a valid argon2 hash: an account made by single sign-on has no password until one is set. */
export const NO_PASSWORD = "!sso-only!xxxxxxxx";

export type StaffSignInResult =
  | { kind: "signed_in"; userId: string; email: string; name: string | null; identityId: string; joined: string | null }
  | { kind: "link_required"; linkToken: string }
  | { kind: "refused"; reason: "unverified_email" | "no_account" | "no_email" };

const seal = (token: string | null) => (token ? encryptText(token, loadSecrets().encryptionKey) : null);

/**
 * Joins the agency holding the verified claim of the email's domain. Only a verified claim
 * counts: one whose verification no longer counts (proved by a code the agency could read, or
 * a second agency's) is unverified until its Owner proves it again, so nobody joins through it.
 */
async function joinClaimedDomain(
  tx: Tx,
  userId: string,
  email: string,
  address: string | null,
): Promise<string | null> {
  const claimed = await findClaimedDomain(emailDomain(email), tx);
  if (!claimed) return null;
  const member = await tx.membership.findUnique({
    where: { agencyId_userId: { agencyId: claimed.agencyId, userId } },
    select: { id: true },
  });
  if (member) return null;
  await tx.membership.create({ data: { agencyId: claimed.agencyId, userId, role: claimed.joinRole } });
  await recordAudit({
    agencyId: claimed.agencyId,
    actor: { userId, email, address },
    action: "member.joined_by_domain",
    target: `domain:${claimed.domain}`,
    changes: { role: claimed.joinRole, domain: claimed.domain },
    tx,
  });
  return claimed.agencyId;
}

export async function resolveStaffSignIn(opts: {
  provider: StaffProvider;
  claims: StaffClaims;
  refreshToken: string | null;
  address: string | null;
  now?: Date;
}): Promise<StaffSignInResult> {
  const { claims, provider } = opts;
  const now = opts.now ?? new Date();
  const db = await getDb();
  const known = await db.staffIdentity.findUnique({
    where: { provider_issuer_subject: { provider, issuer: claims.issuer, subject: claims.subject } },
    select: { id: true, userId: true, user: { select: { email: true, name: true } } },
  });
  if (known) {
    const joined = await inTransaction(async (tx) => {
      await tx.staffIdentity.update({
        where: { id: known.id },
        data: {
          lastSignInAt: now,
          checkedAt: now,
          disabledAt: null,
          ...(claims.email ? { email: claims.email } : {}),
          ...(opts.refreshToken ? { refreshTokenSealed: seal(opts.refreshToken) } : {}),
        },
      });
      return claims.emailVerified && claims.email === known.user.email
        ? joinClaimedDomain(tx, known.userId, known.user.email, opts.address)
        : null;
    });
    await recordForUser({
      userId: known.userId,
      email: known.user.email,
      address: opts.address,
      action: "user.signed_in",
      target: `sso:${provider}`,
      changes: { method: provider, providerMfa: claims.mfa },
    });
    return {
      kind: "signed_in",
      userId: known.userId,
      email: known.user.email,
      name: known.user.name,
      identityId: known.id,
      joined,
    };
  }
  if (!claims.email) return { kind: "refused", reason: "no_email" };
  if (!claims.emailVerified) return { kind: "refused", reason: "unverified_email" };
  const existing = await db.user.findUnique({ where: { email: claims.email }, select: { id: true } });
  if (existing) {
    const linkToken = signToken(
      LINK_PURPOSE,
      [provider, claims.issuer, claims.subject, claims.email, String(claims.mfa)],
      { now, ttlSeconds: LINK_TTL_SECONDS },
    );
    return { kind: "link_required", linkToken };
  }
  const claimed = await findClaimedDomain(emailDomain(claims.email));
  if (!claimed) return { kind: "refused", reason: "no_account" };
  const created = await inTransaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: claims.email!,
        name: claims.name,
        passwordHash: NO_PASSWORD,
        emailVerifiedAt: now,
      },
      select: { id: true, email: true, name: true },
    });
    const identity = await tx.staffIdentity.create({
      data: {
        userId: user.id,
        provider,
        issuer: claims.issuer,
        subject: claims.subject,
        email: claims.email!,
        refreshTokenSealed: seal(opts.refreshToken),
        lastSignInAt: now,
        checkedAt: now,
      },
      select: { id: true },
    });
    const joined = await joinClaimedDomain(tx, user.id, user.email, opts.address);
    return { user, identityId: identity.id, joined };
  });
  await recordForUser({
    userId: created.user.id,
    email: created.user.email,
    address: opts.address,
    action: "user.signed_in",
    target: `sso:${provider}`,
    changes: { method: provider, providerMfa: claims.mfa, firstSignIn: true },
  });
  return {
    kind: "signed_in",
    userId: created.user.id,
    email: created.user.email,
    name: created.user.name,
    identityId: created.identityId,
    joined: created.joined,
  };
}

/** The pending link a token names: for the link page to say which provider and address. */
export function readLinkToken(token: string, now?: Date): { provider: string; email: string } | null {
  const valid = verifyToken(LINK_PURPOSE, token, { now });
  if (!valid || valid.fields.length !== 5) return null;
  return { provider: valid.fields[0]!, email: valid.fields[3]! };
}

/**
 * Links the provider identity a link token names to `userId`, who has just proved the
 * account (password, and 2FA when on). The token's email must be the account's.
 */
export async function linkIdentityWithProof(opts: {
  token: string;
  userId: string;
  address: string | null;
  now?: Date;
}): Promise<{ identityId: string } | null> {
  const valid = verifyToken(LINK_PURPOSE, opts.token, { now: opts.now });
  if (!valid || valid.fields.length !== 5) return null;
  const [provider, issuer, subject, email, mfa] = valid.fields as [string, string, string, string, string];
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: opts.userId }, select: { email: true } });
  if (!user || user.email !== email) return null;
  const identity = await inTransaction(async (tx) => {
    const found = await tx.staffIdentity.findUnique({
      where: { provider_issuer_subject: { provider, issuer, subject } },
      select: { id: true, userId: true },
    });
    if (found) return found.userId === opts.userId ? { id: found.id, fresh: false } : null;
    const made = await tx.staffIdentity.create({
      data: { userId: opts.userId, provider, issuer, subject, email, lastSignInAt: opts.now ?? new Date() },
      select: { id: true },
    });
    return { id: made.id, fresh: true };
  });
  if (!identity) return null;
  if (identity.fresh)
    await recordForUser({
      userId: opts.userId,
      email,
      address: opts.address,
      action: "user.identity_linked",
      target: `sso:${provider}`,
      changes: { provider, issuer, providerMfa: mfa === "null" ? null : mfa === "true" },
    });
  return { identityId: identity.id };
}
