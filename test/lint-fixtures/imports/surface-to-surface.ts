// at: lib/surfaces/dashboard/uses-v1.ts
// breaks: not-in-allowed
import { stub } from "@/lib/surfaces/v1/stub";
export const x = stub;
