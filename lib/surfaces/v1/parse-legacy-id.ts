// Reads a V1 object id (body `id`/`clientID` or query `id`): missing or not a string is a
// 400; a string that is not a uuid names no object, so it reads as missing (404), like an
// unknown id.
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";

import { UUID } from "@/lib/core/common/uuid";

export function parseLegacyId(value: unknown, field: string, what: string): string {
  if (value === undefined || value === null || value === "")
    throw new ApiError("VALIDATION_FAILED", `${field} is required.`, [{ field, message: "Required." }]);
  if (typeof value !== "string") throw validationError(field, "Must be a string.");
  if (!UUID.test(value.trim())) throw notFound(what);
  return value.trim().toLowerCase();
}
