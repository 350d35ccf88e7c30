// Unknown paths under /api/v2 answer with the error envelope, not an HTML 404 page.
import { ApiError } from "@/lib/core/common/api-error";
import { errorResponse } from "@/lib/surfaces/http/envelope";
import { newRequestId } from "@/lib/surfaces/http/request-id";

const notFound = async () =>
  errorResponse(new ApiError("NOT_FOUND", "No such endpoint. See /api/v2/openapi.json."), newRequestId());

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
