// at: lib/infra/reads-db.ts
// breaks: infra-layers
// a file at lib/infra's top (env.ts, log.ts...) sits below lib/infra's folders
import { stub } from "@/lib/infra/db/stub";
export const x = stub;
