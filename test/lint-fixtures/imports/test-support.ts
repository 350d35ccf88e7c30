// at: lib/core/requests/uses-a-fake.ts
// breaks: no-test-support-in-production
import { stub } from "@/test/support/stub";
export const x = stub;
