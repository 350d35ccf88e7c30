import { withApiKey, otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { API_CATALOG_SERVICES } from "@/lib/core/catalog/catalog";

export const GET = withApiKey({ operation: "listServices" }, async () => ({ data: API_CATALOG_SERVICES }));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
