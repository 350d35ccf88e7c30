// Reads a JSON request body with the limits every surface shares: 1 MB, JSON content type.
import { ApiError } from "@/lib/core/common/api-error";

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
    throw new ApiError("VALIDATION_FAILED", "The body is not valid JSON.", [{ message: "The body is not valid JSON." }]);
  }
  const bad = findUnstorableText(value);
  if (bad !== null) {
    const message = "Text must not contain NUL characters or unpaired surrogates.";
    throw new ApiError("VALIDATION_FAILED", `${bad || "body"}: ${message}`, [{ ...(bad ? { field: bad } : {}), message }]);
  }
  return value;
}

// PostgreSQL cannot store U+0000 in text or lone UTF-16 surrogates; refuse them up front
// (naming the field) instead of failing at write time.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (key or value) PostgreSQL cannot store, "" for the root, or null. */
export function findUnstorableText(value: unknown, path = ""): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnstorableText(value[i], `${path}[${i}]`);
      if (hit !== null) return hit;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (UNSTORABLE.test(k)) return p;
      const hit = findUnstorableText(v, p);
      if (hit !== null) return hit;
    }
  }
  return null;
}
