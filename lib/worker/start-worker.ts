// Starts the background worker loops (webhook deliveries, expiry sweep, emails, retention).
// Placeholder until the worker lands: returns a handle that stops nothing.
export function startWorker(_opts: { name: string }): { stop(): Promise<void> } {
  return { stop: async () => {} };
}
