// Query parameters with NUL or other control characters are refused with 400 naming the
// parameter, on every surface, before any handler uses them: PostgreSQL refuses a NUL in
// text (22021), which would otherwise surface as a 500, and no parameter of ours carries a
// control character legitimately. Bodies are screened by their JSON and form readers.
import { ApiError } from "@/lib/core/common/api-error";

const CONTROL = /[\u0000-\u001f\u007f]/;
const MESSAGE = "Must not contain control characters (such as NUL or a line break).";

/** Throws VALIDATION_FAILED naming the first parameter (name or value) with a control character. */
export function refuseControlCharacters(params: URLSearchParams): void {
  for (const [name, value] of params) {
    if (CONTROL.test(name) || CONTROL.test(value)) {
      const field = name.replace(/[\u0000-\u001f\u007f]/g, "?");
      throw new ApiError("VALIDATION_FAILED", `${field}: ${MESSAGE}`, [{ field, message: MESSAGE }]);
    }
  }
}
