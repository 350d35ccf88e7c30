// at: lib/infra/cache.ts
// breaks: no-restricted-syntax
const g = globalThis as unknown as { __cache?: Map<string, string> };
export const cache = (g.__cache ??= new Map());
