// The one boundary for text from outside: every entry point (JSON bodies, the client pages'
// and static link's form posts, server actions, sign-up, sign-in, query strings) refuses
// text PostgreSQL or our storage cannot keep before anything reaches the database. A NUL
// (U+0000) fails a write to a text column (22021) and an unpaired UTF-16 surrogate cannot
// be encoded as UTF-8, so either would otherwise end as a 500 or in a driver's message.
import type { z } from "zod";
import { ApiError } from "@/lib/core/common/api-error";
import { zodToApiError } from "@/lib/core/common/to-api-error";

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The message of a refused field, the same on every surface. */
export const UNSTORABLE_TEXT_MESSAGE = "Text must not contain NUL characters or unpaired surrogates.";

/** True when `text` holds a NUL or an unpaired surrogate. */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** How deep the walk goes: no input of ours nests past a handful of levels. */
const MAX_WALK_DEPTH = 64;

/**
 * The path of the first string (a key or a value) that cannot be stored, "" for the root,
 * or null when every string is fine. Walks plain objects, arrays, FormData and
 * URLSearchParams (a form's field name is its path); other values (numbers, files) pass.
 */
export function findUnstorableText(root: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) return path;
      continue;
    }
    if (value === null || typeof value !== "object" || depth >= MAX_WALK_DEPTH) continue;
    const children: { value: unknown; path: string; depth: number }[] = [];
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (Array.isArray(value)) {
      value.forEach((v, i) => children.push({ value: v, path: `${path}[${i}]`, depth: depth + 1 }));
    } else if (value instanceof FormData || value instanceof URLSearchParams) {
      for (const [k, v] of value.entries()) {
        if (UNSTORABLE.test(k)) return at(printable(k));
        children.push({ value: v, path: at(k), depth: depth + 1 });
      }
    } else if (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
      for (const [k, v] of Object.entries(value)) {
        if (UNSTORABLE.test(k)) return at(printable(k));
        children.push({ value: v, path: at(k), depth: depth + 1 });
      }
    }
    // reversed onto the stack so the first field is reported first, as a reader expects
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/** A field name safe to echo in a message: the refused characters shown as "?". */
function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f\ud800-\udfff]/g, "?");
}

/** The VALIDATION_FAILED of a refused field (`field` "" for a bare value). */
export function unstorableTextError(field: string): ApiError {
  return new ApiError("VALIDATION_FAILED", field ? `${field}: ${UNSTORABLE_TEXT_MESSAGE}` : UNSTORABLE_TEXT_MESSAGE, [
    { ...(field ? { field } : {}), message: UNSTORABLE_TEXT_MESSAGE },
  ]);
}

/** Throws VALIDATION_FAILED naming the first field with text that cannot be stored. */
export function refuseUnstorableText(input: unknown): void {
  const field = findUnstorableText(input);
  if (field !== null) throw unstorableTextError(field);
}

/**
 * The input of a server action or form, checked at the boundary then parsed with its zod
 * schema: text that cannot be stored, then the schema's own refusals, as VALIDATION_FAILED
 * naming the field.
 */
export function parseUntrusted<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseUnstorableText(input);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw zodToApiError(parsed.error);
  return parsed.data;
}
