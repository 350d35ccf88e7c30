// Reading Graph API errors. Every Graph error is `{ "error": { message, type, code,
// error_subcode, error_user_title, error_user_msg, is_transient, fbtrace_id } }`
// ("Handling Errors", https://developers.facebook.com/docs/graph-api/guides/error-handling).
// This module sorts them into what the connector does next: sign in again, retry
// (throttling), or report the refusal for the one asset it concerns; what each class means
// for the client is the shared mapping's (platform-errors.ts), through MetaApiError.

import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError, type PlatformFailureClass } from "@/lib/infra/connectors/platform-errors";

export type GraphError = {
  status: number;
  code: number | null;
  subcode: number | null;
  type: string | null;
  message: string;
  /** `error_user_msg`: written by Meta for the person using the app. */
  userMessage: string | null;
  transient: boolean;
};

export type GraphErrorClass = "reauth" | "throttled" | "server" | "refused";

// 190 invalid or expired token (subcodes 458-467 say why), 102 session expired.
const TOKEN_CODES = new Set([102, 190]);
// Application (4), user (17), Page (32) and custom (613) rate limits, and the
// business-use-case limits of ad accounts, Pages and catalogs (80000-80014)
// ("Rate Limits", https://developers.facebook.com/docs/graph-api/overview/rate-limiting).
const THROTTLE_CODES = new Set([4, 17, 32, 613]);
const isBusinessUseCaseLimit = (code: number) => code >= 80000 && code <= 80014;
// 1 unknown error, 2 service temporarily unavailable.
const SERVER_CODES = new Set([1, 2]);

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;
}

/** The Graph error in a response, or null when the response is a success. */
export function readGraphError(res: HttpResponse): GraphError | null {
  const body = res.json as { error?: Record<string, unknown> } | null;
  const e = body && typeof body === "object" && body.error && typeof body.error === "object" ? body.error : null;
  if (!e && res.status >= 200 && res.status < 300) return null;
  const message = typeof e?.message === "string" && e.message.trim() !== "" ? e.message : `HTTP ${res.status}`;
  return {
    status: res.status,
    code: num(e?.code),
    subcode: num(e?.error_subcode),
    type: typeof e?.type === "string" ? e.type : null,
    message,
    userMessage: typeof e?.error_user_msg === "string" && e.error_user_msg.trim() !== "" ? e.error_user_msg : null,
    transient: e?.is_transient === true,
  };
}

export function classifyGraphError(err: GraphError): GraphErrorClass {
  if (err.code !== null && TOKEN_CODES.has(err.code)) return "reauth";
  if (err.code !== null && (THROTTLE_CODES.has(err.code) || isBusinessUseCaseLimit(err.code))) return "throttled";
  if (err.status === 429) return "throttled";
  if (err.status >= 500 || err.transient || (err.code !== null && SERVER_CODES.has(err.code))) return "server";
  return "refused";
}

/** For the HTTP client's retryIf: throttling and temporary platform failures are retried. */
export function isRetryableGraphResponse(res: HttpResponse): boolean {
  const err = readGraphError(res);
  if (!err) return false;
  const kind = classifyGraphError(err);
  return kind === "throttled" || kind === "server";
}

/** What the client may be shown for a refusal: Meta's user message, else its error message. */
export function shownGraphMessage(err: GraphError, secrets: readonly string[] = []): string {
  let text = err.userMessage ?? err.message;
  for (const s of secrets) if (s) text = text.split(s).join("[redacted]");
  return text;
}

const SHARED_CLASS: Record<GraphErrorClass, PlatformFailureClass> = {
  reauth: "reauth",
  throttled: "rate_limited",
  server: "unavailable",
  refused: "refused",
};

/** A Graph error for the shared mapping: its message the one the client may be shown (tokens redacted). */
export class MetaApiError extends PlatformApiError {
  readonly graph: GraphError;

  constructor(graph: GraphError, secrets: readonly string[] = []) {
    super("Meta", graph.status, shownGraphMessage(graph, secrets));
    this.name = "MetaApiError";
    this.graph = graph;
  }

  override get detail(): string {
    return `HTTP ${this.status} (code ${this.graph.code ?? "none"})`;
  }

  /** Meta's and Google's refusals are written for the person using the app: shown as they are. */
  override refusalText(): string {
    return this.message;
  }

  override classify(): PlatformFailureClass {
    return SHARED_CLASS[classifyGraphError(this.graph)];
  }
}
