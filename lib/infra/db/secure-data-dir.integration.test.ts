// The embedded database's folder: 0700 folders and 0600 files whatever the umask, an old
// world-writable folder repaired at start, and the files PGlite writes private too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { secureDataDir } from "@/lib/infra/db/secure-data-dir";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";

function modes(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    out.push(`${(st.mode & 0o777).toString(8)} ${st.isDirectory() ? "dir" : "file"}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return out;
}

describe("data folder modes", () => {
  it("repairs a world-writable folder made under a permissive umask", () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ars-modes-")), "data");
    const old = process.umask(0);
    try {
      fs.mkdirSync(path.join(dir, "pglite", "base"), { recursive: true, mode: 0o777 });
      fs.writeFileSync(path.join(dir, "pglite", "base", "1"), "x", { mode: 0o666 });
      fs.writeFileSync(path.join(dir, "secrets.json"), "{}", { mode: 0o644 });
    } finally {
      process.umask(old);
    }
    expect(modes(dir)).toContain("666 file");
    secureDataDir(dir);
    expect(new Set(modes(dir).map((m) => m.replace(/ .*/, (k) => k)))).toEqual(new Set(["700 dir", "600 file"]));
    // and a file created afterwards under the narrowed umask is private as well
    fs.writeFileSync(path.join(dir, "later"), "y");
    expect((fs.statSync(path.join(dir, "later")).mode & 0o777).toString(8)).toBe("600");
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("leaves the embedded database readable by this user only (on PostgreSQL it writes no embedded files at all)", async () => {
    const db = await getDb();
    await db.agency.count();
    const dir = path.resolve(env().DATA_DIR, "pglite");
    if (process.env.DATABASE_URL) {
      expect(fs.existsSync(dir)).toBe(false);
      return;
    }
    const loose = modes(dir).filter((m) => !["700 dir", "600 file"].includes(m));
    expect(loose).toEqual([]);
  });
});
