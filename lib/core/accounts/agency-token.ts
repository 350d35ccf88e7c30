// The one way the agency's own stored platform sign-in is used (access checks, the agency
// leaving an asset, receipts' read-backs, accepting invitations, the token sweep): the access
// token as stored while it has more than REFRESH_AHEAD_MS to live, else a new one from the
// refresh token. The refresh runs under a row lock on the account, so two workers never spend
// one refresh token twice: the second finds the first's new token and uses it. Where the
// platform rotates the refresh token, the newest is kept in the same write. A refresh the
// platform refuses (invalid_grant, revoked app, removed user), and only that, marks the account
// "Reconnect" and tells the agency's Owners (reconnect-notice.ts); a limit or an outage leaves
// the account as it is and says why the token could not be had.
import { isConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { openAgencyToken, sealAgencyToken } from "@/lib/core/request-records/granted-assets";
import { noticeReconnect } from "@/lib/core/accounts/reconnect-notice";
import { getPlatform } from "@/lib/core/catalog/catalog";

/** Refresh this long before the access token's stated expiry, so a call never starts with a dying token. */
export const REFRESH_AHEAD_MS = 5 * 60_000;

export type AgencyTokenForUse = {
  /** the access token to call with; null when there is none to use */
  token: string | null;
  /** why there is no usable token (shown as "Cannot be checked: <problem>"), null when fine */
  problem: string | null;
};

const platformName = (platform: string) => getPlatform(platform)?.name ?? platform;

export function reconnectProblem(platform: string, reason: string | null): string {
  return `${platformName(platform)} refused to renew the agency's sign-in${reason ? ` (${reason})` : ""}: reconnect the account on the Accounts page.`;
}

/** A sign-in with no refresh grant that ended (its stated expiry) or that the platform refused. */
export function endedProblem(platform: string, reason: string | null, expiresAt: Date | null, now: Date): string {
  const why =
    expiresAt && expiresAt <= now
      ? `it expired on ${expiresAt.toISOString().slice(0, 10)}`
      : `it was refused${reason ? ` (${reason})` : ""}`;
  return `${platformName(platform)} no longer accepts the agency's sign-in, which cannot be renewed: ${why}. Reconnect the account on the Accounts page.`;
}

/**
 * The agency's token for a call, refreshed first when it is expired or about to be (or when
 * `force`: the platform just refused a token that had not expired).
 */
export async function agencyTokenForUse(opts: {
  accountId: string;
  connector: Pick<PlatformConnector, "refreshAgencyToken"> | null;
  now?: Date;
  force?: boolean;
}): Promise<AgencyTokenForUse> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const row = await db.connectedAccount.findUnique({ where: { id: opts.accountId } });
  if (!row || row.status !== "connected") return { token: null, problem: null };
  const token = openAgencyToken(row.accessToken);
  // a refused refresh: nothing works until someone reconnects
  if (row.refreshToken && row.tokenInvalidAt)
    return { token: null, problem: reconnectProblem(row.platform, row.tokenInvalidReason) };
  // no refresh grant (Meta's long-lived token): once it has ended or the platform refused it, a
  // call with it can only be refused; the check says why (the sweep flags it, check-agency-tokens.ts)
  if (!row.refreshToken && (row.tokenInvalidAt || (row.tokenExpiresAt && row.tokenExpiresAt <= now)))
    return { token: null, problem: endedProblem(row.platform, row.tokenInvalidReason, row.tokenExpiresAt, now) };
  const fresh = !!token && (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() - REFRESH_AHEAD_MS > now.getTime());
  if (fresh && !opts.force) return { token, problem: null };
  const refreshToken = openAgencyToken(row.refreshToken);
  // nothing to refresh with: the token as it is (the platform says if it refuses it)
  if (!refreshToken || !opts.connector?.refreshAgencyToken) return { token, problem: null };
  const refresh = opts.connector.refreshAgencyToken.bind(opts.connector);

  return inTransaction(
    async (tx): Promise<AgencyTokenForUse> => {
      await tx.$queryRaw`SELECT "id" FROM "ConnectedAccount" WHERE "id" = ${row.id}::uuid FOR UPDATE`;
      const current = await tx.connectedAccount.findUniqueOrThrow({ where: { id: row.id } });
      // another worker refreshed (or the account was reconnected) while this one waited
      if (current.accessToken !== row.accessToken || current.refreshToken !== row.refreshToken) {
        if (current.tokenInvalidAt && current.refreshToken)
          return { token: null, problem: reconnectProblem(row.platform, current.tokenInvalidReason) };
        return { token: openAgencyToken(current.accessToken), problem: null };
      }
      try {
        const got = await refresh({ refreshToken, now });
        await tx.connectedAccount.update({
          where: { id: row.id },
          data: {
            accessToken: sealAgencyToken(got.accessToken),
            tokenExpiresAt: got.expiresAt ?? null,
            // rotation: the platform's newest refresh token replaces the one just spent
            ...(got.refreshToken
              ? {
                  refreshToken: sealAgencyToken(got.refreshToken),
                  refreshTokenExpiresAt: got.refreshTokenExpiresAt ?? null,
                }
              : got.refreshTokenExpiresAt
                ? { refreshTokenExpiresAt: got.refreshTokenExpiresAt }
                : {}),
            tokenRefreshedAt: now,
            tokenInvalidAt: null,
            tokenInvalidReason: null,
          },
        });
        return { token: got.accessToken, problem: null };
      } catch (err) {
        if (isConnectorError(err) && err.kind === "reauth") {
          const reason = err.message.slice(0, 300);
          await tx.connectedAccount.update({
            where: { id: row.id },
            data: { tokenInvalidAt: now, tokenInvalidReason: reason },
          });
          await noticeReconnect(tx, { account: current, reason, now });
          return { token: null, problem: reconnectProblem(row.platform, reason) };
        }
        const why =
          isConnectorError(err) && err.kind !== "server_error"
            ? err.message
            : `${platformName(row.platform)} could not be reached to renew the agency's sign-in.`;
        return { token: null, problem: `${why} The check will run again later.` };
      }
    },
    { timeout: 60_000 },
  );
}
