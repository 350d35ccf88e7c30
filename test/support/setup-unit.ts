// Vitest setup of the unit tier (files named `*.test.ts`, not `*.integration.test.ts`): pure
// code, no database. The database settings point at a closed loopback port, so a unit file
// that opens the database fails at once instead of quietly creating one: a test that needs
// the database is an integration test and is named so.
process.env.DATABASE_URL = "postgres://unit-tests-open-no-database@127.0.0.1:1/none";
process.env.TEST_DATABASE_BASE_URL = "";
process.env.DATA_DIR = "/nonexistent/unit-tests-open-no-database";
(process.env as Record<string, string>).NODE_ENV = "test";
process.env.SEED_DEMO ??= "0";
process.env.WEBHOOK_ALLOW_LOOPBACK ??= "1";
process.env.APP_SECRET ??= "test-secret-0123456789abcdef0123456789abcdef";
process.env.APP_URL ??= "http://localhost:3999";
