// Authors a new migration without the native schema engine (which cannot be downloaded
// everywhere): Prisma's engine compiled to WebAssembly diffs the migrations folder
// against prisma/schema.prisma, with an in-memory PGlite as the shadow database.
// Usage: npm run db:migration -- <name>
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { createRequire } from "node:module";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}

const root = process.cwd();
const migrationsDir = path.join(root, "prisma", "migrations");
const schemaPath = path.join(root, "prisma", "schema.prisma");
fs.mkdirSync(migrationsDir, { recursive: true });
const lockPath = path.join(migrationsDir, "migration_lock.toml");
if (!fs.existsSync(lockPath)) fs.writeFileSync(lockPath, 'provider = "postgresql"\n');

const migrationDirectories = fs
  .readdirSync(migrationsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()
  .map((dir) => ({
    path: dir,
    migrationFile: {
      path: "migration.sql",
      content: { tag: "ok", value: fs.readFileSync(path.join(migrationsDir, dir, "migration.sql"), "utf8") },
    },
  }));

// The package imports its .wasm as an ES module, which Node cannot load: instantiate it here.
const wasmPath = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
  "schema_engine_bg.wasm",
);
const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {
  "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
});
(glue as unknown as { __wbg_set_wasm(w: unknown): void }).__wbg_set_wasm(instance.exports);
(instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
const { SchemaEngine } = glue;

const shadow = new PGlite();
const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(shadow));
const schema = fs.readFileSync(schemaPath, "utf8");
const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, (log: string) => void log, adapter);
const result = await engine.diff({
  from: {
    tag: "migrations",
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: fs.readFileSync(lockPath, "utf8") },
    shadowDbInitScript: "",
    migrationDirectories,
  },
  to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
  script: true,
  exitCode: null,
  filters: { externalTables: [], externalEnums: [] },
} as never);

const sql = (result.stdout ?? "").trim();
if (!sql || /^-- This is an empty migration/.test(sql)) {
  console.log("No schema changes: nothing to write.");
  process.exit(0);
}
const stamp = new Date()
  .toISOString()
  .replace(/[-:TZ.]/g, "")
  .slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
fs.mkdirSync(dir);
fs.writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
process.exit(0);
