// at: lib/surfaces/client-pages/uses-platform.ts
// breaks: platform-through-registry
import { stub } from "@/lib/infra/connectors/meta/stub";
export const x = stub;
