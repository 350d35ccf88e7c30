// The dashboard's pages of one object (a client, a request, a webhook): another agency's
// object, a deleted one and a malformed id all end in Next's notFound(), called in the page
// itself with no loading boundary above it, so the answer is a real HTTP 404 decided before
// anything streams, drawn by the segment's not-found.tsx.
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";

/** What `load` returns, or a 404 for a malformed id or a NOT_FOUND (another agency's id reads as missing). */
export async function foundOr404<T>(id: string, load: () => Promise<T>): Promise<T> {
  if (!UUID.test(id)) notFound();
  try {
    return await load();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}
