// Health: 200 with the database mode and migration state; 503 when the database is unreachable.
import { databaseMode, getDb, migrationState } from "@/lib/infra/db/db";

export const dynamic = "force-dynamic";

export async function GET() {
  const mode = databaseMode();
  try {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    const state = await migrationState();
    const ok = state.pending.length === 0 && state.unknown.length === 0;
    return Response.json(
      { status: ok ? "ok" : "degraded", database: { mode, reachable: true, migrations: { applied: state.applied.length, pending: state.pending, unknown: state.unknown } } },
      { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
    );
  } catch (err) {
    return Response.json(
      { status: "unavailable", database: { mode, reachable: false, error: (err as Error).message.split("\n")[0] } },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
