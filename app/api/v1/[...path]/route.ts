// Unknown paths under /api/v1 answer with the V1 failure body, not an HTML 404 page.
import { legacyFailure } from "@/lib/surfaces/v1/with-legacy-key";

const notFound = async () => legacyFailure(404, "No such endpoint. V1 is deprecated; see /api/v1/migration-guide.");

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
