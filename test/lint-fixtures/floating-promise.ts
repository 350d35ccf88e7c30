// at: lib/core/requests/forgets-a-promise.ts
// breaks: @typescript-eslint/no-floating-promises
export async function save(): Promise<void> {}
export function run() {
  save();
}
