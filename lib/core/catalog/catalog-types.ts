// The catalog's types and platform ids. The shapes are those of the platforms' manifests
// (lib/infra/connectors/platform-manifest.ts); the ids come from the registry of manifests
// (lib/infra/connectors/platforms.ts), in its order.
import { PLATFORM_MANIFESTS, type PlatformId, type ServiceId } from "@/lib/infra/connectors/platforms";

export type {
  AccountLinkField,
  AgencyIdentifier,
  CatalogRole,
  ClientFlow,
  ConnectorKind,
  GrantMethod,
  PlatformMark,
  ServiceSpec,
  Triple,
} from "@/lib/infra/connectors/platform-manifest";
export type { PlatformId, ServiceId };

export const PLATFORM_IDS = PLATFORM_MANIFESTS.map((m) => m.id) as readonly PlatformId[] as readonly [
  PlatformId,
  ...PlatformId[],
];
