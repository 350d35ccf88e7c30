// at: lib/core/requests/reads-env-through-globalthis.ts
// breaks: no-restricted-syntax
export const limit = Number(globalThis.process.env.SOME_LIMIT ?? 3);
