// at: lib/infra/email/reads-core.ts
// breaks: not-in-allowed
import { stub } from "./../../core/requests/stub";
export const x = stub;
