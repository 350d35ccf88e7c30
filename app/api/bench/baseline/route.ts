// Benchmark baseline for scripts/bench-api.ts: the same Prisma lookup of one request as
// GET /api/v2/requests/{id}, with no authentication, rate limit, validation or envelope, to
// measure the framework's floor. Answers 404 unless the process runs with BENCH_BASELINE=1.
import { getDb } from "@/lib/infra/db/db";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  // read directly: a benchmark switch, not a setting of the service
  if (process.env.BENCH_BASELINE !== "1") return new Response(null, { status: 404 });
  const id = new URL(req.url).searchParams.get("id") ?? "";
  const row = await (await getDb()).accessRequest.findUnique({ where: { id }, include: requestInclude });
  return Response.json(row ? serializeRequest(row) : null, { status: row ? 200 : 404 });
}
