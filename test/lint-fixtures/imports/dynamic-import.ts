// at: lib/core/requests/loads-a-surface.ts
// breaks: not-in-allowed
export async function load() {
  return import("@/lib/surfaces/v2/stub");
}
