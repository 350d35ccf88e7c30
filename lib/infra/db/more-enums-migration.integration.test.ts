// The more_enums migration converts existing rows in place: applied to a database that
// already holds memberships, invites, connected accounts, usage counters, emails and Slack
// messages with text values, every value is kept, the defaults still apply and the columns
// then refuse a value outside the set. Runs on an in-memory PGlite built from the
// migrations folder, so the history before the migration is exact.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsDir } from "@/lib/infra/db/migrate";

const TARGET = "_more_enums";
const A = "00000000-0000-4000-8000-00000000000a";

describe("more_enums migration", () => {
  const pg = new PGlite();
  afterAll(() => pg.close());

  it("keeps every stored value and types the columns", async () => {
    const dirs = fs
      .readdirSync(migrationsDir())
      .filter((d) => fs.existsSync(path.join(migrationsDir(), d, "migration.sql")))
      .sort();
    const at = dirs.findIndex((d) => d.endsWith(TARGET));
    expect(at).toBeGreaterThan(0);
    const sql = (d: string) => fs.readFileSync(path.join(migrationsDir(), d, "migration.sql"), "utf8");
    for (const d of dirs.slice(0, at)) await pg.exec(sql(d));

    await pg.exec(
      `INSERT INTO "Agency" ("id", "name", "slug", "staticLinkToken", "updatedAt") VALUES ('${A}', 'A', 'a', 'tok', now());`,
    );
    const roles = ["owner", "manager", "member", "viewer"];
    for (const [i, role] of roles.entries()) {
      const user = `00000000-0000-4000-8000-00000000020${i}`;
      await pg.query(`INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ($1, $2, 'x', now())`, [
        user,
        `u${i}@x.test`,
      ]);
      await pg.query(
        `INSERT INTO "Membership" ("id", "agencyId", "userId", "role") VALUES (gen_random_uuid(), $1, $2, $3)`,
        [A, user, role],
      );
      await pg.query(
        `INSERT INTO "TeamInvite" ("id", "agencyId", "email", "role", "tokenHash", "expiresAt") VALUES (gen_random_uuid(), $1, $2, $3, $4, now())`,
        [A, `i${i}@x.test`, role, `h${i}`],
      );
    }
    await pg.query(
      `INSERT INTO "ConnectedAccount" ("id", "agencyId", "internalAccountId", "platform") VALUES (gen_random_uuid(), $1, 'acc_default', 'meta')`,
      [A],
    );
    await pg.query(
      `INSERT INTO "ConnectedAccount" ("id", "agencyId", "internalAccountId", "platform", "status") VALUES (gen_random_uuid(), $1, 'acc_gone', 'meta', 'disconnected')`,
      [A],
    );
    for (const kind of ["client", "prospect"]) {
      await pg.query(
        `INSERT INTO "UsageCounter" ("id", "agencyId", "period", "kind", "updatedAt") VALUES (gen_random_uuid(), $1, '2026-11', $2, now())`,
        [A, kind],
      );
    }
    for (const status of ["pending", "sent", "stored", "failed"]) {
      await pg.query(
        `INSERT INTO "Email" ("id", "agencyId", "kind", "to", "subject", "text", "html", "status") VALUES (gen_random_uuid(), $1, 'invite', 'c@x.test', $2, '', '', $2)`,
        [A, status],
      );
    }
    for (const status of ["pending", "sent", "failed"]) {
      await pg.query(
        `INSERT INTO "SlackMessage" ("id", "agencyId", "text", "status") VALUES (gen_random_uuid(), $1, $2, $2)`,
        [A, status],
      );
    }

    await pg.exec(sql(dirs[at]!));

    const values = async (table: string, column: string) =>
      (
        await pg.query<{ value: string; type: string }>(
          `SELECT "${column}"::text AS value, pg_typeof("${column}")::text AS type FROM "${table}" ORDER BY 1`,
        )
      ).rows;
    const typed = (list: string[], type: string) => [...list].sort().map((value) => ({ value, type: `"${type}"` }));
    expect(await values("Membership", "role")).toEqual(typed(roles, "TeamRole"));
    expect(await values("TeamInvite", "role")).toEqual(typed(roles, "TeamRole"));
    expect(await values("ConnectedAccount", "status")).toEqual(typed(["connected", "disconnected"], "AccountStatus"));
    expect(await values("UsageCounter", "kind")).toEqual(typed(["client", "prospect"], "UsageKind"));
    expect(await values("Email", "status")).toEqual(typed(["pending", "sent", "stored", "failed"], "EmailStatus"));
    expect(await values("SlackMessage", "status")).toEqual(typed(["pending", "sent", "failed"], "SlackMessageStatus"));

    // defaults still apply, and an unknown value is refused by the database
    await pg.query(
      `INSERT INTO "ConnectedAccount" ("id", "agencyId", "internalAccountId", "platform") VALUES (gen_random_uuid(), $1, 'acc_new', 'meta')`,
      [A],
    );
    expect(
      (
        await pg.query<{ status: string }>(
          `SELECT "status" FROM "ConnectedAccount" WHERE "internalAccountId" = 'acc_new'`,
        )
      ).rows[0]!.status,
    ).toBe("connected");
    await pg.query(
      `INSERT INTO "Email" ("id", "agencyId", "kind", "to", "subject", "text", "html") VALUES (gen_random_uuid(), $1, 'invite', 'c@x.test', 'fresh', '', '')`,
      [A],
    );
    expect(
      (await pg.query<{ status: string }>(`SELECT "status" FROM "Email" WHERE "subject" = 'fresh'`)).rows[0]!.status,
    ).toBe("pending");
    await pg.query(`INSERT INTO "SlackMessage" ("id", "agencyId", "text") VALUES (gen_random_uuid(), $1, 'fresh')`, [
      A,
    ]);
    expect(
      (await pg.query<{ status: string }>(`SELECT "status" FROM "SlackMessage" WHERE "text" = 'fresh'`)).rows[0]!
        .status,
    ).toBe("pending");
    await expect(pg.query(`UPDATE "Membership" SET "role" = 'admin'`)).rejects.toThrow(/invalid input value for enum/);
    await expect(pg.query(`UPDATE "ConnectedAccount" SET "status" = 'paused'`)).rejects.toThrow(
      /invalid input value for enum/,
    );
    await expect(pg.query(`UPDATE "UsageCounter" SET "kind" = 'partner'`)).rejects.toThrow(
      /invalid input value for enum/,
    );
  });
});
