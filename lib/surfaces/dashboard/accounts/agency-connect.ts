// The dashboard's "Connect account" for a live platform: the same OAuth sign-in as the
// client pages, for the agency user. Start opens a single-use session bound to the agency
// and the user and sends the browser to the platform with a signed state and a PKCE
// challenge; the callback spends the nonce, exchanges the code and keeps the tokens (access and,
// where the platform issues one, refresh) sealed on the session; the user then picks one of the identities the connector lists (Meta:
// their Business Managers) and the connected account is saved with that identity and the
// agency's tokens sealed at rest. The tokens are never shown and leave the session on save.

import { isSignInCancellation } from "@/lib/infra/connectors/oauth-answers";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { ApiError } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import { isConnectorError, type AgencyIdentity, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector, platformMode } from "@/lib/infra/connectors/get-connector";
import { newNonce } from "@/lib/infra/connectors/oauth-state";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { env } from "@/lib/infra/env";
import { decryptText, encryptText, signValue, verifyValue } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { log } from "@/lib/infra/log";

export const AGENCY_CONNECT_MINUTES = 15;
const PURPOSE = "agency-connect-state";

export type AgencyConnectUser = { agencyId: string; userId: string };

export function agencyConnectCallbackUrl(): string {
  return `${env().appUrl}/api/dashboard/accounts/connect/callback`;
}

function liveConnector(platform: string, override?: PlatformConnector): PlatformConnector {
  if (override) return override;
  if (!getPlatform(platform) || platformMode(platform) !== "live") {
    throw new ApiError(
      "VALIDATION_FAILED",
      `${getPlatform(platform)?.name ?? platform} has no live sign-in on this installation.`,
      [{ field: "platform", message: "Not live here." }],
    );
  }
  const connector = getConnector(platform);
  if (!connector.listAgencyIdentities) {
    throw new ApiError("VALIDATION_FAILED", `${getPlatform(platform)!.name} accounts are connected by entering them.`, [
      { field: "platform", message: "No sign-in for agency accounts." },
    ]);
  }
  return connector;
}

export async function startAgencyConnect(opts: {
  user: AgencyConnectUser;
  platform: string;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<{ authorizationUrl: string }> {
  const now = opts.now ?? new Date();
  const connector = liveConnector(opts.platform, opts.connector);
  const db = await getDb();
  await db.accountConnectSession.deleteMany({ where: { agencyId: opts.user.agencyId, expiresAt: { lt: now } } });
  const nonce = newNonce();
  const expiresAt = new Date(now.getTime() + AGENCY_CONNECT_MINUTES * 60_000);
  const session = await db.accountConnectSession.create({
    data: {
      agencyId: opts.user.agencyId,
      userId: opts.user.userId,
      platform: opts.platform,
      nonce,
      expiresAt,
      createdAt: now,
    },
    select: { id: true },
  });
  const { appSecret } = loadSecrets();
  const state = signValue(PURPOSE, { s: session.id, n: nonce, exp: expiresAt.getTime() }, appSecret);
  return connector.beginSignIn({
    state,
    redirectUri: agencyConnectCallbackUrl(),
    serviceIds: [],
    codeVerifier: pkceVerifier(appSecret, `agency:${nonce}`),
    agency: true,
  });
}

export type AgencyConnectCallback =
  { kind: "pick"; sessionId: string } | { kind: "error"; reason: "denied" | "expired" | "failed" };

export async function finishAgencyConnect(opts: {
  user: AgencyConnectUser;
  state: string | null;
  code: string | null;
  error: string | null;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<AgencyConnectCallback> {
  const now = opts.now ?? new Date();
  const { appSecret, encryptionKey } = loadSecrets();
  const payload = verifyValue(PURPOSE, opts.state, appSecret) as { s?: unknown; n?: unknown; exp?: unknown } | null;
  if (
    !payload ||
    typeof payload.s !== "string" ||
    typeof payload.n !== "string" ||
    typeof payload.exp !== "number" ||
    !UUID.test(payload.s)
  ) {
    return { kind: "error", reason: "failed" };
  }
  if (payload.exp <= now.getTime()) return { kind: "error", reason: "expired" };
  const db = await getDb();
  // Only the user who started it, in their agency, can finish it; the nonce is spent once.
  const claimed = await db.accountConnectSession.updateMany({
    where: {
      id: payload.s,
      nonce: payload.n,
      agencyId: opts.user.agencyId,
      userId: opts.user.userId,
      usedAt: null,
      expiresAt: { gt: now },
    },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) return { kind: "error", reason: "expired" };
  if (opts.error) return { kind: "error", reason: isSignInCancellation(opts.error) ? "denied" : "failed" };
  if (!opts.code || opts.code.length > 4096) return { kind: "error", reason: "failed" };
  const session = await db.accountConnectSession.findUniqueOrThrow({ where: { id: payload.s } });
  try {
    const connector = liveConnector(session.platform, opts.connector);
    const tokens = await connector.handleCallback({
      code: opts.code,
      state: opts.state!,
      redirectUri: agencyConnectCallbackUrl(),
      codeVerifier: pkceVerifier(appSecret, `agency:${payload.n}`),
      agency: true,
    });
    await db.accountConnectSession.update({
      where: { id: session.id },
      data: {
        accessToken: encryptText(tokens.accessToken, encryptionKey),
        tokenExpiresAt: tokens.expiresAt ?? null,
        // kept so the agency's checks and removals still work months later (agency-token.ts)
        refreshToken: tokens.refreshToken ? encryptText(tokens.refreshToken, encryptionKey) : null,
        refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ?? null,
      },
    });
    return { kind: "pick", sessionId: session.id };
  } catch (err) {
    if (isConnectorError(err) || err instanceof ApiError) {
      if (!(err instanceof ApiError) && err.kind === "server_error")
        log().error({ err }, "dashboard: agency sign-in code exchange failed");
      return { kind: "error", reason: "failed" };
    }
    throw err;
  }
}

async function liveSession(user: AgencyConnectUser, sessionId: string, now: Date) {
  if (!UUID.test(sessionId)) throw new ApiError("NOT_FOUND", "This sign-in has expired. Start again.");
  const db = await getDb();
  const session = await db.accountConnectSession.findFirst({
    where: { id: sessionId, agencyId: user.agencyId, userId: user.userId },
  });
  const token = session?.accessToken ? decryptText(session.accessToken, loadSecrets().encryptionKey) : null;
  if (!session || !token || session.expiresAt.getTime() <= now.getTime())
    throw new ApiError("NOT_FOUND", "This sign-in has expired. Start again.");
  return { session, token };
}

export type AgencyIdentityChoice = AgencyIdentity & { key: string };

const keyOf = (i: AgencyIdentity) => `${i.platformAccountId ?? ""}|${i.businessId ?? ""}`;

export async function listAgencyConnectChoices(opts: {
  user: AgencyConnectUser;
  sessionId: string;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<{ platform: string; choices: AgencyIdentityChoice[] }> {
  const { session, token } = await liveSession(opts.user, opts.sessionId, opts.now ?? new Date());
  const connector = liveConnector(session.platform, opts.connector);
  const identities = await connector.listAgencyIdentities!({ accessToken: token });
  return { platform: session.platform, choices: identities.map((i) => ({ ...i, key: keyOf(i) })) };
}

export async function saveAgencyConnect(opts: {
  user: AgencyConnectUser;
  sessionId: string;
  choice: string;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<SerializedAccount> {
  const now = opts.now ?? new Date();
  const { session, token } = await liveSession(opts.user, opts.sessionId, now);
  const connector = liveConnector(session.platform, opts.connector);
  const picked = (await connector.listAgencyIdentities!({ accessToken: token })).find((i) => keyOf(i) === opts.choice);
  if (!picked)
    throw new ApiError("VALIDATION_FAILED", "Pick one of the accounts listed.", [
      { field: "choice", message: "Not one of the listed accounts." },
    ]);
  return inTransaction(async (tx) => {
    // The token leaves the session in the same step that stores it on the account.
    const taken = await tx.accountConnectSession.updateMany({
      where: { id: session.id, accessToken: session.accessToken },
      data: { accessToken: null, refreshToken: null },
    });
    if (taken.count !== 1) throw new ApiError("NOT_FOUND", "This sign-in has expired. Start again.");
    const account = await connectAccount({
      agencyId: opts.user.agencyId,
      platform: session.platform,
      displayName: picked.displayName,
      email: picked.email,
      platformAccountId: picked.platformAccountId,
      business: picked.businessId ? { id: picked.businessId, name: picked.businessName } : undefined,
      tx,
    });
    await tx.connectedAccount.update({
      where: { internalAccountId: account.internalAccountId },
      data: {
        accessToken: encryptText(token, loadSecrets().encryptionKey),
        tokenExpiresAt: session.tokenExpiresAt,
        // the session's sealing is the account's (same key, no associated data)
        refreshToken: session.refreshToken,
        refreshTokenExpiresAt: session.refreshTokenExpiresAt,
        tokenRefreshedAt: null,
        tokenInvalidAt: null,
        tokenInvalidReason: null,
      },
    });
    return account;
  });
}
