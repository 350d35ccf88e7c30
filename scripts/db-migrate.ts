// Applies pending migrations to the configured database (PostgreSQL: DATABASE_URL;
// embedded: DATA_DIR, under its lock). Usage: npm run db:migrate
import { closeDb, migrate } from "@/lib/infra/db/db";

try {
  const applied = await migrate();
  console.log(JSON.stringify({ applied }));
  await closeDb();
  process.exit(0);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
