// Benchmark baseline for scripts/bench-api.ts: the same Prisma lookup of one request as
// GET /api/v2/requests/{id}, with no authentication, rate limit, validation or envelope, to
// measure the framework's floor. Answers 404 unless the process runs with BENCH_ROUTES=1.
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { UUID } from "@/lib/core/common/uuid";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  if (!env().BENCH_ROUTES) return new Response(null, { status: 404 });
  const id = new URL(req.url).searchParams.get("id") ?? "";
  if (!UUID.test(id)) return new Response(null, { status: 404 });
  const row = await (await getDb()).accessRequest.findUnique({ where: { id }, include: requestInclude });
  return Response.json(row ? serializeRequest(row) : null, { status: row ? 200 : 404 });
}
