// Next.js calls register() once when the server starts: boot the service (environment,
// database, demo seed, admin endpoint and, on the embedded database, the worker), after
// the guard for methods Next.js cannot route (lib/runtime/boot/method-guard.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { installMethodGuard } = await import("@/lib/runtime/boot/method-guard");
  installMethodGuard();
  const { boot } = await import("@/lib/runtime/boot/boot");
  await boot();
}
