// Leavers: a session that began with a provider sign-in names its identity. On the
// session's requests the identity is read; once it is disabled the session is refused.
// Every SSO_RECHECK_SECONDS the provider is asked, with the refresh token it gave at
// sign-in, whether the account still exists: a refusal (invalid_grant: the account was
// disabled, deleted or its grant revoked) disables the identity and ends every session
// of the user, with an audit entry. A provider that cannot be reached changes nothing.
import { recordForUser } from "@/lib/core/sso/sso-audit";
import { endUserSessions } from "@/lib/core/users/session-version";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { env } from "@/lib/infra/env";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { discoverProvider, refreshGrant } from "@/lib/infra/sso/oidc-discovery";
import { isStaffProvider, staffProviderConfig } from "@/lib/infra/sso/staff-providers";

/** Disables the identity and ends the user's sessions (also used when the provider says so at sign-in). */
export async function disableStaffIdentity(opts: { identityId: string; reason: string; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  const identity = await inTransaction(async (tx) => {
    const rows = await tx.staffIdentity.updateManyAndReturn({
      where: { id: opts.identityId, disabledAt: null },
      data: { disabledAt: now, refreshTokenSealed: null },
      select: { userId: true, provider: true, email: true },
    });
    if (rows[0]) await endUserSessions(rows[0].userId, tx);
    return rows[0] ?? null;
  });
  if (!identity) return;
  await recordForUser({
    userId: identity.userId,
    email: null,
    action: "user.identity_disabled",
    target: `sso:${identity.provider}`,
    changes: { reason: opts.reason, providerEmail: identity.email },
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
    await disableStaffIdentity({ identityId: identity.id, reason: answer.message, now });
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
  for (const d of due) if ((await checkStaffIdentity({ identityId: d.id, now })) === "ended") ended++;
  return ended;
}
