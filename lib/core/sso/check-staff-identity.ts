// Leavers: a session that began with a provider sign-in names its identity. On the
// session's requests the identity is read; once it is disabled the session is refused.
// Every SSO_RECHECK_SECONDS the provider is asked, with the refresh token it gave at
// sign-in, whether the account still exists: a refusal (invalid_grant: the account was
// disabled, deleted or its grant revoked) disables the identity and ends every session
// of the user, with an audit entry, and the Owners of each agency the person belongs to
// are told (an in-app notification and an email). The periodic sweep also removes the
// departed member from each team where they are not an Owner (an Owner is kept: the other
// Owners are told to remove them, and an agency never loses its last Owner this way). A
// provider that cannot be reached changes nothing.
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { AccountEmail } from "@/lib/core/emails/templates/account-email";
import { recordAudit } from "@/lib/core/audit/record-audit";
import { recordForUser } from "@/lib/core/sso/sso-audit";
import { lockTeam } from "@/lib/core/team/lock-team";
import { endUserSessions } from "@/lib/core/users/session-version";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { env } from "@/lib/infra/env";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { discoverProvider, refreshGrant } from "@/lib/infra/sso/oidc-discovery";
import { isStaffProvider, staffProviderConfig, staffProviderName } from "@/lib/infra/sso/staff-providers";

/** The notification type Owners get when a member's provider account is disabled. */
export const IDENTITY_DISABLED = "member.identity_disabled";

/** Tells every Owner (but the person) of each agency the person belongs to, in the app and by email. */
async function notifyOwners(
  tx: Tx,
  opts: {
    identityId: string;
    userId: string;
    provider: string;
    reason: string;
    now: Date;
    /** The agencies the departed member is being removed from. */
    removedFrom: ReadonlySet<string>;
  },
): Promise<void> {
  const person = await tx.user.findUnique({ where: { id: opts.userId }, select: { email: true, name: true } });
  if (!person) return;
  const who = person.name ? `${person.name} (${person.email})` : person.email;
  const providerName = staffProviderName(opts.provider);
  const memberships = await tx.membership.findMany({
    where: { userId: opts.userId },
    select: { agencyId: true, agency: { select: { name: true } } },
  });
  for (const m of memberships) {
    const message = opts.removedFrom.has(m.agencyId)
      ? `${who}'s ${providerName} account was disabled: their dashboard sessions were ended and they were removed from the team.`
      : `${who}'s ${providerName} account was disabled: their dashboard sessions were ended. If they left, remove them from the team.`;
    const owners = await tx.membership.findMany({
      where: { agencyId: m.agencyId, role: "owner", userId: { not: opts.userId } },
      select: { userId: true, user: { select: { email: true } } },
    });
    if (owners.length === 0) continue;
    await tx.notification.createMany({
      data: owners.map((o) => ({
        agencyId: m.agencyId,
        userId: o.userId,
        eventId: `identity-disabled:${opts.identityId}`,
        type: IDENTITY_DISABLED,
        message,
        createdAt: opts.now,
        // the email below says it: no digest repeats it
        emailedAt: opts.now,
      })),
    });
    const link = { url: `${env().appUrl}/dashboard/team`, label: "Open the team" };
    const paragraphs = [message, `${providerName} answered: ${opts.reason.slice(0, 300)}`, `Agency: ${m.agency.name}.`];
    const html = await renderEmailHtml(AccountEmail({ paragraphs, link }));
    const text = `${paragraphs.join("\n\n")}\n\n${link.url}\n`;
    for (const o of owners)
      await tx.email.create({
        data: {
          agencyId: m.agencyId,
          kind: "sso_leaver",
          to: o.user.email,
          subject: `${person.email} can no longer sign in through ${providerName}`,
          text,
          html,
          createdAt: opts.now,
        },
      });
  }
}

/** The agencies where the person is a member but not an Owner: those the sweep removes them from. */
async function teamsToLeave(tx: Tx, userId: string): Promise<Set<string>> {
  const rows = await tx.membership.findMany({
    where: { userId, role: { not: "owner" } },
    select: { agencyId: true },
  });
  return new Set(rows.map((r) => r.agencyId));
}

/**
 * Disables the identity and ends the user's sessions (also used when the provider says so at
 * sign-in). With `removeFromTeams` (the periodic sweep) the person also leaves every team where
 * they are not an Owner, with an audit entry in each.
 */
export async function disableStaffIdentity(opts: {
  identityId: string;
  reason: string;
  now?: Date;
  removeFromTeams?: boolean;
}): Promise<void> {
  const now = opts.now ?? new Date();
  await inTransaction(async (tx) => {
    const rows = await tx.staffIdentity.updateManyAndReturn({
      where: { id: opts.identityId, disabledAt: null },
      data: { disabledAt: now, refreshTokenSealed: null },
      select: { userId: true, provider: true, email: true },
    });
    const identity = rows[0];
    if (!identity) return;
    await endUserSessions(identity.userId, tx);
    await recordForUser({
      userId: identity.userId,
      email: null,
      action: "user.identity_disabled",
      target: `sso:${identity.provider}`,
      changes: { reason: opts.reason, providerEmail: identity.email },
      tx,
    });
    const removedFrom = opts.removeFromTeams ? await teamsToLeave(tx, identity.userId) : new Set<string>();
    await notifyOwners(tx, { identityId: opts.identityId, ...identity, reason: opts.reason, now, removedFrom });
    const person = await tx.user.findUnique({ where: { id: identity.userId }, select: { email: true } });
    for (const agencyId of removedFrom) {
      await lockTeam(tx, agencyId);
      const removed = await tx.membership.deleteMany({ where: { agencyId, userId: identity.userId } });
      if (removed.count === 0) continue;
      await recordAudit({
        agencyId,
        actor: { userId: null, email: null, address: null },
        action: "team.member_removed",
        target: person?.email ?? identity.userId,
        changes: { reason: `${staffProviderName(identity.provider)} account disabled`, providerEmail: identity.email },
        tx,
      });
    }
  });
}

/**
 * For a session's request: "ended" when the identity is disabled (now or by this check);
 * "ok" otherwise. Asks the provider only when the last answer is older than the interval.
 */
export async function checkStaffIdentity(opts: {
  identityId: string;
  now?: Date;
  force?: boolean;
  /** The periodic sweep: a departed member also leaves the teams (see disableStaffIdentity). */
  removeFromTeams?: boolean;
}): Promise<"ok" | "ended"> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const identity = await db.staffIdentity.findUnique({
    where: { id: opts.identityId },
    select: { id: true, provider: true, disabledAt: true, checkedAt: true, refreshTokenSealed: true },
  });
  if (!identity || identity.disabledAt) return "ended";
  const interval = env().SSO_RECHECK_SECONDS * 1000;
  if (
    !opts.force &&
    (interval === 0 || (identity.checkedAt && now.getTime() - identity.checkedAt.getTime() < interval))
  )
    return "ok";
  if (!identity.refreshTokenSealed || !isStaffProvider(identity.provider)) return "ok";
  const config = staffProviderConfig(identity.provider);
  const refreshToken = decryptText(identity.refreshTokenSealed, loadSecrets().encryptionKey);
  if (!config || !refreshToken) return "ok";
  // only one request asks at a time: the others see the fresh checkedAt
  const claimed = await db.staffIdentity.updateMany({
    where: { id: identity.id, checkedAt: identity.checkedAt },
    data: { checkedAt: now },
  });
  if (claimed.count === 0) return "ok";
  const allowLoopback = env().WEBHOOK_ALLOW_LOOPBACK;
  const found = await discoverProvider(config.issuer, { allowLoopback });
  if (!found.ok) return "ok";
  const answer = await refreshGrant({
    tokenEndpoint: found.endpoints.token_endpoint,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    refreshToken,
    allowLoopback,
  });
  if (answer.outcome === "refused") {
    await disableStaffIdentity({
      identityId: identity.id,
      reason: answer.message,
      now,
      removeFromTeams: opts.removeFromTeams,
    });
    return "ended";
  }
  if (answer.outcome === "ok" && answer.refreshToken)
    await db.staffIdentity.update({
      where: { id: identity.id },
      data: { refreshTokenSealed: encryptText(answer.refreshToken, loadSecrets().encryptionKey) },
    });
  return "ok";
}

/** The periodic leaver check: every identity not asked about within the interval. */
export async function sweepStaffIdentities(opts: { now?: Date; limit?: number } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const interval = env().SSO_RECHECK_SECONDS * 1000;
  if (interval === 0) return 0;
  const due = await (
    await getDb()
  ).staffIdentity.findMany({
    where: {
      disabledAt: null,
      refreshTokenSealed: { not: null },
      OR: [{ checkedAt: null }, { checkedAt: { lt: new Date(now.getTime() - interval) } }],
    },
    select: { id: true },
    take: opts.limit ?? 50,
  });
  let ended = 0;
  for (const d of due)
    if ((await checkStaffIdentity({ identityId: d.id, now, removeFromTeams: true })) === "ended") ended++;
  return ended;
}
