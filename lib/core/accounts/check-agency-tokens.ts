// On the access-check schedule: is each connected account's stored platform token (from the
// dashboard's "Connect") still good? Expired by its own expiry time, or refused by the
// platform on a harmless read of the agency's identities (ConnectorError "reauth"), it is
// flagged (`tokenInvalidAt`) and the Connected accounts page offers "Reconnect"; a token
// that works again (or a new one from reconnecting) clears the flag.
import { openAgencyToken } from "@/lib/core/access-checks/granted-assets";
import { isConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector, platformMode } from "@/lib/infra/connectors/get-connector";
import { getDb } from "@/lib/infra/db/db";

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
    select: { id: true, platform: true, accessToken: true, tokenExpiresAt: true, tokenInvalidAt: true },
  });
  let flagged = 0;
  for (const row of rows) {
    let invalid = !!row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= now.getTime();
    // the caller's connector where it names one (the access check's), else the installation's live one
    const connector = opts.connectorFor
      ? opts.connectorFor(row.platform)
      : platformMode(row.platform) === "live"
        ? getConnector(row.platform)
        : null;
    if (!invalid && connector) {
      const token = openAgencyToken(row.accessToken);
      if (!token) invalid = true;
      else if (connector?.listAgencyIdentities) {
        try {
          await connector.listAgencyIdentities({ accessToken: token });
        } catch (err) {
          // only the platform's "sign in again" counts; an outage says nothing about the token
          if (isConnectorError(err) && err.kind === "reauth") invalid = true;
          else continue;
        }
      }
    }
    if (invalid) flagged++;
    if (invalid !== !!row.tokenInvalidAt)
      await db.connectedAccount.update({ where: { id: row.id }, data: { tokenInvalidAt: invalid ? now : null } });
  }
  return { flagged };
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
