// The one structured logger: JSON lines on stdout (pino), level from LOG_LEVEL. Secrets
// and tokens are redacted by key wherever they appear in a logged object, so a line an
// operator ships to a log store never carries a credential.
import pino, { type Logger } from "pino";
import { rawLogSettings } from "@/lib/infra/env";
import { globalSingleton } from "@/lib/infra/global-singleton";

const REDACT = [
  "authorization",
  "cookie",
  "password",
  "secret",
  "token",
  "apiKey",
  "key",
  "x-auth",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.secret",
  "*.token",
  "*.apiKey",
  "*.key",
  '*["x-auth"]',
  "*.*.authorization",
  "*.*.cookie",
  "*.*.password",
  "*.*.secret",
  "*.*.token",
];

const g = globalSingleton<{ __logger?: Logger }>("logger", () => ({}));

function level(): string {
  // read unvalidated (not through env()) so that logging works even while env() is failing
  const { level: raw, nodeEnv } = rawLogSettings();
  if (raw && ["debug", "info", "warn", "error"].includes(raw)) return raw;
  // the test suite makes thousands of calls: only warnings and errors unless asked
  return nodeEnv === "test" ? "warn" : "info";
}

/** The process's logger; `log().child({ component: "worker" })` for a part of it. */
export function log(): Logger {
  g.__logger ??= pino({
    level: level(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  });
  return g.__logger;
}

/** For tests: a logger writing to `stream` instead of stdout. */
export function setLogDestination(stream: { write(line: string): void } | null) {
  g.__logger = stream
    ? pino(
        {
          level: level(),
          base: { pid: process.pid },
          timestamp: pino.stdTimeFunctions.isoTime,
          redact: { paths: REDACT, censor: "[redacted]" },
          formatters: { level: (label) => ({ level: label }) },
        },
        stream,
      )
    : undefined;
}
