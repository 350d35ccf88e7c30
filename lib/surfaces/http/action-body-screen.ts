// A server action's body, screened before Next.js decodes it: Next.js answers a body over
// its limit (serverActions.bodySizeLimit, 1 MB by default) and a body React cannot decode
// with a 500. A body over the limit answers 413 and a plain-text body (how React sends
// actions whose arguments are plain values: JSON) that is not JSON answers 400, each with a
// JSON error saying so. Multipart bodies (actions given a FormData) are left to Next.js's
// own form parsing, size aside.

/** Next.js's default serverActions.bodySizeLimit (next.config.ts sets none). */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024;

function refusal(status: 400 | 413, code: string, message: string): Response {
  return Response.json(
    { error: { code, message } },
    { status, headers: { "Cache-Control": "no-store", "Content-Type": "application/json; charset=utf-8" } },
  );
}

const tooLarge = () =>
  refusal(413, "PAYLOAD_TOO_LARGE", `The action's input is larger than ${SERVER_ACTION_BODY_LIMIT} bytes.`);

/** True for a POST carrying Next.js's Next-Action header. */
export function isServerActionPost(request: Request): boolean {
  return request.method === "POST" && request.headers.has("next-action");
}

/** The refusal of a server action's body Next.js would answer with a 500, or null to let it through. */
export async function screenServerActionBody(request: Request): Promise<Response | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > SERVER_ACTION_BODY_LIMIT) return tooLarge();
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "text/plain") return null;
  const text = await request.clone().text();
  if (new TextEncoder().encode(text).length > SERVER_ACTION_BODY_LIMIT) return tooLarge();
  try {
    JSON.parse(text);
  } catch {
    return refusal(400, "VALIDATION_FAILED", "The action's input is not valid JSON.");
  }
  return null;
}
