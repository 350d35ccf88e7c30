// Reads a JSON request body with the limits every surface shares: 1 MB, JSON content type.
import { ApiError } from "@/lib/core/common/api-error";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "@/lib/surfaces/http/untrusted-text";

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBodyText(req: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError("PAYLOAD_TOO_LARGE", `The body is larger than ${maxBytes} bytes.`);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError("PAYLOAD_TOO_LARGE", `The body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON object body; `undefined` when the body is empty and `allowEmpty`. */
export async function readJsonBody(req: Request, { allowEmpty = false } = {}): Promise<unknown> {
  const text = await readBodyText(req);
  if (text.trim() === "") {
    if (allowEmpty) return undefined;
    throw new ApiError("VALIDATION_FAILED", "A JSON body is required.", [{ message: "A JSON body is required." }]);
  }
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("VALIDATION_FAILED", "The body is not valid JSON.", [
      { message: "The body is not valid JSON." },
    ]);
  }
  const problem = checkJsonValue(value);
  if (problem) throw jsonProblemError(problem);
  return value;
}

/** The VALIDATION_FAILED of a problem `checkJsonValue` found, naming its field. */
export function jsonProblemError(problem: JsonProblem): ApiError {
  const message =
    problem.kind === "depth" ? `JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused.` : UNSTORABLE_TEXT_MESSAGE;
  return new ApiError("VALIDATION_FAILED", `${problem.path || "body"}: ${message}`, [
    { ...(problem.path ? { field: problem.path } : {}), message },
  ]);
}

/**
 * How deep a JSON body may nest (objects and arrays). No request shape of the API goes
 * past 5 levels; the bound keeps every later recursive step (validation, JSON.stringify
 * on write, canonical fingerprints) far from the stack's limit.
 */
export const MAX_JSON_DEPTH = 32;

export interface JsonProblem {
  kind: "depth" | "text";
  /** the field's path, "" for the root */
  path: string;
}

/**
 * The first problem in a parsed JSON value: nesting deeper than `maxDepth`, or a string
 * (key or value) PostgreSQL cannot store. Walks with an explicit stack, not recursion, so
 * 500,000 nested brackets are refused instead of overflowing the call stack.
 */
export function checkJsonValue(root: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (hasUnstorableText(value)) return { kind: "text", path };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= maxDepth) return { kind: "depth", path };
    const children: { value: unknown; path: string; depth: number }[] = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++)
        children.push({ value: value[i], path: `${path}[${i}]`, depth: depth + 1 });
    } else {
      for (const [k, v] of Object.entries(value)) {
        const p = path ? `${path}.${k}` : k;
        if (hasUnstorableText(k)) return { kind: "text", path: p };
        children.push({ value: v, path: p, depth: depth + 1 });
      }
    }
    // reversed onto the stack so the first field is reported first, as a reader expects
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}
