// Sends one webhook delivery over HTTP without letting the endpoint reach
// what it must not (SSRF) or hold the worker longer than the rules allow.
//
// - The host is resolved once, every address is checked, and the socket may
//   only connect to those checked addresses: the agent's `lookup` hands back
//   the pinned list instead of asking DNS again, so a name that re-resolves
//   to a private address between check and connect (DNS rebinding) cannot
//   redirect the connection. IP-literal hosts never reach `lookup` in Node,
//   which is why they are checked here before anything connects.
// - One AbortSignal covers the whole exchange (DNS, connect, TLS, headers,
//   body), matching the spec's "within 10 seconds including connecting".
// - Redirects are not followed, nothing is decompressed (no Accept-Encoding is
//   sent and undici's request() never inflates), and at most `maxBodyBytes` of
//   the response are read before the connection is dropped.
// - It never throws: every failure comes back as an `error` string for the
//   delivery log.

import { isIP, type LookupFunction } from "node:net";
import { Agent, request } from "undici";
import {
  bareHostname,
  checkDestination,
  hostAddresses,
  parseWebhookUrl,
  resolveHostAddresses,
  type HostResolver,
} from "@/lib/infra/delivery/webhook-url";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 65_536;
export const EXCERPT_BYTES = 1024;

export type SafeSendInput = {
  url: string;
  /** POST unless said otherwise (webhooks); other callers of untrusted addresses use GET, DELETE... */
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** no body for GET and DELETE */
  body: string | null;
  /** keep the whole response body (up to maxBodyBytes) in `body`, for callers that read JSON */
  keepBody?: boolean;
  headers: Record<string, string>;
  /** The WEBHOOK_ALLOW_LOOPBACK=1 development and test switch. */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Injectable DNS for tests; defaults to the system resolver. */
  resolve?: HostResolver;
  /** Cancels the exchange from outside (the worker lost its lease or is stopping). */
  signal?: AbortSignal;
  /** Keeps connections open between sends to one endpoint (a worker session); see PinnedAgentCache. */
  reuse?: PinnedAgentCache;
};

/**
 * Lets a run of sends to one webhook reuse its keep-alive connections, which saves a TCP
 * (and TLS) handshake per delivery. Every send still resolves and checks the host; the
 * pool is kept only while the host resolves to exactly the addresses it was pinned to,
 * and dropped after any failure. The owner closes it when the run ends.
 */
export class PinnedAgentCache {
  private key: string | null = null;
  private agent: Agent | null = null;

  agentFor(key: string, make: () => Agent): Agent {
    if (this.agent && this.key === key) return this.agent;
    void this.close();
    this.key = key;
    this.agent = make();
    return this.agent;
  }

  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = null;
    this.key = null;
    if (agent) await agent.destroy().catch(() => undefined);
  }
}

export type SafeSendResult = {
  /** True when a complete HTTP response (up to the read limit) arrived in time. */
  ok: boolean;
  /** The response status when ok; null otherwise, so it can go straight to classifyResponse. */
  status: number | null;
  error: string | null;
  durationMs: number;
  /** The first ~1 KB of the response body as text. */
  responseExcerpt: string;
  retryAfter: string | null;
  /** Response body bytes taken off the socket (at most maxBodyBytes plus one chunk). */
  bytesRead: number;
  /** The response body as text, cut at maxBodyBytes: with `keepBody` only, "" otherwise. */
  body: string;
};

type PinnedAddress = { address: string; family: 4 | 6 };

class RefusedError extends Error {}

function pinnedLookup(expectedHost: string, pinned: PinnedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const fail = (message: string) => callback(Object.assign(new Error(message), { code: "ENOTFOUND" }), "", 0);
    if (hostname.toLowerCase() !== expectedHost.toLowerCase()) return fail(`unexpected host ${hostname}`);
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = family === 0 ? pinned : pinned.filter((p) => p.family === family);
    if (usable.length === 0) return fail(`no IPv${family} address for ${hostname}`);
    if (options.all) return callback(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

const TIMEOUT_CODES = new Set([
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

const CODE_MESSAGES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection reset",
  UND_ERR_SOCKET: "connection closed by the endpoint",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host does not resolve",
  EAI_AGAIN: "host does not resolve",
  HPE_INVALID_CONSTANT: "invalid HTTP response",
  UND_ERR_INFO: "invalid HTTP response",
  UND_ERR_HEADERS_OVERFLOW: "response headers too large",
};

function errorCode(error: unknown): string | undefined {
  // undici sometimes wraps the socket error; the useful code can sit one level down.
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

function describeError(error: unknown, signal: AbortSignal, timeoutMs: number, outside?: AbortSignal): string {
  if (error instanceof RefusedError) return error.message;
  if (outside?.aborted) return "aborted by the sender";
  if (signal.aborted) return `timeout after ${timeoutMs} ms`;
  const code = errorCode(error);
  if (code !== undefined) {
    if (TIMEOUT_CODES.has(code)) return `timeout after ${timeoutMs} ms`;
    if (CODE_MESSAGES[code]) return CODE_MESSAGES[code];
    if (code.startsWith("HPE_")) return "invalid HTTP response";
    if (code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || code.includes("CERT") || code === "EPROTO") {
      return `TLS error: ${code}`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 200 ? `${message.slice(0, 200)}...` : message;
}

function withoutAcceptEncoding(headers: Record<string, string>): Record<string, string> {
  // We read raw bytes; asking for compression would invite a small body that inflates past the limit.
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "accept-encoding"));
}

function firstHeader(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

export async function safeSend({
  url,
  method = "POST",
  body,
  keepBody = false,
  headers,
  allowLoopback,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  resolve = resolveHostAddresses,
  signal: outside,
  reuse,
}: SafeSendInput): Promise<SafeSendResult> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = outside ? AbortSignal.any([timeout, outside]) : timeout;
  let status: number | null = null;
  let retryAfter: string | null = null;
  let bytesRead = 0;
  const kept: Buffer[] = [];
  const whole: Buffer[] = [];
  let agent: Agent | null = null;
  let ownAgent = false;

  const result = (ok: boolean, error: string | null): SafeSendResult => {
    const excerpt = Buffer.concat(kept).subarray(0, EXCERPT_BYTES).toString("utf8");
    return {
      ok,
      status: ok ? status : null,
      error,
      durationMs: Math.round(performance.now() - started),
      responseExcerpt: excerpt,
      retryAfter,
      bytesRead,
      body: keepBody ? Buffer.concat(whole).subarray(0, maxBodyBytes).toString("utf8") : "",
    };
  };

  try {
    const parsed = parseWebhookUrl(url);
    if (!parsed.ok) throw new RefusedError(parsed.message);
    const target = parsed.url;
    target.hash = "";

    const addresses = await abortable(hostAddresses(target, resolve), signal);
    const problem = checkDestination(target, addresses, allowLoopback);
    if (problem !== null) throw new RefusedError(problem);

    const pinned: PinnedAddress[] = addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
    const makeAgent = () =>
      new Agent({
        connect: { timeout: timeoutMs, lookup: pinnedLookup(bareHostname(target), pinned) },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        connections: 1,
      });
    if (reuse) {
      agent = reuse.agentFor(JSON.stringify([target.origin, addresses, timeoutMs]), makeAgent);
    } else {
      agent = makeAgent();
      ownAgent = true;
    }

    const response = await request(target, {
      method,
      body: body ?? undefined,
      headers: withoutAcceptEncoding(headers),
      dispatcher: agent,
      signal,
    });
    status = response.statusCode;
    retryAfter = firstHeader(response.headers["retry-after"]);

    if (maxBodyBytes <= 0) {
      response.body.destroy();
      return result(true, null);
    }
    let keptBytes = 0;
    try {
      for await (const chunk of response.body) {
        const buffer = chunk as Buffer;
        bytesRead += buffer.length;
        if (keepBody) whole.push(buffer);
        if (keptBytes < EXCERPT_BYTES) {
          kept.push(buffer.subarray(0, EXCERPT_BYTES - keptBytes));
          keptBytes += Math.min(buffer.length, EXCERPT_BYTES - keptBytes);
        }
        if (bytesRead >= maxBodyBytes) break;
      }
    } catch (error) {
      // The spec wants the whole response within the time limit; a cut-off body is a failed attempt.
      await reuse?.close();
      return result(
        false,
        `${describeError(error, signal, timeoutMs, outside)} while reading the response body (status ${status})`,
      );
    } finally {
      response.body.destroy();
    }
    return result(true, null);
  } catch (error) {
    // After any failure the next send starts from fresh connections.
    await reuse?.close();
    return result(false, describeError(error, signal, timeoutMs, outside));
  } finally {
    if (agent && ownAgent) await agent.destroy().catch(() => undefined);
  }
}
