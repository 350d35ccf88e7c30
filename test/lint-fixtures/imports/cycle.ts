// at: lib/core/requests/cycle-a.ts
// breaks: no-cycle
import type { B } from "@/lib/core/requests/cycle-b";
export type A = { b?: B };
