// Readiness: 200 while this instance should receive traffic (database reachable,
// migrations compatible, not draining); 503 otherwise. Warnings ride along in the body.
import { readiness } from "@/lib/runtime/health/readiness";

export const dynamic = "force-dynamic";

export async function GET() {
  const r = await readiness();
  return Response.json(r.body, { status: r.status, headers: { "Cache-Control": "no-store" } });
}
