// One full garbage collection once the app has booted. A first start on a fresh embedded
// database runs PGlite's initdb in a WebAssembly instance of its own; its memory (several
// hundred MB, outside the JavaScript heap) is returned only when V8 next collects garbage,
// which an idle server may not do for a long time. Measured with `npm run bench:memory`.
import v8 from "node:v8";
import vm from "node:vm";

/** Runs a full, synchronous collection; false when the runtime refuses (then nothing happened). */
export function collectStartupGarbage(): boolean {
  try {
    // --expose-gc after start-up puts gc() on new contexts only, not on this one's global.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as (() => void) | undefined;
    if (typeof gc !== "function") return false;
    gc();
    return true;
  } catch {
    return false;
  }
}
