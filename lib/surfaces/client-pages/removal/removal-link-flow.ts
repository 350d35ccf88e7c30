// The client's side of a removal link (/r/{token}): loading the page's state, the "removal"
// sign-in with the platform (or, for a client's own site, its approval page: site-removal.ts) (the same signed OAuth state, PKCE and callback as grants, the
// state naming `removal:<platform>` and the link instead of a request), and the
// confirmation that runs the removal with the client's token. Opening the page changes
// nothing (mail scanners and previews are safe); only the explicit confirmation removes,
// once: the link is spent by it.
import { isSignInCancellation } from "@/lib/infra/connectors/oauth-answers";
import { getPlatform } from "@/lib/core/catalog/catalog";
import { removeAccessWithClientToken } from "@/lib/core/access-checks/remove-access-with-client-token";
import { removalTargets, type RemovalTarget } from "@/lib/core/removal-links/removal-targets";
import { readAssetScope } from "@/lib/core/request-records/asset-scope";
import { hashRemovalLinkToken, isRemovalLinkToken } from "@/lib/core/removal-links/removal-link-token";
import { removalLinkStatus } from "@/lib/core/removal-links/list-removal-links";
import type { ConnectorFor } from "@/lib/core/access-checks/check-access";
import { isConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { newNonce, signState, verifyState } from "@/lib/infra/connectors/oauth-state";
import { getDb } from "@/lib/infra/db/db";
import { localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import {
  GRANT_SESSION_MINUTES,
  callbackUrl,
  connectorFor,
  signInVerifier,
} from "@/lib/surfaces/client-pages/platform-connector";
import { log } from "@/lib/infra/log";
import { siteRemovalOffered } from "@/lib/infra/connectors/site-registry";
import { startSiteRemoval } from "@/lib/surfaces/client-pages/removal/site-removal";

const REMOVAL_PREFIX = "removal:";
/** How long the client's token may wait for the confirmation. */
const CONFIRM_MINUTES = 30;

export type RemovalPageState = "open" | "signed_in" | "completed" | "expired";

export interface RemovalPage {
  state: RemovalPageState;
  locale: Locale;
  agencyName: string;
  accentColor: string | null;
  platform: string;
  platformName: string;
  /** the client approves the removal on their own site (WordPress) rather than signing in */
  approvesOnSite: boolean;
  targets: RemovalTarget[];
  result: {
    removed: { serviceId: string; assetId: string; name: string | null }[];
    failed: { serviceId: string; assetId: string; name: string | null; detail: string }[];
    /** the removal's receipt (links completed before receipts have none) */
    receipt?: { code: string; url: string } | null;
  } | null;
}

async function findLink(token: string) {
  if (!isRemovalLinkToken(token)) return null;
  return (await getDb()).removalLink.findUnique({
    where: { tokenHash: hashRemovalLinkToken(token) },
    include: {
      client: { select: { language: true, email: true } },
      agency: { select: { name: true, accentColor: true } },
    },
  });
}

/** The page's content, or null for a token that names no link (404). */
/** The language of a removal link's page (its client's), or null for an unknown link; for `<html lang>`. */
export async function removalLinkLocale(token: string): Promise<Locale | null> {
  const link = await findLink(token);
  return link ? localeForLanguage(link.client.language) : null;
}

export async function loadRemovalPage(opts: {
  token: string;
  now?: Date;
  connectorFor?: ConnectorFor;
}): Promise<RemovalPage | null> {
  const now = opts.now ?? new Date();
  const link = await findLink(opts.token);
  if (!link) return null;
  const status = removalLinkStatus(link, now);
  const state: RemovalPageState =
    status === "completed"
      ? "completed"
      : status === "expired" || status === "replaced"
        ? "expired"
        : status === "signed_in" && link.sessionExpiresAt && link.sessionExpiresAt > now
          ? "signed_in"
          : "open";
  const targets =
    state === "open" || state === "signed_in"
      ? await removalTargets({
          agencyId: link.agencyId,
          clientId: link.clientId,
          platform: link.platform,
          connectorFor: opts.connectorFor,
          only: readAssetScope(link.only),
        })
      : [];
  return {
    state,
    locale: localeForLanguage(link.client.language),
    agencyName: link.agency.name,
    accentColor: link.agency.accentColor,
    platform: link.platform,
    platformName: getPlatform(link.platform)?.name ?? link.platform,
    approvesOnSite: siteRemovalOffered(link.platform),
    targets,
    result: state === "completed" ? (link.result as RemovalPage["result"]) : null,
  };
}

export type RemovalStep =
  | { ok: true; location: string }
  | { ok: false; error: "not_found" | "expired" | "nothing" | "unavailable" | "site_unavailable" };

/** "Sign in with <platform>": a single-use nonce on the link, then the platform's consent page. */
export async function startRemovalSignIn(opts: {
  token: string;
  now?: Date;
  connector?: PlatformConnector;
  connectorFor?: ConnectorFor;
}): Promise<RemovalStep> {
  const now = opts.now ?? new Date();
  const link = await findLink(opts.token);
  if (!link) return { ok: false, error: "not_found" };
  const status = removalLinkStatus(link, now);
  if (status !== "sent" && status !== "signed_in") return { ok: false, error: "expired" };
  const targets = await removalTargets({
    agencyId: link.agencyId,
    clientId: link.clientId,
    platform: link.platform,
    connectorFor: opts.connectorFor,
    only: readAssetScope(link.only),
  });
  if (targets.length === 0) return { ok: false, error: "nothing" };
  // approved on the client's own site instead of a sign-in (site-removal.ts)
  if (siteRemovalOffered(link.platform)) return startSiteRemoval({ link, targets, now });
  let connector: PlatformConnector;
  try {
    connector = connectorFor(link.platform, { override: opts.connector });
  } catch {
    return { ok: false, error: "unavailable" };
  }
  const nonce = newNonce();
  const sessionExpiresAt = new Date(now.getTime() + GRANT_SESSION_MINUTES * 60_000);
  await (
    await getDb()
  ).removalLink.update({
    where: { id: link.id },
    data: { nonce, sessionExpiresAt, clientToken: null, status: "sent" },
  });
  const state = signState(
    { requestId: link.id, serviceId: `${REMOVAL_PREFIX}${link.platform}`, nonce, expiresAt: sessionExpiresAt },
    loadSecrets().appSecret,
  );
  const { authorizationUrl } = connector.beginSignIn({
    state,
    redirectUri: callbackUrl(),
    serviceIds: [...new Set(targets.map((t) => t.serviceId))],
    codeVerifier: signInVerifier(nonce),
  });
  return { ok: true, location: authorizationUrl };
}

/** True when a callback's state is a removal sign-in's (its signature is checked by finishRemovalSignIn). */
export function isRemovalState(state: string | null): boolean {
  if (!state) return false;
  try {
    const json = JSON.parse(Buffer.from(state.split(".")[0]!, "base64url").toString("utf8")) as { serviceId?: unknown };
    return typeof json.serviceId === "string" && json.serviceId.startsWith(REMOVAL_PREFIX);
  } catch {
    return false;
  }
}

/** The platform's redirect back: the nonce used once, the code exchanged, the token kept sealed until the confirmation. */
export async function finishRemovalSignIn(opts: {
  state: string | null;
  code: string | null;
  error: string | null;
  now?: Date;
  connector?: PlatformConnector;
}): Promise<{ kind: "invalid" } | { kind: "back"; location: string }> {
  const now = opts.now ?? new Date();
  if (!opts.state) return { kind: "invalid" };
  const secrets = loadSecrets();
  const verified = verifyState(opts.state, secrets.appSecret, now);
  if (!verified.ok) return { kind: "invalid" };
  const db = await getDb();
  const link = await db.removalLink.findUnique({ where: { nonce: verified.payload.nonce } });
  if (
    !link ||
    link.id !== verified.payload.requestId ||
    verified.payload.serviceId !== `${REMOVAL_PREFIX}${link.platform}`
  )
    return { kind: "invalid" };
  const token = decryptText(link.tokenSealed, secrets.encryptionKey);
  if (!token) return { kind: "invalid" };
  const back = (params: Record<string, string>) => ({
    kind: "back" as const,
    location: `/r/${token}?${new URLSearchParams(params).toString()}`,
  });
  // the nonce is spent here, whatever happens next
  const claimed = await db.removalLink.updateMany({
    where: { id: link.id, nonce: verified.payload.nonce },
    data: { nonce: null },
  });
  if (claimed.count !== 1) return back({ error: "generic" });
  if (removalLinkStatus(link, now) !== "sent") return back({ error: "expired" });
  if (opts.error) return back({ error: isSignInCancellation(opts.error) ? "denied" : "generic" });
  if (!opts.code || opts.code.length > 4096) return back({ error: "generic" });
  try {
    const connector = connectorFor(link.platform, { override: opts.connector });
    const { accessToken } = await connector.handleCallback({
      code: opts.code,
      state: opts.state,
      redirectUri: callbackUrl(),
      codeVerifier: signInVerifier(verified.payload.nonce),
    });
    await db.removalLink.update({
      where: { id: link.id },
      data: {
        status: "signed_in",
        signedInAt: now,
        sessionExpiresAt: new Date(now.getTime() + CONFIRM_MINUTES * 60_000),
        clientToken: encryptText(accessToken, secrets.encryptionKey),
      },
    });
    return back({});
  } catch (err) {
    if (isConnectorError(err)) {
      if (err.kind === "server_error") log().error({ err }, "removal link: sign-in code exchange failed");
      return back({ error: err.kind === "denied" ? "denied" : err.kind === "invalid_state" ? "expired" : "generic" });
    }
    return back({ error: "unavailable" });
  }
}

/** "Confirm and remove access": spends the link and removes with the client's token. */
export async function confirmRemoval(opts: {
  token: string;
  now?: Date;
  connectorFor?: ConnectorFor;
}): Promise<RemovalStep> {
  const now = opts.now ?? new Date();
  const link = await findLink(opts.token);
  if (!link) return { ok: false, error: "not_found" };
  const secrets = loadSecrets();
  if (
    removalLinkStatus(link, now) !== "signed_in" ||
    !link.clientToken ||
    !link.sessionExpiresAt ||
    link.sessionExpiresAt <= now
  )
    return { ok: false, error: "expired" };
  const db = await getDb();
  // single use: only one confirmation takes the signed-in link
  const claimed = await db.removalLink.updateMany({
    where: { id: link.id, status: "signed_in" },
    data: { status: "completed", completedAt: now, clientToken: null },
  });
  if (claimed.count !== 1) return { ok: false, error: "expired" };
  const clientToken = decryptText(link.clientToken, secrets.encryptionKey);
  if (!clientToken) return { ok: false, error: "expired" };
  const names = new Map<string, string | null>();
  for (const t of await removalTargets({
    agencyId: link.agencyId,
    clientId: link.clientId,
    platform: link.platform,
    connectorFor: opts.connectorFor,
    only: readAssetScope(link.only),
  })) {
    for (const a of t.assets) names.set(`${t.serviceId}/${a.id}`, a.name);
  }
  const nameOf = (serviceId: string, assetId: string) => names.get(`${serviceId}/${assetId}`) ?? null;
  const outcome = await removeAccessWithClientToken({
    agencyId: link.agencyId,
    clientId: link.clientId,
    platform: link.platform,
    clientToken,
    removedBy: `client:${link.client.email}`,
    now,
    connectorFor: opts.connectorFor,
    only: readAssetScope(link.only),
  });
  await db.removalLink.update({
    where: { id: link.id },
    data: {
      result: {
        removed: outcome.removed.map((r) => ({
          serviceId: r.serviceId,
          assetId: r.assetId,
          name: nameOf(r.serviceId, r.assetId),
        })),
        failed: outcome.failed.map((r) => ({
          serviceId: r.serviceId,
          assetId: r.assetId,
          name: nameOf(r.serviceId, r.assetId),
          detail: r.detail,
        })),
        receipt: outcome.receipt ?? null,
      },
    },
  });
  return { ok: true, location: `/r/${opts.token}` };
}
