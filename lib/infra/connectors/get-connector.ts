// Picks the connector for a platform: the sandbox when sandbox platforms are
// on, otherwise a real connector from the registry below, otherwise a
// server_error (the platform cannot be used on this installation).
//
// The caller decides `sandboxEnabled` (from `SANDBOX_PLATFORMS`, on by default
// outside production), so this module reads no environment itself and stays
// easy to test. The sandbox wins when enabled so a development machine with a
// real client id configured still runs fully offline unless told otherwise.

import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createSandboxConnector } from "@/lib/infra/connectors/sandbox-connector";

/**
 * Returns the platform's real connector, or null when its env config (client
 * id, secret) is missing. Real connectors plug in here, one line each, e.g.
 * `meta: createMetaConnector` from `@/lib/connectors/meta-connector`.
 */
type ConnectorFactory = () => PlatformConnector | null;

const REAL_CONNECTORS: Readonly<Record<string, ConnectorFactory>> = {};

export type GetConnectorOptions = {
  sandboxEnabled: boolean;
};

function findRealConnector(platform: string): PlatformConnector | null {
  if (!Object.hasOwn(REAL_CONNECTORS, platform)) return null;
  return REAL_CONNECTORS[platform]!();
}

export function getConnector(platform: string, { sandboxEnabled }: GetConnectorOptions): PlatformConnector {
  if (sandboxEnabled) return createSandboxConnector(platform);
  const real = findRealConnector(platform);
  if (real) return real;
  throw new ConnectorError("server_error", `Platform ${platform} is not configured`);
}

/** Whether `getConnector` would succeed, for pages deciding what to offer. */
export function isPlatformAvailable(platform: string, options: GetConnectorOptions): boolean {
  try {
    getConnector(platform, options);
    return true;
  } catch (error) {
    if (error instanceof ConnectorError) return false;
    throw error;
  }
}
