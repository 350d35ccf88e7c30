// The document as published beside the SDK (sdk/openapi.json) and the API collection: the
// served document with a neutral server address, so the committed copies do not depend on
// the APP_URL of whoever generated them.
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { openApiDocument } from "@/lib/surfaces/v2/openapi/openapi-document";

export const PUBLISHED_SERVER = {
  url: "http://localhost:3000/api/v2",
  description: "A local instance; use your own instance's address + /api/v2.",
};

export function publishedDocument(): OpenAPIObject {
  return { ...openApiDocument(), servers: [PUBLISHED_SERVER] };
}

/** The published document as committed: two-space JSON with a final newline. */
export function publishedDocumentJson(): string {
  return JSON.stringify(publishedDocument(), null, 2) + "\n";
}
