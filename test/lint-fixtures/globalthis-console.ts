// at: lib/core/requests/logs-through-globalthis.ts
// breaks: no-restricted-syntax
export function note(text: string) {
  globalThis.console.info(text);
}
