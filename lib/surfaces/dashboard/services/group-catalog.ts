// The dashboard's service picker: the catalog grouped by platform, narrowed by a search.
// A search word matches a service's name, its platform's name, its id or a few other names
// people know the platform by (its manifest's `searchAliases`: Twitter for X, Facebook for Meta); every word must match,
// ignoring case and accents. A platform whose name matches shows all its services.
import {
  listPlatformServices,
  listPlatforms,
  type CatalogPlatform,
  type CatalogService,
  platformSearchAliases,
} from "@/lib/core/catalog/catalog";

export interface CatalogGroup {
  platform: CatalogPlatform;
  services: CatalogService[];
}

export function normalizeSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Every platform with its services, or, for a search, only those matching it (platforms in catalog order). */
export function groupCatalog(query = ""): CatalogGroup[] {
  const words = normalizeSearch(query).split(" ").filter(Boolean);
  const groups: CatalogGroup[] = [];
  for (const platform of listPlatforms()) {
    const all = listPlatformServices(platform.id);
    const services =
      words.length === 0
        ? all
        : all.filter((s) => {
            const text = normalizeSearch(
              `${platform.name} ${platformSearchAliases(platform.id)} ${s.name} ${s.id.replaceAll("_", " ")}`,
            );
            return words.every((w) => text.includes(w));
          });
    if (services.length > 0) groups.push({ platform, services });
  }
  return groups;
}
