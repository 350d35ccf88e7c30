// at: lib/core/requests/loads-by-name.ts
// breaks: no-restricted-syntax
export async function load(name: string) {
  return import(name);
}
