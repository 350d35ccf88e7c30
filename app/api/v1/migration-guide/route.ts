// The V1 → V2 migration guide as Markdown: the target of every V1 response's
// `Link: <...>; rel="deprecation"`. Public, like the documentation it stands in for.
import { legacyOtherMethods, legacyText } from "@/lib/surfaces/v1/with-legacy-key";
import { MIGRATION_GUIDE } from "@/lib/surfaces/v1/migration-guide";

export const GET = async () => legacyText(MIGRATION_GUIDE, "text/markdown; charset=utf-8");

export const { POST, PUT, PATCH, DELETE } = legacyOtherMethods("GET");
