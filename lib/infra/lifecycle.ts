// The process's place in its life: serving, or draining after SIGTERM. Readiness answers
// 503 while draining so a load balancer stops sending new requests.
const g = globalThis as unknown as { __draining?: boolean };

export function isDraining(): boolean {
  return g.__draining === true;
}

export function setDraining(value: boolean) {
  g.__draining = value;
}
