// at: lib/infra/connectors/google/uses-meta.ts
// breaks: platform-stays-in-its-folder
import { stub } from "@/lib/infra/connectors/meta/stub";
export const x = stub;
