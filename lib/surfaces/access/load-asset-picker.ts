// The asset picker shown after a platform sign-in: the client's assets for the service,
// listed with the token the sign-in left on the grant session. The session must belong
// to this request and service, be signed in and not yet used for a grant, and be alive.

import type { Asset, PlatformConnector } from "@/lib/infra/connectors/connector";
import { isConnectorError } from "@/lib/infra/connectors/connector";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { AccessPageError, type AccessErrorCode } from "@/lib/surfaces/access/access-page-error";
import { connectorFor } from "@/lib/surfaces/access/platform-connector";
import { decryptText } from "@/lib/infra/secrets/seal";

import { UUID } from "@/lib/core/common/uuid";

export interface LiveSession {
  id: string;
  sealedToken: string;
  accessToken: string;
}

/** The signed-in session ready for a grant, or why it is not. */
export async function findLiveSession(db: Tx, opts: { requestId: string; serviceId: string; sessionId: string; now: Date }): Promise<LiveSession | { error: AccessErrorCode }> {
  if (!UUID.test(opts.sessionId)) return { error: "sign_in_expired" };
  const session = await db.grantSession.findFirst({
    where: { id: opts.sessionId, requestId: opts.requestId, serviceId: opts.serviceId },
  });
  if (!session || session.usedAt === null) return { error: "sign_in_expired" };
  // A used session with its token gone has already served a grant.
  if (session.accessToken === null) return { error: "sign_in_used" };
  if (session.expiresAt.getTime() <= opts.now.getTime()) return { error: "sign_in_expired" };
  const accessToken = decryptText(session.accessToken, loadSecrets().encryptionKey);
  if (accessToken === null) return { error: "sign_in_expired" };
  return { id: session.id, sealedToken: session.accessToken, accessToken };
}

export type AssetPicker = { ok: true; serviceId: string; sessionId: string; assets: Asset[] } | { ok: false; error: AccessErrorCode };

export async function loadAssetPicker(opts: {
  requestId: string;
  serviceId: string;
  platform: string;
  sessionId: string;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<AssetPicker> {
  const now = opts.now ?? new Date();
  const session = await findLiveSession(await getDb(), { ...opts, now });
  if ("error" in session) return { ok: false, error: session.error };
  try {
    const connector = connectorFor(opts.platform, { override: opts.connector });
    const assets = await connector.listAssets({ accessToken: session.accessToken, serviceId: opts.serviceId });
    return { ok: true, serviceId: opts.serviceId, sessionId: session.id, assets };
  } catch (err) {
    if (isConnectorError(err)) {
      if (err.kind === "server_error") console.error("access page: listing assets failed", err);
      return { ok: false, error: err.kind === "invalid_state" ? "sign_in_expired" : "generic" };
    }
    if (err instanceof AccessPageError) return { ok: false, error: err.code };
    throw err;
  }
}
