// at: lib/core/requests/aliases-process.ts
// breaks: no-restricted-syntax
const p = process;
export const limit = Number(p.env.SOME_LIMIT ?? 3);
