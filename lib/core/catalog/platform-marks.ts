// Each platform's mark, drawn by components/ui/platform-logo.tsx: our own simple drawing (a
// tile in the platform's brand colour with a letter or shape), not the platform's
// trademarked artwork, so no licence question arises. Each platform's manifest holds its
// own (lib/infra/connectors/<platform>/<platform>-manifest.ts).
import type { PlatformId } from "@/lib/core/catalog/catalog";
import type { PlatformMark } from "@/lib/core/catalog/catalog-types";
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";

export type { PlatformMark };

export const PLATFORM_MARKS: Readonly<Record<PlatformId, PlatformMark>> = Object.fromEntries(
  PLATFORM_MANIFESTS.map((m) => [m.id, m.mark]),
) as Record<PlatformId, PlatformMark>;

/** The mark of a platform id, or undefined for an id the catalog does not know. */
export function platformMark(platform: string): PlatformMark | undefined {
  return Object.hasOwn(PLATFORM_MARKS, platform) ? PLATFORM_MARKS[platform as PlatformId] : undefined;
}
