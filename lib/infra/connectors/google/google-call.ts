// One authenticated Google API call through the shared connector HTTP client: the bearer
// token, the Ads headers where needed, Google's retry rule, and the failure mapped by
// google-errors.ts. Listing and identity calls throw ConnectorError; grant calls get the
// failure back to report it per asset.

import type { ConnectorError } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp, HttpMethod, HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import {
  classifyGoogleError,
  GoogleApiError,
  isGoogleRetryable,
  type GoogleFailure,
} from "@/lib/infra/connectors/google/google-errors";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

export type GoogleCall = {
  method?: HttpMethod;
  url: string;
  token: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  /** Google Ads API calls: the `developer-token` header where the installation has one and, when acting
   * through a manager, `login-customer-id` (https://developers.google.com/google-ads/api/rest/auth#request_headers).
   * Without a developer token the header is left out: the Cloud project's access level is then managed
   * through its Google Cloud organisation ("Cloud-managed access levels",
   * https://developers.google.com/google-ads/api/docs/concepts/no-developer-token: "You can skip sending
   * your developer token in your API calls, though you still need to send an access token"). */
  ads?: { developerToken: string | null; loginCustomerId?: string };
};

export type GoogleResult =
  { ok: true; res: HttpResponse } | { ok: false; failure: GoogleFailure; res: HttpResponse; error: GoogleApiError };

export async function googleCall(http: ConnectorHttp, call: GoogleCall): Promise<GoogleResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${call.token}` };
  if (call.ads) {
    if (call.ads.developerToken) headers["developer-token"] = call.ads.developerToken;
    if (call.ads.loginCustomerId) headers["login-customer-id"] = call.ads.loginCustomerId;
  }
  const res = await http.send(
    { method: call.method ?? "GET", url: call.url, query: call.query, json: call.json, headers },
    { retryIf: isGoogleRetryable },
  );
  if (res.status >= 200 && res.status < 300) return { ok: true, res };
  const failure: GoogleFailure = { ...classifyGoogleError(res), status: res.status };
  return { ok: false, failure, res, error: new GoogleApiError(failure) };
}

/**
 * The error that fails the whole attempt (listing, identity, token problems), through the
 * shared mapping: sign in again, rate limited (Google's limit or outage), Google's refusal,
 * or our own failure.
 */
export function attemptError(failure: GoogleFailure): ConnectorError {
  return toConnectorError("Google", new GoogleApiError(failure));
}

/** A successful JSON body, or the attempt fails. */
export async function googleJson<T>(http: ConnectorHttp, call: GoogleCall): Promise<T> {
  const r = await googleCall(http, call);
  if (!r.ok) throw toConnectorError("Google", r.error);
  return (r.res.json ?? {}) as T;
}

/** Follows `nextPageToken` (Google's list convention), at most `maxPages` pages. */
export async function googleList<T>(http: ConnectorHttp, call: GoogleCall, field: string, maxPages = 10): Promise<T[]> {
  const out: T[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const body = await googleJson<Record<string, unknown>>(http, { ...call, query: { ...call.query, pageToken } });
    const items = body[field];
    if (Array.isArray(items)) out.push(...(items as T[]));
    pageToken = typeof body.nextPageToken === "string" && body.nextPageToken ? body.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return out;
}

// What a grant call comes to, shared by the grant modules.
export type GrantContext = {
  http: ConnectorHttp;
  token: string;
  developerToken: string | null;
  email: string;
  grantedSoFar: number;
};

/** Done: granted now, or Google said the access already exists. */
export type Outcome = { ok: true; already: boolean } | { ok: false; failure: GoogleFailure };

export const RATE_LIMITED_TEXT = "Google is limiting requests right now. Please try again in a few minutes.";

export async function send(
  ctx: GrantContext,
  call: Omit<GoogleCall, "token"> & { token?: string },
): Promise<Outcome & { json?: unknown }> {
  const r = await googleCall(ctx.http, { token: ctx.token, ...call });
  if (r.ok) return { ok: true, already: false, json: r.res.json };
  if (r.failure.kind === "already") return { ok: true, already: true };
  return { ok: false, failure: r.failure };
}
