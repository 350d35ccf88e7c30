// The status_enums migration converts existing rows in place: applied to a database that
// already holds requests, services and deliveries with text statuses, every value is kept
// and the columns then refuse a value outside the set. Runs on an in-memory PGlite built
// from the migrations folder, so the history before the migration is exact.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsDir } from "@/lib/infra/db/migrate";

const TARGET = "_status_enums";
const A = "00000000-0000-4000-8000-00000000000a";
const C = "00000000-0000-4000-8000-00000000000c";
const W = "00000000-0000-4000-8000-0000000000f0";

describe("status_enums migration", () => {
  const pg = new PGlite();
  afterAll(() => pg.close());

  it("keeps every stored status and types the columns", async () => {
    const dirs = fs
      .readdirSync(migrationsDir())
      .filter((d) => fs.existsSync(path.join(migrationsDir(), d, "migration.sql")))
      .sort();
    const at = dirs.findIndex((d) => d.endsWith(TARGET));
    expect(at).toBeGreaterThan(0);
    const sql = (d: string) => fs.readFileSync(path.join(migrationsDir(), d, "migration.sql"), "utf8");
    for (const d of dirs.slice(0, at)) await pg.exec(sql(d));

    await pg.exec(`
      INSERT INTO "Agency" ("id", "name", "slug", "staticLinkToken", "updatedAt") VALUES ('${A}', 'A', 'a', 'tok', now());
      INSERT INTO "Client" ("id", "agencyId", "name", "email", "emailNormalized", "updatedAt") VALUES ('${C}', '${A}', 'C', 'c@x.test', 'c@x.test', now());
      INSERT INTO "Webhook" ("id", "agencyId", "url", "events", "updatedAt") VALUES ('${W}', '${A}', 'https://x.test', '{*}', now());`);
    const requestStatuses = ["pending", "in_progress", "completed", "cancelled", "expired"];
    for (const [i, status] of requestStatuses.entries()) {
      const id = `00000000-0000-4000-8000-00000000010${i}`;
      await pg.query(
        `INSERT INTO "AccessRequest" ("id", "agencyId", "clientId", "status", "source", "inviteToken", "updatedAt") VALUES ($1, $2, $3, $4, 'api', $5, now())`,
        [id, A, C, status, `t${i}`],
      );
    }
    const r0 = "00000000-0000-4000-8000-000000000100";
    for (const [i, status] of ["pending", "granted", "skipped"].entries()) {
      await pg.query(
        `INSERT INTO "RequestService" ("id", "agencyId", "requestId", "serviceId", "platform", "status", "position", "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, 'meta', $4, $5, now())`,
        [A, r0, `s${i}`, status, i],
      );
    }
    for (const [i, status] of ["pending", "succeeded", "failed", "cancelled"].entries()) {
      await pg.query(
        `INSERT INTO "Event" ("id", "agencyId", "type", "schemaVersion", "body") VALUES ($1, $2, 'x', '1', '{}')`,
        [`evt_${i}`, A],
      );
      await pg.query(
        `INSERT INTO "WebhookDelivery" ("id", "agencyId", "webhookId", "eventId", "eventType", "status") VALUES (gen_random_uuid(), $1, $2, $3, 'x', $4)`,
        [A, W, `evt_${i}`, status],
      );
    }

    await pg.exec(sql(dirs[at]!));

    const statuses = async (table: string) =>
      (
        await pg.query<{ status: string; type: string }>(
          `SELECT "status"::text AS status, pg_typeof("status")::text AS type FROM "${table}" ORDER BY 1`,
        )
      ).rows;
    expect(await statuses("AccessRequest")).toEqual(
      [...requestStatuses].sort().map((status) => ({ status, type: '"RequestStatus"' })),
    );
    expect(await statuses("RequestService")).toEqual(
      ["granted", "pending", "skipped"].map((status) => ({ status, type: '"ServiceStatus"' })),
    );
    expect(await statuses("WebhookDelivery")).toEqual(
      ["cancelled", "failed", "pending", "succeeded"].map((status) => ({ status, type: '"DeliveryStatus"' })),
    );

    // defaults still apply, and an unknown value is refused by the database
    await pg.query(
      `INSERT INTO "AccessRequest" ("id", "agencyId", "clientId", "source", "inviteToken", "updatedAt") VALUES (gen_random_uuid(), $1, $2, 'api', 'fresh', now())`,
      [A, C],
    );
    expect(
      (await pg.query<{ status: string }>(`SELECT "status" FROM "AccessRequest" WHERE "inviteToken" = 'fresh'`))
        .rows[0]!.status,
    ).toBe("pending");
    await expect(
      pg.query(`UPDATE "AccessRequest" SET "status" = 'archived' WHERE "inviteToken" = 'fresh'`),
    ).rejects.toThrow(/invalid input value for enum/);
  });
});
