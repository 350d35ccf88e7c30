// at: lib/core/requests/asserts-for-nothing.ts
// breaks: @typescript-eslint/no-unnecessary-type-assertion
export function first(ids: string[]): string {
  const id: string = ids[0] ?? "";
  return id as string;
}
