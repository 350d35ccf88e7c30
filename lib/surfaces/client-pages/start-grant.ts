// "Grant access" on an automatic service: opens a grant session (a single-use nonce
// bound to the request and the services it covers, 15 minutes) and returns where to send
// the client to sign in with the platform, carrying the signed state back to our
// callback. One sign-in covers every pending one-click service of the platform (see
// `sign-in-services.ts`): the platform is asked for all their scopes at once. A service
// handed to a colleague is theirs: the client's link neither starts nor covers its sign-in. A preview
// link ("preview as client") never reaches the platform: it answers `preview` instead.

import { getCatalogService, isOneClickHere } from "@/lib/core/catalog/catalog";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { newNonce, signState } from "@/lib/infra/connectors/oauth-state";
import { getDb } from "@/lib/infra/db/db";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { AccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { findRequestByToken, isOpenRequest, requestLocale } from "@/lib/surfaces/client-pages/find-request-by-token";
import { ownsService } from "@/lib/core/request-records/forward-ownership";
import { signInServices } from "@/lib/surfaces/client-pages/sign-in-services";
import {
  GRANT_SESSION_MINUTES,
  callbackUrl,
  connectorFor,
  signInVerifier,
} from "@/lib/surfaces/client-pages/platform-connector";

export type StartedGrant = { preview: false; authorizationUrl: string; sessionId: string } | { preview: true };

export async function startGrant(opts: {
  token: string;
  serviceId: string;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<StartedGrant> {
  const now = opts.now ?? new Date();
  const row = await findRequestByToken(opts.token);
  if (!row) throw new AccessPageError("not_found");
  const locale = requestLocale(row);
  if (!isOpenRequest(row, now)) throw new AccessPageError("closed", { locale });
  const svc = row.services.find((s) => s.serviceId === opts.serviceId);
  const covered = signInServices(
    row.services.map((s) => ({
      serviceId: s.serviceId,
      platform: s.platform,
      status: s.status,
      oneClick: isOneClickHere(getCatalogService(s.serviceId), platformMode(s.platform)),
      owned: ownsService(s, row.forward),
    })),
    opts.serviceId,
  );
  if (!svc || covered.length === 0) throw new AccessPageError("not_allowed", { serviceId: opts.serviceId, locale });
  if (row.isDemo) return { preview: true };
  const connector = connectorFor(svc.platform, { override: opts.connector, locale });

  const db = await getDb();
  const nonce = newNonce();
  const expiresAt = new Date(now.getTime() + GRANT_SESSION_MINUTES * 60_000);
  // Old sign-ins of this request are of no use any more; keep the table small.
  await db.grantSession.deleteMany({ where: { requestId: row.id, expiresAt: { lt: now } } });
  const session = await db.grantSession.create({
    data: {
      agencyId: row.agencyId,
      requestId: row.id,
      serviceId: svc.serviceId,
      serviceIds: covered,
      forwardId: row.forward?.id ?? null,
      nonce,
      expiresAt,
      createdAt: now,
    },
    select: { id: true },
  });
  const state = signState({ requestId: row.id, serviceId: svc.serviceId, nonce, expiresAt }, appSecret());
  const { authorizationUrl } = connector.beginSignIn({
    state,
    redirectUri: callbackUrl(),
    serviceIds: covered,
    codeVerifier: signInVerifier(nonce),
  });
  return { preview: false, authorizationUrl, sessionId: session.id };
}
