// Maps V1 client bodies onto V2's client inputs, which then apply every rule and limit.
// V1 ignores fields it does not know (V2 rejects them) and requires `language` on create;
// on update, omitted, null or blank fields keep their values and `metadata` replaces the
// whole map (`{}` clears it).
import {
  ZCreateClientBody,
  ZUpdateClientBody,
  type TCreateClientBody,
  type TUpdateClientBody,
} from "@/lib/core/clients/schemas";
import { ApiError } from "@/lib/core/common/api-error";
import { zodToApiError } from "@/lib/core/common/to-api-error";

const CLIENT_FIELDS = ["name", "email", "company", "website", "language", "metadata"] as const;

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

export function toCreateClientInput(body: Record<string, unknown>): TCreateClientBody {
  if (isBlank(body.language)) {
    throw new ApiError("VALIDATION_FAILED", "language is required: one of English, Spanish, Dutch.", [
      { field: "language", message: "Required." },
    ]);
  }
  const picked: Record<string, unknown> = {};
  for (const f of CLIENT_FIELDS)
    if (body[f] !== undefined && !(f === "metadata" && body[f] === null)) picked[f] = body[f];
  const parsed = ZCreateClientBody.safeParse(picked);
  if (!parsed.success) throw zodToApiError(parsed.error);
  return parsed.data;
}

export function toUpdateClientInput(body: Record<string, unknown>): TUpdateClientBody {
  const picked: Record<string, unknown> = {};
  for (const f of CLIENT_FIELDS) {
    const v = body[f];
    if (f === "metadata" ? v !== undefined && v !== null : !isBlank(v)) picked[f] = v;
  }
  const parsed = ZUpdateClientBody.safeParse(picked);
  if (!parsed.success) throw zodToApiError(parsed.error);
  return parsed.data;
}
