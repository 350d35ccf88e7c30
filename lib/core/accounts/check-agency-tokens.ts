// On the access-check schedule: is each connected account's stored platform sign-in (from the
// dashboard's "Connect") still good? A sign-in with a refresh token is renewed when due and is
// flagged only when the platform refuses the renewal (agency-token.ts). One without (a platform
// with no refresh grant) is flagged when it expired by its own expiry time or the platform
// refuses it on a harmless read of the agency's identities (ConnectorError "reauth"); the Owners
// are told once, when it is first flagged (reconnect-notice.ts). A flagged
// account (`tokenInvalidAt`) shows "Reconnect"; a token that works again (or a new one from
// reconnecting) clears the flag.
import { openAgencyToken } from "@/lib/core/request-records/granted-assets";
import { isConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector, platformMode } from "@/lib/infra/connectors/get-connector";
import { getDb } from "@/lib/infra/db/db";
import { agencyTokenForUse } from "@/lib/core/accounts/agency-token";
import { noticeReconnect } from "@/lib/core/accounts/reconnect-notice";
import { inTransaction } from "@/lib/infra/db/transaction";

export async function checkAgencyTokens(opts: {
  agencyId: string;
  now?: Date;
  /** the connector to read with; null when the platform cannot be used here (nothing is read) */
  connectorFor?: (platform: string) => PlatformConnector | null;
}): Promise<{ flagged: number }> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const rows = await db.connectedAccount.findMany({
    where: { agencyId: opts.agencyId, status: "connected", accessToken: { not: null } },
    select: {
      id: true,
      agencyId: true,
      platform: true,
      displayName: true,
      email: true,
      accessToken: true,
      refreshToken: true,
      tokenExpiresAt: true,
      tokenInvalidAt: true,
    },
  });
  let flagged = 0;
  for (const row of rows) {
    // the caller's connector where it names one (the access check's), else the installation's live one
    const connector = opts.connectorFor
      ? opts.connectorFor(row.platform)
      : platformMode(row.platform) === "live"
        ? getConnector(row.platform)
        : null;
    if (row.refreshToken && connector?.refreshAgencyToken) {
      // a refreshable sign-in is "Reconnect" only when its refresh is refused (agency-token.ts marks it)
      if (await refreshableTokenRefused(row.id, connector, now)) flagged++;
      continue;
    }
    let invalid = !!row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= now.getTime();
    let reason: string | null = invalid ? "the sign-in expired" : null;
    if (!invalid && connector) {
      const token = openAgencyToken(row.accessToken);
      if (!token) invalid = true;
      else if (connector.listAgencyIdentities) {
        try {
          await connector.listAgencyIdentities({ accessToken: token });
        } catch (err) {
          // only the platform's "sign in again" counts; an outage says nothing about the token
          if (isConnectorError(err) && err.kind === "reauth") {
            invalid = true;
            reason = err.message.slice(0, 300);
          } else continue;
        }
      }
    }
    if (invalid) flagged++;
    if (invalid !== !!row.tokenInvalidAt)
      await inTransaction(async (tx) => {
        const account = await tx.connectedAccount.update({
          where: { id: row.id },
          data: { tokenInvalidAt: invalid ? now : null, tokenInvalidReason: invalid ? reason : null },
        });
        // newly refused (a sign-in with no refresh grant): the Owners are told, as for a refused renewal
        if (invalid) await noticeReconnect(tx, { account, reason: reason ?? "the sign-in was refused", now });
      });
  }
  return { flagged };
}

/**
 * A sign-in with a refresh token: the token for use (renewed when due); when the platform refuses
 * it although it has not expired, one forced renewal. True when the renewal was refused.
 */
async function refreshableTokenRefused(accountId: string, connector: PlatformConnector, now: Date): Promise<boolean> {
  const got = await agencyTokenForUse({ accountId, connector, now });
  if (!got.token) return got.problem !== null && (await isFlagged(accountId));
  if (!connector.listAgencyIdentities) return false;
  try {
    await connector.listAgencyIdentities({ accessToken: got.token });
    return false;
  } catch (err) {
    if (!isConnectorError(err) || err.kind !== "reauth") return false;
  }
  const again = await agencyTokenForUse({ accountId, connector, now, force: true });
  return !again.token && (await isFlagged(accountId));
}

async function isFlagged(accountId: string): Promise<boolean> {
  const row = await (
    await getDb()
  ).connectedAccount.findUnique({ where: { id: accountId }, select: { tokenInvalidAt: true } });
  return !!row?.tokenInvalidAt;
}

/** Internal account ids whose stored token needs a reconnect. */
export async function accountsNeedingReconnect({ agencyId }: { agencyId: string }): Promise<string[]> {
  const rows = await (
    await getDb()
  ).connectedAccount.findMany({
    where: { agencyId, status: "connected", tokenInvalidAt: { not: null } },
    select: { internalAccountId: true },
  });
  return rows.map((r) => r.internalAccountId);
}

/** What the Accounts page shows of each connection's stored sign-in (never the tokens). */
export type AccountHealth = {
  internalAccountId: string;
  /** a platform sign-in is stored */
  signedIn: boolean;
  /** a refresh token is stored: the sign-in renews itself */
  renews: boolean;
  tokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  tokenRefreshedAt: string | null;
  /** set when the account must be reconnected, with the platform's reason where it gave one */
  reconnect: { since: string; reason: string | null } | null;
};

export async function listAccountHealth({ agencyId }: { agencyId: string }): Promise<AccountHealth[]> {
  const rows = await (
    await getDb()
  ).connectedAccount.findMany({
    where: { agencyId, status: "connected" },
    select: {
      internalAccountId: true,
      accessToken: true,
      refreshToken: true,
      tokenExpiresAt: true,
      refreshTokenExpiresAt: true,
      tokenRefreshedAt: true,
      tokenInvalidAt: true,
      tokenInvalidReason: true,
    },
  });
  return rows.map((r) => ({
    internalAccountId: r.internalAccountId,
    signedIn: r.accessToken !== null,
    renews: r.refreshToken !== null,
    tokenExpiresAt: r.tokenExpiresAt?.toISOString() ?? null,
    refreshTokenExpiresAt: r.refreshTokenExpiresAt?.toISOString() ?? null,
    tokenRefreshedAt: r.tokenRefreshedAt?.toISOString() ?? null,
    reconnect: r.tokenInvalidAt ? { since: r.tokenInvalidAt.toISOString(), reason: r.tokenInvalidReason } : null,
  }));
}
