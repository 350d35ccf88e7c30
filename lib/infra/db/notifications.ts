// PostgreSQL LISTEN/NOTIFY between processes: a queued delivery wakes the workers at once
// (instead of their next poll), and a revoked key or changed plan makes every app instance
// drop its cached key lookups. `notify` inside a transaction is delivered on commit. The
// listener holds one direct connection per process (DATABASE_DIRECT_URL when set: LISTEN
// needs a session, which PgBouncer's transaction mode does not keep) and reconnects.
// On the embedded database (one process) PGlite's own LISTEN serves the same purpose.
import type { Client } from "pg";
import { databaseMode, directUrl, listenEmbedded, type Tx } from "@/lib/infra/db/db";
import { log } from "@/lib/infra/log";
import { globalSingleton } from "@/lib/infra/global-singleton";

export const CHANNELS = {
  deliveriesQueued: "ars_deliveries_queued",
  authChanged: "ars_auth_changed",
  platformSettingsChanged: "ars_platform_settings_changed",
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

interface ListenerState {
  handlers: Map<Channel, Set<() => void>>;
  client: Client | null;
  connecting: Promise<void> | null;
  closed: boolean;
}

const g = globalSingleton<{ __pgListener?: ListenerState }>("pg-listener", () => ({}));
const state: ListenerState = (g.__pgListener ??= {
  handlers: new Map(),
  client: null,
  connecting: null,
  closed: false,
});

function dispatch(channel: string) {
  for (const h of state.handlers.get(channel as Channel) ?? []) {
    try {
      h();
    } catch {
      // a listener never breaks another
    }
  }
}

/** Sends `channel` to every listening process (on commit when `db` is a transaction). */
export async function notify(db: Pick<Tx, "$executeRaw">, channel: Channel): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${channel}, '')`;
}

async function connect(): Promise<void> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: directUrl() });
  client.on("notification", (msg) => dispatch(msg.channel));
  const retry = (err?: Error) => {
    if (state.client !== client) return;
    state.client = null;
    if (err) log().warn({ err: err.message }, "LISTEN connection lost; reconnecting");
    client.end().catch(() => {});
    scheduleReconnect();
  };
  client.on("error", retry);
  client.on("end", () => retry());
  await client.connect();
  for (const channel of state.handlers.keys()) await client.query(`LISTEN ${channel}`);
  state.client = client;
}

function scheduleReconnect() {
  if (state.closed || state.handlers.size === 0) return;
  setTimeout(() => void ensureConnected().catch(() => scheduleReconnect()), 1000).unref();
}

function ensureConnected(): Promise<void> {
  if (state.client) return Promise.resolve();
  state.connecting ??= connect().finally(() => (state.connecting = null));
  return state.connecting;
}

/** Calls `handler` whenever `channel` is notified; returns a function that stops it. */
export async function listen(channel: Channel, handler: () => void): Promise<() => void> {
  state.closed = false;
  let set = state.handlers.get(channel);
  const isNew = !set;
  if (!set) state.handlers.set(channel, (set = new Set()));
  set.add(handler);
  if (databaseMode() === "embedded") {
    if (isNew) await listenEmbedded(channel, () => dispatch(channel));
  } else if (state.client && isNew) await state.client.query(`LISTEN ${channel}`);
  else await ensureConnected();
  return () => void set.delete(handler);
}

/** Closes the listening connection (shutdown, tests). */
export async function closeListener(): Promise<void> {
  state.closed = true;
  const client = state.client;
  state.client = null;
  state.handlers.clear();
  await client?.end().catch(() => {});
}
