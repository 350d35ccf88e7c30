// Benchmark baseline for scripts/bench-api.ts: the same lookup of one request as
// GET /api/v2/requests/{id} (loadRequestPage: one query), with no authentication, rate limit,
// validation or envelope, to measure the framework's floor. The agency comes from the query
// string. Answers 404 unless the process runs with BENCH_ROUTES=1.
import { env } from "@/lib/infra/env";
import { UUID } from "@/lib/core/common/uuid";
import { loadRequestPage } from "@/lib/core/requests/load-request-page";
import { serializeRequest } from "@/lib/core/requests/serialize-request";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  if (!env().BENCH_ROUTES) return new Response(null, { status: 404 });
  const query = new URL(req.url).searchParams;
  const id = query.get("id") ?? "";
  const agencyId = query.get("agency") ?? "";
  if (!UUID.test(id) || !UUID.test(agencyId)) return new Response(null, { status: 404 });
  const [row] = await loadRequestPage({ agencyId, id, take: 1 });
  return Response.json(row ? serializeRequest(row) : null, { status: row ? 200 : 404 });
}
