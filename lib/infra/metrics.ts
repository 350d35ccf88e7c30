// Prometheus metrics (prom-client), one registry per process. The app serves them at
// GET /api/metrics (bearer METRICS_TOKEN); a worker process serves them on its own port
// (`npm run worker -- --metrics-port 9464`). Queue gauges are read from the database at
// scrape time, so any one instance reports the whole queue.
import client, { type Registry } from "prom-client";
import { globalSingleton } from "@/lib/infra/global-singleton";

interface Metrics {
  registry: Registry;
  httpDuration: client.Histogram<"route" | "method" | "status">;
  deliveryAttempts: client.Counter<"outcome">;
  deliveryLag: client.Histogram;
  gauges: Record<string, client.Gauge>;
}

const g = globalSingleton<{ __metrics?: Metrics; __metricsCollectors?: Array<() => Promise<void>> }>(
  "metrics",
  () => ({}),
);

export function metrics(): Metrics {
  if (g.__metrics) return g.__metrics;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const collectors = (g.__metricsCollectors ??= []);
  const m: Metrics = {
    registry,
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "API request durations by route, method and status",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    deliveryAttempts: new client.Counter({
      name: "webhook_delivery_attempts_total",
      help: "Webhook delivery attempts by outcome (counted by the process that made them)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    deliveryLag: new client.Histogram({
      name: "webhook_delivery_lag_seconds",
      help: "Worker lag: time from a delivery being due to its attempt",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    gauges: {},
  };
  const gauges = m.gauges;
  // Gauges whose value is read when scraped: each calls the collectors registered by the runtime.
  let refreshing: Promise<void> | null = null;
  const refresh = () =>
    (refreshing ??= Promise.all(collectors.map((c) => c().catch(() => {}))).then(() => void (refreshing = null)));
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        await refresh();
      },
    });
  gauges.deliveriesDue = gauge("webhook_deliveries_due", "Webhook deliveries pending and due now");
  gauges.deliveriesPending = gauge("webhook_deliveries_pending", "Webhook deliveries pending (due or scheduled)");
  gauges.oldestDueAge = gauge(
    "webhook_oldest_due_delivery_age_seconds",
    "Age of the oldest due delivery since it became due (0 when none)",
  );
  gauges.emailsPending = gauge("email_queue_pending", "Emails waiting to be sent");
  gauges.poolConnections = gauge("db_pool_connections", "Database pool connections by state", ["state"]);
  gauges.rateLimitStoreUp = gauge(
    "rate_limit_store_up",
    "Whether the shared rate-limit store answers (1) or not (0, limits count per instance), by store",
    ["store"],
  );
  g.__metrics = m;
  return m;
}

export function setGauge(
  name: "deliveriesDue" | "deliveriesPending" | "oldestDueAge" | "emailsPending",
  value: number,
) {
  metrics().gauges[name]?.set(value);
}

export function setPoolGauge(state: "total" | "idle" | "waiting" | "max", value: number) {
  metrics().gauges.poolConnections?.set({ state }, value);
}

export function setRateLimitStoreGauge(store: string, up: boolean) {
  metrics().gauges.rateLimitStoreUp?.set({ store }, up ? 1 : 0);
}

/** Registers a function run at each scrape to refresh the gauges (once per process per name). */
export function addMetricsCollector(collect: () => Promise<void>) {
  const list = (g.__metricsCollectors ??= []);
  if (!list.includes(collect)) list.push(collect);
}

/** Records one API call's duration. */
export function observeHttp(route: string, method: string, status: number, seconds: number) {
  metrics().httpDuration.observe({ route, method, status: String(status) }, seconds);
}

export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
