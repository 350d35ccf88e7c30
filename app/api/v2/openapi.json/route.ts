// GET /api/v2/openapi.json: the generated OpenAPI document, without authentication, built once
// per process and kept in memory.
import { otherMethods } from "@/lib/surfaces/v2/with-api-key";
import { openApiJson } from "@/lib/surfaces/v2/openapi/openapi-document";
import { newRequestId } from "@/lib/surfaces/http/request-id";

export const GET = async () =>
  new Response(openApiJson(), {
    status: 200,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Request-Id": newRequestId(),
    },
  });

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
