// What `import "server-only"` loads outside Next.js. Modules that hold the database or the
// app's secrets import "server-only": inside Next.js that makes importing them from a client
// component a build error (Next.js recognises the specifier and supplies its own module).
// The worker, the admin CLI, the scripts (tsx) and the tests (vitest) are server processes
// already, and the npm package throws outside React's server condition, so tsconfig.json
// (`paths`, which tsx follows) and vitest.config.ts point the specifier here: nothing to do.
export {};
