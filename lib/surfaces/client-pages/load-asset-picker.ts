// The asset picker shown after a platform sign-in: for every service the sign-in covers
// and the client can still grant, the client's assets, listed with the one token the
// sign-in left on the grant session. The session must belong to this request and cover
// the service, be signed in and not yet used for a grant, and be alive.

import type { Asset, PlatformConnector } from "@/lib/infra/connectors/connector";
import { isConnectorError } from "@/lib/infra/connectors/connector";
import { getDb } from "@/lib/infra/db/db";
import { AccessPageError, type AccessErrorCode } from "@/lib/surfaces/client-pages/access-page-error";
import { connectorFor } from "@/lib/surfaces/client-pages/platform-connector";
import { findLiveSession } from "@/lib/core/grants/grant-session";
import { log } from "@/lib/infra/log";

export interface PickerSection {
  serviceId: string;
  assets: Asset[];
}

export type AssetPicker =
  { ok: true; sessionId: string; sections: PickerSection[] } | { ok: false; error: AccessErrorCode };

export async function loadAssetPicker(opts: {
  requestId: string;
  /** the service the sign-in was started from (the page's `pick`) */
  serviceId: string;
  platform: string;
  sessionId: string;
  /** whether the client can still grant a service (pending, one-click): others get no section */
  grantable: (serviceId: string) => boolean;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<AssetPicker> {
  const now = opts.now ?? new Date();
  const session = await findLiveSession(await getDb(), { ...opts, now });
  if ("error" in session) return { ok: false, error: session.error };
  try {
    const connector = connectorFor(opts.platform, { override: opts.connector });
    const sections: PickerSection[] = [];
    for (const serviceId of session.serviceIds.filter(opts.grantable)) {
      sections.push({ serviceId, assets: await connector.listAssets({ accessToken: session.accessToken, serviceId }) });
    }
    return { ok: true, sessionId: session.id, sections };
  } catch (err) {
    if (isConnectorError(err)) {
      if (err.kind === "server_error") log().error({ err }, "access page: listing assets failed");
      // The platform's limit or outage outlasted the retries, or it wants a new sign-in: say so, not "our failure".
      const error =
        err.kind === "invalid_state"
          ? "sign_in_expired"
          : err.kind === "rate_limited"
            ? "platform_busy"
            : err.kind === "reauth"
              ? "sign_in_again"
              : "generic";
      return { ok: false, error };
    }
    if (err instanceof AccessPageError) return { ok: false, error: err.code };
    throw err;
  }
}
