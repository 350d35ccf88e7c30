// at: lib/core/domain/reads-db.ts
// breaks: not-in-allowed
import { stub } from "@/lib/infra/db/stub";
export const x = stub;
