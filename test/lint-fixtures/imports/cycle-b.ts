// at: lib/core/requests/cycle-b.ts
// breaks: no-cycle
import type { A } from "@/lib/core/requests/cycle-a";
export type B = { a?: A };
