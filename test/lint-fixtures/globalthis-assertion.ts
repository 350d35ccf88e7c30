// at: lib/surfaces/v2/cache.ts
// breaks: no-restricted-syntax
const g = <{ __seen?: Set<string> }>globalThis;
export const seen = (g.__seen ??= new Set());
