// at: lib/infra/cache/declared-global.ts
// breaks: no-restricted-syntax
declare global {
  var requestCache: Map<string, string> | undefined;
}
export const cache = (globalThis.requestCache ??= new Map<string, string>());
