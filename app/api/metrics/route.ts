// Prometheus metrics of this instance plus the queue gauges read from the database.
// Protected by METRICS_TOKEN (Authorization: Bearer <token>); without it, 404.
import crypto from "node:crypto";
import { env } from "@/lib/infra/env";
import { renderMetrics } from "@/lib/infra/metrics";
import { registerQueueMetrics } from "@/lib/runtime/metrics/queue-metrics";
import { ApiError } from "@/lib/core/common/api-error";
import { errorResponse } from "@/lib/surfaces/http/envelope";
import { newRequestId } from "@/lib/surfaces/http/request-id";

export const dynamic = "force-dynamic";

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export async function GET(req: Request) {
  const token = env().METRICS_TOKEN;
  if (!token) return errorResponse(new ApiError("NOT_FOUND", "Metrics are off: set METRICS_TOKEN."), newRequestId());
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!m || !sameToken(m[1]!, token)) {
    return errorResponse(
      new ApiError("UNAUTHENTICATED", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>."),
      newRequestId(),
      { "WWW-Authenticate": "Bearer" },
    );
  }
  registerQueueMetrics();
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
