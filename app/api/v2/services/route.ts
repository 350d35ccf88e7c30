import { withApiKey, otherMethods } from "@/lib/http/with-api-key";
import { API_CATALOG_SERVICES } from "@/lib/catalog/catalog";

export const GET = withApiKey({}, async () => ({ data: API_CATALOG_SERVICES }));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
