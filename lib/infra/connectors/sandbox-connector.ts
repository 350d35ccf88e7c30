// The offline stand-in for every platform: a consent page inside this app
// instead of the platform's sign-in, fixed asset lists, and switches that make
// grants fail on purpose so partial success, whole-attempt failure and server
// errors can be exercised in tests and demos. Deterministic: no network, no
// clock, no randomness; its one memory is which access this process removed.
//
// Codes the consent page sends back on Allow (see `sandboxCode`):
//   sandbox-code:<platform>               normal sign-in
//   sandbox-code:<platform>:fail          every grant attempt throws platform_error
//   sandbox-code:<platform>:server-error  the third asset fails with server_error
//                                         instead of platform_error
// Per service, assets 1 and 2 always grant and asset 3 always fails, so one
// attempt over all three is a partial success.
//
// Reading access back (verifyAccess) and removing it (removeAccess): asset 1 reads as
// present, asset 2 as lost (the client removed the partner), anything else as not found.
// Removal succeeds for assets 1 and 2 and fails for any other id; an asset removed for an
// agency account then reads as gone for that account (so a removal's read-back confirms
// it), until it is granted again.

import { globalSingleton } from "@/lib/infra/global-singleton";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import {
  ConnectorError,
  type RemovedAccess,
  type VerifiedAccess,
  type Asset,
  type AssetGrantResult,
  type GrantAccessInput,
  type GrantResult,
  type PlatformConnector,
} from "@/lib/infra/connectors/connector";

export const SANDBOX_CONSENT_PATH = "/sandbox/consent";

/** Access removed in this process, by agency account, service and asset. */
const removedHere = () => globalSingleton("sandbox-connector:removed", () => new Set<string>());
const removedKey = (account: { internalAccountId: string }, serviceId: string, assetId: string) =>
  `${account.internalAccountId}/${serviceId}/${assetId}`;

export const SANDBOX_MODES = ["normal", "fail", "server-error"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** Name markers that decide how granting an asset turns out. */
export const SANDBOX_FAILS_MARKER = "(fails)";
export const SANDBOX_SERVER_ERROR_MARKER = "(server error)";

const CODE_PREFIX = "sandbox-code:";
const TOKEN_PREFIX = "sandbox-token:";
const PLATFORM_ID = /^[a-z][a-z0-9_]*$/;

/** The code the consent page passes to the callback when the client allows. */
export function sandboxCode(platform: string, mode: SandboxMode = "normal"): string {
  return mode === "normal" ? `${CODE_PREFIX}${platform}` : `${CODE_PREFIX}${platform}:${mode}`;
}

/** The token an agency account connected through the sandbox holds (it reads and leaves granted access). */
export function sandboxAgencyToken(platform: string): string {
  return `${TOKEN_PREFIX}${platform}`;
}

function parseMode(suffix: string | undefined): SandboxMode | null {
  if (suffix === undefined) return "normal";
  return suffix === "fail" || suffix === "server-error" ? suffix : null;
}

// Returns the mode when `value` is `<prefix><platform>[:<mode>]` for this platform.
function parseTagged(value: string, prefix: string, platform: string): SandboxMode | null {
  if (!value.startsWith(prefix)) return null;
  const [p, suffix, ...rest] = value.slice(prefix.length).split(":");
  if (p !== platform || rest.length > 0) return null;
  return parseMode(suffix);
}

function toLabel(serviceId: string): string {
  return serviceId
    .split(/[_-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * The three assets a sandbox sign-in sees for a service. Ids embed the
 * service id, so they are stable across runs and distinct between services.
 */
export function sandboxAssets(serviceId: string, mode: SandboxMode = "normal"): Asset[] {
  const label = toLabel(serviceId) || "Account";
  const thirdMarker = mode === "server-error" ? SANDBOX_SERVER_ERROR_MARKER : SANDBOX_FAILS_MARKER;
  return [
    { id: `${serviceId}_1001`, name: `Acme Main ${label}` },
    { id: `${serviceId}_1002`, name: `Acme Brand ${label}` },
    { id: `${serviceId}_1003`, name: `Acme Archive ${label} ${thirdMarker}` },
  ];
}

/** A refusal is shown to the client as the platform's words: the sandbox's are in the client's language. */
function grantOne(assetId: string, assets: Asset[], locale: Locale): AssetGrantResult {
  const asset = assets.find((a) => a.id === assetId);
  if (!asset) {
    return {
      assetId,
      ok: false,
      error: t(locale, "sandbox.refused.notFound", { asset: assetId }),
      errorKind: "platform_error",
    };
  }
  const name = asset.name ?? "";
  if (name.includes(SANDBOX_SERVER_ERROR_MARKER)) {
    return {
      assetId,
      ok: false,
      error: `Sandbox internal failure while granting ${assetId} (upstream 500).`,
      errorKind: "server_error",
    };
  }
  if (name.includes(SANDBOX_FAILS_MARKER)) {
    return {
      assetId,
      ok: false,
      error: t(locale, "sandbox.refused.partners", { asset: name }),
      errorKind: "platform_error",
    };
  }
  return { assetId, ok: true, error: null };
}

export function createSandboxConnector(platform: string): PlatformConnector {
  if (!PLATFORM_ID.test(platform)) {
    throw new ConnectorError("server_error", `Sandbox cannot stand in for platform "${platform}"`);
  }

  const modeFromToken = (accessToken: string): SandboxMode => {
    const mode = parseTagged(accessToken, TOKEN_PREFIX, platform);
    if (mode === null) {
      throw new ConnectorError("invalid_state", "Your sign-in is no longer valid. Please sign in again.");
    }
    return mode;
  };

  return {
    platform,

    beginSignIn({ state, redirectUri }) {
      const query = [
        `platform=${encodeURIComponent(platform)}`,
        `state=${encodeURIComponent(state)}`,
        `redirect_uri=${encodeURIComponent(redirectUri)}`,
      ].join("&");
      return { authorizationUrl: `${SANDBOX_CONSENT_PATH}?${query}` };
    },

    async handleCallback({ code }) {
      const mode = parseTagged(code, CODE_PREFIX, platform);
      if (mode === null) {
        throw new ConnectorError("invalid_state", "The sign-in could not be completed. Please start again.");
      }
      return { accessToken: mode === "normal" ? `${TOKEN_PREFIX}${platform}` : `${TOKEN_PREFIX}${platform}:${mode}` };
    },

    async listAssets({ accessToken, serviceId }) {
      return sandboxAssets(serviceId, modeFromToken(accessToken));
    },

    async grantAccess({
      accessToken,
      serviceId,
      assetIds,
      agencyAccount,
      locale = "en",
    }: GrantAccessInput): Promise<GrantResult> {
      const mode = modeFromToken(accessToken);
      if (mode === "fail") {
        throw new ConnectorError("platform_error", t(locale, "sandbox.refused.all"));
      }
      const assets = sandboxAssets(serviceId, mode);
      // One result per distinct asset: asking twice for the same asset is one grant.
      const results = [...new Set(assetIds)].map((assetId) => grantOne(assetId, assets, locale));
      for (const r of results)
        if (r.ok && agencyAccount) removedHere().delete(removedKey(agencyAccount, serviceId, r.assetId));
      return { results };
    },

    async verifyAccess({ accessToken, serviceId, assetIds, agencyAccount }): Promise<VerifiedAccess[]> {
      modeFromToken(accessToken);
      return [...new Set(assetIds)].map((assetId) => {
        if (removedHere().has(removedKey(agencyAccount, serviceId, assetId)))
          return { assetId, present: false, detail: "The agency is no longer listed as a partner of this asset." };
        if (assetId === `${serviceId}_1001`)
          return { assetId, present: true, detail: "The agency is listed as a partner with its role." };
        if (assetId === `${serviceId}_1002`)
          return { assetId, present: false, detail: "The agency is no longer listed as a partner of this asset." };
        return { assetId, present: false, detail: `Asset ${assetId} was not found.` };
      });
    },

    async removeAccess({ accessToken, serviceId, assetIds, agencyAccount }): Promise<RemovedAccess[]> {
      const mode = modeFromToken(accessToken);
      if (mode === "fail")
        throw new ConnectorError("platform_error", "The platform rejected this request. Please try again later.");
      return [...new Set(assetIds)].map((assetId): RemovedAccess => {
        if (assetId !== `${serviceId}_1001` && assetId !== `${serviceId}_1002`)
          return {
            assetId,
            removed: false,
            detail: `Asset ${assetId} was not found, or this account cannot remove access to it.`,
          };
        removedHere().add(removedKey(agencyAccount, serviceId, assetId));
        return { assetId, removed: true, detail: "The agency was removed from the asset's partners." };
      });
    },
  };
}
