// Picks the connector for a platform by its mode: the sandbox when SANDBOX_PLATFORMS
// covers it, the real connector when its credentials are set, otherwise a server_error
// (the platform cannot be used on this installation; callers check `platformMode`
// first and offer the manual steps instead).

import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp, type ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { REAL_CONNECTORS, type ConnectorEnv } from "@/lib/infra/connectors/registry";
import { createSandboxConnector } from "@/lib/infra/connectors/sandbox-connector";
import { resolveConnectorEnv, type ResolvedConnectorEnv } from "@/lib/infra/connectors/platform-settings";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";

export type PlatformMode = "live" | "sandbox" | "unconfigured";

export type GetConnectorOptions = {
  /** Defaults to the process environment, then the settings saved on the Platforms page. */
  env?: ConnectorEnv;
  /** Defaults to one client per environment, with the environment's host overrides. */
  http?: ConnectorHttp;
};

export function platformMode(platform: string, e: ConnectorEnv = resolveConnectorEnv()): PlatformMode {
  const except = (e as ResolvedConnectorEnv).sandboxExcept ?? [];
  if (
    (e.sandboxPlatformList === "all" && !except.includes(platform)) ||
    (e.sandboxPlatformList !== "all" && e.sandboxPlatformList.includes(platform))
  )
    return "sandbox";
  const entry = Object.hasOwn(REAL_CONNECTORS, platform) ? REAL_CONNECTORS[platform] : undefined;
  return entry?.configured(e) ? "live" : "unconfigured";
}

const clients = new WeakMap<ConnectorEnv, ConnectorHttp>();

function httpFor(e: ConnectorEnv): ConnectorHttp {
  let client = clients.get(e);
  if (!client) {
    const debug = env().LOG_LEVEL === "debug";
    client = createConnectorHttp({
      overrides: e.platformHostOverrides,
      log: debug ? (line) => log().debug(line) : undefined,
    });
    clients.set(e, client);
  }
  return client;
}

export function getConnector(platform: string, opts: GetConnectorOptions = {}): PlatformConnector {
  const e = opts.env ?? resolveConnectorEnv();
  const mode = platformMode(platform, e);
  if (mode === "sandbox") return createSandboxConnector(platform);
  if (mode === "live") return REAL_CONNECTORS[platform]!.create(e, opts.http ?? httpFor(e));
  throw new ConnectorError("server_error", `Platform ${platform} is not configured`);
}

/** Whether `getConnector` would succeed, for pages deciding what to offer. */
export function isPlatformAvailable(platform: string, opts: GetConnectorOptions = {}): boolean {
  return platformMode(platform, opts.env ?? resolveConnectorEnv()) !== "unconfigured";
}
