// The client pages' guard for a database that cannot be reached: the loader's result, or
// "unavailable" so the page shows a friendly "try again in a moment" instead of an error.
// Any other error still propagates.
import { isDatabaseUnavailable } from "@/lib/infra/db/db";
import { log } from "@/lib/infra/log";

export type LoadedOrUnavailable<T> = { ok: true; value: T } | { ok: false; unavailable: true };

export async function loadOrUnavailable<T>(load: () => Promise<T>): Promise<LoadedOrUnavailable<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    log().error({ err: (err as Error)?.message ?? err }, "client page: database unavailable");
    return { ok: false, unavailable: true };
  }
}
