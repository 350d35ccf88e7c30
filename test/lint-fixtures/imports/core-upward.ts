// at: lib/core/events/reads-requests.ts
// breaks: core-layers
// events sits below requests in lib/core's layers: an import up fails.
import { stub } from "@/lib/core/requests/stub";
export const x = stub;
