// at: lib/runtime/worker/uses-app.ts
// breaks: not-in-allowed
import { stub } from "@/app/stub";
export const x = stub;
