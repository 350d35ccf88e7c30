// Opaque keyset cursors: the position (createdAt, id) plus a fingerprint of the filters,
// so a cursor used with other filters is refused instead of silently skipping rows.
import crypto from "node:crypto";
import { ApiError } from "@/lib/core/common/api-error";
import { isUuid } from "@/lib/core/common/uuid";

// Rows are never created outside these years; a cursor time outside them was tampered with
// and would overflow PostgreSQL's timestamp range (a 500 before this bound).
const MIN_CURSOR_TIME = Date.UTC(2000, 0, 1);
const MAX_CURSOR_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export interface CursorPosition {
  createdAt: Date;
  id: string;
}

function fingerprint(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .sort()
      .filter((k) => filters[k] !== undefined && filters[k] !== null)
      .map((k) => [k, filters[k]]),
  );
  return crypto.createHash("sha256").update(canonical).digest("base64url").slice(0, 12);
}

export function encodeCursor(pos: CursorPosition, filters: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ t: pos.createdAt.toISOString(), i: pos.id, f: fingerprint(filters) })).toString(
    "base64url",
  );
}

export function decodeCursor(cursor: string | undefined, filters: Record<string, unknown>): CursorPosition | null {
  if (cursor === undefined) return null;
  const bad = (message: string) =>
    new ApiError("VALIDATION_FAILED", `cursor: ${message}`, [{ field: "cursor", message }]);
  let parsed: { t?: unknown; i?: unknown; f?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw bad("Not a cursor issued by this API.");
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    typeof parsed.t !== "string" ||
    typeof parsed.i !== "string" ||
    typeof parsed.f !== "string"
  ) {
    throw bad("Not a cursor issued by this API.");
  }
  const createdAt = new Date(parsed.t);
  const time = createdAt.getTime();
  // the same uuid pattern as ids elsewhere: 36 hex digits and dashes in any order is not one
  if (Number.isNaN(time) || time < MIN_CURSOR_TIME || time > MAX_CURSOR_TIME || !isUuid(parsed.i))
    throw bad("Not a cursor issued by this API.");
  if (parsed.f !== fingerprint(filters))
    throw bad("This cursor was issued for different filters; use the same filters or start without a cursor.");
  return { createdAt, id: parsed.i };
}

/**
 * The Prisma `where` fragment for rows after the cursor, oldest first. The redundant
 * `createdAt >= t` lets PostgreSQL start the (agencyId, createdAt, id) index scan at the
 * cursor: with the OR alone it walks and filters every earlier row, so a page 90,000 rows
 * deep took ~1000x longer than the first. Wrapped in AND so it can be spread next to a
 * caller's own OR without replacing it.
 */
export function afterCursor(pos: CursorPosition | null) {
  if (!pos) return {};
  return {
    AND: [
      { createdAt: { gte: pos.createdAt } },
      { OR: [{ createdAt: { gt: pos.createdAt } }, { createdAt: pos.createdAt, id: { gt: pos.id } }] },
    ],
  };
}

/** The same for lists that run newest first: rows before the cursor. */
export function beforeCursor(pos: CursorPosition | null) {
  if (!pos) return {};
  return {
    AND: [
      { createdAt: { lte: pos.createdAt } },
      { OR: [{ createdAt: { lt: pos.createdAt } }, { createdAt: pos.createdAt, id: { lt: pos.id } }] },
    ],
  };
}

/** Splits a page fetched with `limit + 1` rows into rows and the next cursor. */
export function pageOf<T extends CursorPosition>(rows: T[], limit: number, filters: Record<string, unknown>) {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: hasMore && last ? encodeCursor(last, filters) : null };
}
