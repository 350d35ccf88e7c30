// Health (kept for existing probes): the same answer as /api/health/ready.
import { readiness } from "@/lib/runtime/health/readiness";

export const dynamic = "force-dynamic";

export async function GET() {
  const r = await readiness();
  return Response.json(r.body, { status: r.status, headers: { "Cache-Control": "no-store" } });
}
