// Process-wide singletons that survive module re-evaluation. Next.js may load one module
// several times in a process (dev reloads, separate route bundles), and a module-level
// `let` would then open a second database or lose a cache; globalThis is shared by all
// copies. Keys are registered symbols, so they cannot clash with anything else's globals.

const store = globalThis as unknown as Record<symbol, unknown>;

function slot(key: string): symbol {
  return Symbol.for(`access-request-service:${key}`);
}

/**
 * The value stored under `key`, created by `create` on first use. When `create` throws,
 * nothing is stored and the next call tries again. One key must always hold one type.
 */
export function globalSingleton<T>(key: string, create: () => T): T {
  const k = slot(key);
  if (!(k in store)) store[k] = create();
  return store[k] as T;
}

/** Removes the value under `key` and returns it (undefined when none), so the next use creates a new one. */
export function dropGlobalSingleton<T>(key: string): T | undefined {
  const k = slot(key);
  const value = store[k] as T | undefined;
  delete store[k];
  return value;
}

/** The value under `key` without creating it (undefined when none). */
export function peekGlobalSingleton<T>(key: string): T | undefined {
  return store[slot(key)] as T | undefined;
}
