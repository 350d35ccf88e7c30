// The process's place in its life: serving, or draining after SIGTERM. Readiness answers
// 503 while draining so a load balancer stops sending new requests.
import { globalSingleton } from "@/lib/infra/global-singleton";

const g = globalSingleton<{ __draining?: boolean }>("lifecycle", () => ({}));

export function isDraining(): boolean {
  return g.__draining === true;
}

export function setDraining(value: boolean) {
  g.__draining = value;
}
