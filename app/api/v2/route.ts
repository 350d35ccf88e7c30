// /api/v2 itself is not an endpoint: it answers like every unknown path under it, with the
// envelope 404 (see [...path]/route.ts), not the app's HTML page.
import { ApiError } from "@/lib/http/api-error";
import { errorResponse } from "@/lib/http/envelope";
import { newRequestId } from "@/lib/http/request-id";

const notFound = async () => errorResponse(new ApiError("NOT_FOUND", "No such endpoint. See /api/v2/openapi.json."), newRequestId());

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
