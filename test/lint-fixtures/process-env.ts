// at: lib/core/requests/reads-env.ts
// breaks: no-restricted-properties
export const limit = Number(process.env.SOME_LIMIT ?? 3);
