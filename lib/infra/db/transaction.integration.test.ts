// inTransaction against this test file's fresh database: it commits, rolls back on a
// throw, and joins a transaction it is given instead of committing on its own.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";

function user(email: string) {
  return { data: { email, passwordHash: "x" } };
}

async function exists(email: string): Promise<boolean> {
  return (await (await getDb()).user.count({ where: { email } })) === 1;
}

describe("inTransaction", () => {
  it("commits what the callback wrote and returns its result", async () => {
    const id = await inTransaction(async (tx) => (await tx.user.create(user("commit@example.test"))).id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await exists("commit@example.test")).toBe(true);
  });

  it("rolls everything back when the callback throws, and rethrows", async () => {
    await expect(
      inTransaction(async (tx) => {
        await tx.user.create(user("rollback@example.test"));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await exists("rollback@example.test")).toBe(false);
  });

  it("joins a given transaction: the outer rollback undoes the inner writes", async () => {
    await expect(
      inTransaction(async (outer) => {
        const inner = await inTransaction(
          async (tx) => {
            expect(tx).toBe(outer);
            return tx.user.create(user("joined@example.test"));
          },
          { tx: outer },
        );
        expect(inner.email).toBe("joined@example.test");
        throw new Error("outer fails");
      }),
    ).rejects.toThrow("outer fails");
    expect(await exists("joined@example.test")).toBe(false);
  });
});
