// Liveness: the process is up and answering. Never touches the database, so a database
// outage does not make an orchestrator restart every instance.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
