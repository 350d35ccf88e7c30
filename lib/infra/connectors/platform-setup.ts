// What the operator registers on each platform's side and which credentials the
// installation needs, for the instance's Platforms page. The list of platforms and each
// one's notes come from the connector registry (REAL_CONNECTORS, in the page's order; the
// notes are `<platform>/<platform>-setup.ts`); a platform with a connector but no notes
// still gets a card, its fields read from the environment variables named after it
// (`<PLATFORM>_...`).
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";
import { REAL_CONNECTORS } from "@/lib/infra/connectors/registry";
import { CALLBACKS, field, type PlatformSetup, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export type { PlatformSetup, SetupField } from "@/lib/infra/connectors/setup-fields";

/** A platform the installation needs no app or credentials for, and what it needs instead. */
export type NoAppPlatform = { platform: string; name: string; notes: string[] };

/**
 * Platforms the client's own site approves (WordPress's application passwords): nothing to
 * register here, so they have no card; the Platforms page says what the clients' sites need
 * (each manifest's `noAppNotes`).
 */
export const NO_APP_PLATFORMS: readonly NoAppPlatform[] = PLATFORM_MANIFESTS.flatMap((m) =>
  m.noAppNotes ? [{ platform: m.id, name: m.name, notes: [...m.noAppNotes] }] : [],
);

function guessed(platform: string): PlatformSetupNotes {
  const p = platform.toUpperCase();
  return {
    name: platform.charAt(0).toUpperCase() + platform.slice(1),
    fields: [field(`${p}_CLIENT_ID`, "Client ID", false), field(`${p}_CLIENT_SECRET`, "Client secret", true)],
    redirectPaths: CALLBACKS,
    scopes: [],
    products: [],
    review: "See the platform's developer documentation.",
  };
}

/** Every platform with a real connector, in the registry's order. */
export function setupPlatforms(): string[] {
  return Object.keys(REAL_CONNECTORS);
}

export function platformSetup(platform: string): PlatformSetup {
  const entry = Object.hasOwn(REAL_CONNECTORS, platform) ? REAL_CONNECTORS[platform] : undefined;
  return { platform, ...(entry?.setup ?? guessed(platform)) };
}

/** Every credential variable of every platform, for the resolver. */
export function allSetupKeys(): Map<string, string> {
  const out = new Map<string, string>();
  for (const platform of setupPlatforms()) for (const f of platformSetup(platform).fields) out.set(f.key, platform);
  return out;
}
